import { describe, expect, it } from "vitest";
import { compareRuns } from "../../eval/parity";

const run = (names: string[], tools: string[]) => ({
  answers: names.map((name) => ({ name, type: "Movie" as const, score: 1, evidenceIds: [] })),
  trace: tools.map((tool, index) => ({ index, node: "act", decision: tool, rationale: "", tool: tool as never, evidenceIds: [], notes: [], ms: 0, llmCalls: 0, inputTokens: 0, outputTokens: 0 })),
});

describe("compareRuns", () => {
  it("calls the same answers in the same order the same, whatever order parallel calls finished in", () => {
    expect(compareRuns(run(["A", "B"], ["think_on_graph"]), run(["A", "B"], ["think_on_graph"]))).toEqual({ kind: "same" });
  });
  it("explains a different tail or near-tied first answers only for score-ranked retrieval", () => {
    expect(compareRuns(run(["A", "B", "C"], ["full_text", "semantic_search"]), run(["A", "C", "B"], ["semantic_search", "full_text"])).kind).toBe("explained");
    expect(compareRuns(run(["A", "B", "C"], ["full_text"]), run(["B", "A", "C"], ["full_text"])).kind).toBe("explained");
    expect(compareRuns(run(["A", "B"], ["think_on_graph"]), run(["B", "A"], ["think_on_graph"])).kind).toBe("different");
  });
  it("fails a first answer the other side does not rank near the top, or other tools", () => {
    expect(compareRuns(run(["A", "B", "C", "D", "E", "F"], ["full_text", "think_on_graph"]), run(["F", "B", "C", "D", "E", "A"], ["full_text", "think_on_graph"])).kind).toBe("different");
    // retrieval alone: the engines' rankings decide, and the reason says so
    expect(compareRuns(run(["A", "B", "C", "D", "E", "F"], ["full_text"]), run(["F", "B", "C", "D", "E", "A"], ["full_text"]))).toMatchObject({ kind: "explained", reason: expect.stringMatching(/ANN against exact/) });
    expect(compareRuns(run(["A"], ["full_text"]), run(["A", "B"], ["think_on_graph"])).kind).toBe("different");
  });
});
