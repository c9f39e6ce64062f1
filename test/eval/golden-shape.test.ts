import { describe, expect, it } from "vitest";
import { planShape } from "../../eval/golden/shape";
import { diffGolden, diffLines } from "../../eval/golden/sets";
import { QueryPlan } from "../../src/plan/schema";

const plan = QueryPlan.parse({
  question: "the third film Ada Marlowe directed that is not a western",
  parts: [
    { id: "p1", kind: "films", where: [{ on: "person", who: { id: "Ada Marlowe", type: "Person", said: "ada marlowe" }, role: "DIRECTED" }, { on: "kind", kind: { label: "western", genres: ["Western"] }, negated: true }, { on: "series", name: "Moonfall", films: ["Moonfall", "Moonfall II"] }] },
    { id: "p2", kind: "order", of: { ref: "p1" }, by: "releaseYear", direction: "asc", nth: 3 },
    { id: "p3", kind: "unknown", names: [{ said: "Zzqxv", closest: ["Zorro"] }] },
  ],
  answer: ["p2"],
});

describe("golden plan shapes", () => {
  it("keep the plan's structure and leave out every name", () => {
    const shape = planShape(plan);
    expect(shape).toBe("p1 films(E1 DIRECTED, not K1, series S1 (2)); *p2 order(p1 by releaseYear asc, nth 3); p3 unknown(U1)");
    for (const name of ["Ada", "western", "Moonfall", "Zzqxv", "Zorro"]) expect(shape).not.toContain(name);
  });

  it("report a changed reading with both plans, and new and gone questions", () => {
    const row = (id: string, p: string) => ({ id, rules: "r", plan: p });
    const d = diffGolden("natural", [row("a", "x"), row("b", "y")], [row("a", "z"), row("c", "w")]);
    expect(d.changed.map((c) => c.id)).toEqual(["a"]);
    expect(d.added.map((r) => r.id)).toEqual(["c"]);
    expect(d.removed.map((r) => r.id)).toEqual(["b"]);
    expect(diffLines(d, () => "the question")).toEqual(["natural: 2 questions, 1 changed, 1 new, 1 gone", "  a  the question", "    - r | x", "    + r | z", "  new c: r | w", "  gone b"]);
  });
});
