import { describe, expect, it } from "vitest";
import { QueryPlan, refsOf } from "../../src/plan/schema";
import { describePlan } from "../../src/plan/describe";
import { EMPTY_FLAT, FlatPlan, toFlat } from "../../src/plan/flat";

const person = { id: "Ada Marlowe", type: "Person" as const };
const films = { id: "p1", kind: "films" as const, where: [{ on: "person" as const, who: person, role: "DIRECTED" as const }] };

const issues = (raw: unknown) => {
  const r = QueryPlan.safeParse(raw);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the query plan contract", () => {
  it("accepts parts that refer to earlier parts and names the answered ones", () => {
    const plan = QueryPlan.parse({ question: "q", parts: [films, { id: "p2", kind: "order", of: { ref: "p1" }, by: "releaseYear", direction: "asc", nth: 3 }], answer: ["p2"] });
    expect(describePlan(plan)).toBe("p1 films(Ada Marlowe DIRECTED); *p2 order(p1 by releaseYear asc, nth 3)");
    expect(refsOf(plan.parts[1]!)).toEqual(["p1"]);
    expect(plan.rules).toEqual([]);
  });

  it("refuses a reference to a later or missing part, a repeated id and an answer that is no part", () => {
    expect(issues({ question: "q", parts: [{ id: "p1", kind: "count", of: { ref: "p2" } }], answer: ["p1"] })).toContainEqual(expect.stringContaining("parts.0.kind"));
    expect(issues({ question: "q", parts: [{ id: "p1", kind: "aggregate", op: "count", of: { ref: "p2" } }, { ...films, id: "p2" }], answer: ["p1"] })).toEqual(["parts.0: p1 refers to p2, which is not an earlier part"]);
    expect(issues({ question: "q", parts: [films, films], answer: ["p1"] })).toEqual(["parts.1.id: part id p1 is used twice"]);
    expect(issues({ question: "q", parts: [films], answer: ["p3"] })).toEqual(["answer.0: answer names p3, which is not a part"]);
    const film = (id: string) => ({ id, type: "Movie" as const });
    const gap = (items: unknown[]) => ({ question: "q", parts: [{ id: "p1", kind: "compare", items, by: "releaseYear", pick: "difference" }], answer: ["p1"] });
    expect(issues(gap([film("Alien"), film("Aliens"), film("Heat")]))).toEqual(["parts.0.items: p1 asks how far apart figures are: that needs exactly two items, not 3"]);
    expect(issues(gap([film("Alien"), film("Aliens")]))).toEqual([]);
  });

  it("refuses malformed slots with a message naming the field", () => {
    expect(issues({ question: "q", parts: [{ ...films, id: "part1" }], answer: ["p1"] })).toContainEqual("parts.0.id: a part id is p1, p2, …");
    expect(issues({ question: "q", parts: [{ id: "p1", kind: "films", where: [{ on: "years", from: 1990, to: 1999, negated: false, extra: 1 }] }], answer: ["p1"] }).join()).toMatch(/extra/);
    expect(issues({ question: "q", parts: [{ id: "p1", kind: "compare", items: [person], by: "runtime", pick: "max" }], answer: ["p1"] }).join()).toMatch(/parts\.0\.items/);
    expect(issues({ question: "q", parts: [{ id: "p1", kind: "order", of: { ref: "p1" }, by: "filmCount", direction: "asc" }], answer: ["p1"] }).join()).toMatch(/parts\.0\.by/);
  });
});

describe("the flat plan a model writes", () => {
  it("is one object of enums, numbers and strings: no unions, every field required", () => {
    expect(FlatPlan.safeParse(EMPTY_FLAT).success).toBe(true);
    const { kind: _k, ...missing } = EMPTY_FLAT;
    expect(FlatPlan.safeParse(missing).success).toBe(false);
    expect(FlatPlan.safeParse({ ...EMPTY_FLAT, kind: "summarize" }).success).toBe(false);
    expect(FlatPlan.safeParse({ ...EMPTY_FLAT, note: "x" }).success).toBe(false);
  });

  it("shows a model the draft's answered clause: an ordinal of a person's films, a yes/no comparison", () => {
    const ordinal = QueryPlan.parse({ question: "q", parts: [films, { id: "p2", kind: "order", of: { ref: "p1" }, by: "releaseYear", direction: "asc", nth: 3 }], answer: ["p2"] });
    expect(toFlat(ordinal)).toMatchObject({ kind: "order", entity1: "Ada Marlowe", role: "directed", metric: "year", highest: false, nth: 3 });
    const check = QueryPlan.parse({ question: "q", parts: [{ id: "p1", kind: "check", test: { op: "compare", a: { id: "Moonfall", type: "Movie" }, b: { id: "Red Harbor", type: "Movie" }, by: "releaseYear", cmp: "lt" } }], answer: ["p1"] });
    expect(toFlat(check)).toMatchObject({ kind: "check_compare", entity1: "Moonfall", entity2: "Red Harbor", metric: "year", highest: false });
  });

  it("has no flat form for plans of several answered clauses or for replies", () => {
    const two = QueryPlan.parse({ question: "q", parts: [films, { ...films, id: "p2" }], answer: ["p1", "p2"] });
    expect(toFlat(two)).toBeUndefined();
    expect(toFlat(QueryPlan.parse({ question: "hi", parts: [{ id: "p1", kind: "reply", reason: "greeting" }], answer: ["p1"] }))).toBeUndefined();
  });
});
