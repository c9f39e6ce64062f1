import { describe, expect, it } from "vitest";
import { answerOverlap, figures, overlap } from "../../src/console/client/compare-model";
import { buildGraph, layout, type EvidenceLike } from "../../src/console/client/graph-model";
import { parseRoute, routeHref } from "../../src/console/client/route";
import { sseParser, type SseEvent } from "../../src/console/client/sse";
import { citationOrder } from "../../src/console/client/citations";

const collect = (chunks: string[]) => {
  const out: SseEvent[] = [];
  const p = sseParser((e) => out.push(e));
  for (const c of chunks) p.feed(c);
  return out;
};

describe("SSE parser", () => {
  const wire = 'event: run\ndata: {"runId":"r1"}\nid: 0\n\n: keep-alive\n\nevent: step\ndata: {"a":1}\nid: 1\n\n';
  it("reads frames, skips keep-alive comments, keeps ids", () => {
    expect(collect([wire])).toEqual([
      { event: "run", data: '{"runId":"r1"}', id: "0" },
      { event: "step", data: '{"a":1}', id: "1" },
    ]);
  });
  it("gives the same frames however the stream is cut, and with CRLF or CR line ends", () => {
    const whole = collect([wire]);
    for (let cut = 1; cut < wire.length; cut++) expect(collect([wire.slice(0, cut), wire.slice(cut)])).toEqual(whole);
    const crlf = wire.replace(/\n/g, "\r\n");
    for (let cut = 1; cut < crlf.length; cut++) expect(collect([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(whole);
    expect(collect([wire.replace(/\n/g, "\r")])).toEqual(whole);
  });
  it("joins multi-line data, defaults the event name, and drops a frame the stream never finished", () => {
    expect(collect(["data: a\ndata: b\n\n", "event: step\ndata: cut"])).toEqual([{ event: "message", data: "a\nb" }]);
  });
});

describe("console routes (the URL hash)", () => {
  it("parses and formats every place, so links round-trip", () => {
    const cases = [
      { view: "ask", params: { q: "who directed Casablanca & why?", strategy: "tog" } },
      { view: "compare", params: { a: "heuristic", b: "llm", q: "films like Alien" } },
      { view: "runs", params: { status: "failed", strategy: "auto" } },
      { view: "run", id: "2f0c-9a", params: {} },
      { view: "eval", id: "eval-metaqa+natural-test", params: { category: "plot" } },
      { view: "evals", params: {} },
      { view: "settings", params: {} },
    ] as const;
    for (const r of cases) expect(parseRoute(routeHref(r as never))).toEqual(r);
  });
  it("sends anything unknown to Ask, and keeps a malformed escape as typed", () => {
    expect(parseRoute("")).toEqual({ view: "ask", params: {} });
    expect(parseRoute("#/nowhere")).toEqual({ view: "ask", params: {} });
    expect(parseRoute("#/runs/%E0%A4%A")).toMatchObject({ view: "run", id: "%E0%A4%A" });
  });
});

describe("citations", () => {
  it("numbers cited evidence in order of first citation, grouped citations included", () => {
    expect(citationOrder("A [ev_00000000000000aa]. B [ev_00000000000000bb, ev_00000000000000aa] C [ev_00000000000000cc]")).toEqual(["ev_00000000000000aa", "ev_00000000000000bb", "ev_00000000000000cc"]);
  });

  it("reads numbered citations through the run's citation list, and a number with no entry as none", () => {
    const citations = ["ev_00000000000000aa", "ev_00000000000000bb"];
    expect(citationOrder("Yes. Ada directed it [2]. Also [1][2], and [7].", citations)).toEqual(["ev_00000000000000bb", "ev_00000000000000aa"]);
  });
});

const SCHEMA = { DIRECTED: { from: "Person", to: "Movie", label: "directed" }, HAS_GENRE: { from: "Movie", to: "Genre", label: "has genre" } };
const ev = (id: string, path: [string, string, string][], score = 1): EvidenceLike => ({ id, kind: "path", focus: path[path.length - 1]![2], nodeIds: [], path: path.map(([subject, edge, object]) => ({ subject, edge, object })), score });

describe("evidence graph", () => {
  const evidence = [ev("e1", [["Ann", "DIRECTED", "Film A"]]), ev("e2", [["Ann", "DIRECTED", "Film B"], ["Film B", "HAS_GENRE", "Drama"]], 0.5), { id: "e3", kind: "passage", focus: "Film C", focusType: "Movie", nodeIds: ["Film C"], score: 0.2 }];
  it("types nodes from the edge schema, marks what the answer cites, and merges repeated triples", () => {
    const g = buildGraph([...evidence, ev("e4", [["Ann", "DIRECTED", "Film A"]])], SCHEMA, new Set(["e1"]));
    expect(g.nodes.map((n) => [n.id, n.type, n.cited])).toEqual([
      ["Ann", "Person", true],
      ["Film A", "Movie", true],
      ["Film B", "Movie", false],
      ["Drama", "Genre", false],
      ["Film C", "Movie", false],
    ]);
    expect(g.edges).toHaveLength(3);
    expect(g.edges.find((e) => e.target === "Film A")).toMatchObject({ cited: true, label: "directed" });
  });
  it("adds an expanded node's neighbours, and caps the drawing while keeping cited and expanded nodes", () => {
    const g = buildGraph(evidence, SCHEMA, new Set(["e2"]), new Map([["Drama", [{ id: "Film Z", type: "Movie", edge: "HAS_GENRE", direction: "in" as const }]]]), 3);
    const ids = g.nodes.map((n) => n.id);
    for (const id of ["Ann", "Film B", "Drama", "Film Z"]) expect(ids).toContain(id);
    expect(g.nodes.find((n) => n.id === "Film Z")!.added).toBe(true);
    expect(g.edges).toContainEqual(expect.objectContaining({ source: "Film Z", target: "Drama", type: "HAS_GENRE" }));
    expect(g.omitted).toBe(5 - (ids.length - 1));
  });
  it("lays out the same way every time, inside the canvas, without stacking nodes", () => {
    const nodes = Array.from({ length: 30 }, (_, i) => ({ id: `n${i}`, type: "Movie", cited: false, added: false, x: 0, y: 0 }));
    const edges = nodes.slice(1).map((n, i) => ({ source: `n${i % 5}`, target: n.id, type: "HAS_GENRE", label: "", cited: false }));
    const a = layout(nodes, edges);
    expect(layout(nodes, edges)).toEqual(a);
    for (const n of a) for (const v of [n.x, n.y]) expect(v).toBeGreaterThanOrEqual(0.05), expect(v).toBeLessThanOrEqual(0.95);
    let closest = Infinity;
    for (let i = 0; i < a.length; i++) for (let j = i + 1; j < a.length; j++) closest = Math.min(closest, Math.hypot(a[i]!.x - a[j]!.x, a[i]!.y - a[j]!.y));
    expect(closest).toBeGreaterThan(0.01);
  });
});

describe("comparison", () => {
  it("counts shared and one-sided items with their Jaccard index", () => {
    expect(overlap(["a", "b", "c"], ["b", "c", "d", "e"])).toEqual({ shared: 2, onlyA: 1, onlyB: 2, jaccard: 2 / 5 });
    expect(overlap([], [])).toMatchObject({ jaccard: 1 });
  });
  it("reads a run's figures: tool calls by tool, cited evidence from the answer step", () => {
    const run = {
      answers: [{ name: "Ann" }, { name: "Bo" }],
      evidence: [{ id: "e1" }, { id: "e2" }],
      trace: [
        { node: "act", tool: "full_text", evidenceIds: ["e1"] },
        { node: "act", tool: "full_text", evidenceIds: ["e2"] },
        { node: "act", tool: "think_on_graph", evidenceIds: [] },
        { node: "answer", evidenceIds: ["e2"] },
      ],
      usage: { llmCalls: 2, inputTokens: 10, outputTokens: 3 },
      timings: { totalMs: 12 },
    };
    const f = figures(run);
    expect(f).toMatchObject({ toolCalls: { full_text: 2, think_on_graph: 1 }, citedIds: ["e2"], steps: 4, llmCalls: 2 });
    expect(answerOverlap(f, figures({ ...run, answers: [{ name: "ann" }] }))).toMatchObject({ shared: 1, onlyA: 1, onlyB: 0 });
  });
});
