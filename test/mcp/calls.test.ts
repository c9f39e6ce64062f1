import { describe, expect, it } from "vitest";
import type { RunResult } from "../../agents/research/types";
import type { Evidence } from "../../tools/evidence";
import { CallStopped, MAX_ITEMS, MAX_TEXT_CHARS, capText, withDeadline, withoutEvidenceIds } from "../../src/mcp/calls";
import { graphToolReply } from "../../src/mcp/graph-tools";
import { ResearchOutput, researchReply } from "../../src/mcp/research-tool";

const never = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("saw the abort"))));

describe("withDeadline", () => {
  it("answers with the deadline's message when the work takes too long, and aborts the work's signal", async () => {
    let seen: AbortSignal | undefined;
    const t0 = performance.now();
    await expect(withDeadline(30, new AbortController().signal, "too slow; lower the limit", (s) => ((seen = s), never(s)))).rejects.toThrow(new CallStopped("too slow; lower the limit"));
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(seen!.aborted).toBe(true);
  });

  it("stops at once when the client cancels", async () => {
    const client = new AbortController();
    const p = withDeadline(60_000, client.signal, "too slow", never);
    client.abort();
    await expect(p).rejects.toThrow("the client cancelled this call");
  });

  it("returns the work's result, and its own errors unchanged", async () => {
    expect(await withDeadline(1000, new AbortController().signal, "x", async () => 42)).toBe(42);
    await expect(withDeadline(1000, new AbortController().signal, "x", async () => Promise.reject(new TypeError("boom")))).rejects.toThrow(TypeError);
  });
});

describe("result limits", () => {
  it("cuts text at the limit and says so", () => {
    const cut = capText("é".repeat(MAX_TEXT_CHARS + 10));
    expect(cut.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    expect(cut).toMatch(/… \(cut at 20,000 characters\)$/);
    expect(capText("short")).toBe("short");
  });

  it("never shows an evidence id: a cited one becomes its number, another is dropped", () => {
    expect(withoutEvidenceIds("Starfall (ev_0123456789abcdef) and Paper Moons ev_fedcba9876543210.", ["ev_fedcba9876543210"])).toBe("Starfall and Paper Moons [1].");
  });

  it("lists at most 50 answers and citations from a research run, and says what it left out", () => {
    const evidence: Evidence[] = Array.from({ length: 60 }, (_, i) => ({ id: `ev_${i.toString(16).padStart(16, "0")}`, kind: "triple", text: `Film ${i} fact`, nodeIds: [], focus: `Film ${i}`, score: 1, sources: [{ tool: "find_movies", step: 1 }] }));
    const run = {
      runId: "r1",
      strategy: "heuristic",
      answer: evidence.map((e, i) => `Film ${i} [${i + 1}]`).join(", "),
      citations: evidence.map((e) => e.id),
      answers: evidence.map((e, i) => ({ name: `Film ${i}`, score: 1 - i / 100, evidenceIds: [e.id] })),
      evidence,
      truncated: true,
      truncatedReason: "deadline",
    } as unknown as RunResult;
    const { text, structured } = researchReply(run);
    expect(ResearchOutput.parse(structured)).toBeTruthy();
    expect(structured.answers).toHaveLength(MAX_ITEMS);
    expect(structured.citations).toHaveLength(MAX_ITEMS);
    expect(structured.capped).toBe("50 of 60 answers listed; 50 of 60 citations listed");
    expect(text).toMatch(/^\[50\] Film 49 fact \(knowledge graph triple via find_movies\)$/m);
    expect(text).not.toMatch(/^\[51\]/m);
    expect(text).toContain("(The research stopped early: deadline; the answer is from what was found by then.)");
    expect(text).not.toContain("ev_");
  });

  it("lists at most 50 items from a graph tool, with a note", () => {
    const evidence: Evidence[] = Array.from({ length: 70 }, (_, i) => ({ id: `ev_${i}`, kind: "node", text: `Person ${i}`, nodeIds: [`Person ${i}`], focus: `Person ${i}`, focusType: "Person", score: 1, sources: [{ tool: "lookup_entity", step: 0 }] }));
    const { text, structured } = graphToolReply(evidence, []);
    expect(structured).toMatchObject({ total: 70, truncated: true });
    expect(structured.items).toHaveLength(50);
    expect(structured.notes).toEqual(["showing 50 of 70; ask with a lower limit or more constraints"]);
    expect(text).toMatch(/^50\. Person 49$/m);
  });
});
