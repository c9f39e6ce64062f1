import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describePlan } from "../../src/plan/describe";
import { PlanFitError, fitPlan } from "../../src/plan/fit";
import type { PlanPartInput } from "../../src/plan/schema";
import { clipText, fitToSchema } from "../../src/util/fit-schema";

const person = (id: string) => ({ id, type: "Person" as const });
const film = (id: string) => ({ id, type: "Movie" as const });
/** One clause "what did X direct, and how many": a films part and a count of it. */
const clause = (n: number, who: string): PlanPartInput[] => [
  { id: `p${n}`, kind: "films", where: [{ on: "person", who: person(who), role: "DIRECTED" }] },
  { id: `p${n + 1}`, kind: "aggregate", op: "count", of: { ref: `p${n}` } },
];

describe("fitting a draft plan to the plan's caps", () => {
  it("keeps a plan that fits as it is, with no note", () => {
    const { plan, notes } = fitPlan({ question: "q", parts: clause(1, "Ada Marlowe"), answer: ["p2"] });
    expect(notes).toEqual([]);
    expect(describePlan(plan)).toBe("p1 films(Ada Marlowe DIRECTED); *p2 count(p1)");
  });

  it("answers the first clauses whole when a question asks more than a plan holds, and names the ones left out", () => {
    // Eight clauses of two parts each: 16 parts and 8 answers, over the caps of 12 and 6.
    const names = ["A One", "B Two", "C Three", "D Four", "E Five", "F Six", "G Seven", "H Eight"];
    const parts = names.flatMap((n, i) => clause(2 * i + 1, n));
    const answer = names.map((_, i) => `p${2 * i + 2}`);
    const { plan, notes } = fitPlan({ question: "q", parts, answer }, { clauses: names.map((n) => `how many films did ${n} direct`) });
    // Six clauses would need 12 parts: all fit, each count still pointing at its own films part.
    expect(plan.answer).toEqual(["p2", "p4", "p6", "p8", "p10", "p12"]);
    expect(describePlan(plan)).toContain("p11 films(F Six DIRECTED); *p12 count(p11)");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/reads as 8 questions .* the first 6 are answered, 2 are not: "how many films did G Seven direct", "how many films did H Eight direct"; ask those on their own/);
  });

  it("renumbers the parts it keeps so references stay whole when a clause is left out for its parts", () => {
    // Clause 1 has 2 parts, then a long clause of 11 parts that cannot fit beside it, then more.
    const many: PlanPartInput[] = Array.from({ length: 11 }, (_, i) => ({ id: `p${i + 3}`, kind: "films", where: [{ on: "person", who: person(`X ${i}`) }] }));
    const parts = [...clause(1, "Ada Marlowe"), ...many];
    const { plan, notes } = fitPlan({ question: "q", parts, answer: ["p2", ...many.map((p) => p.id!)] });
    expect(plan.parts.length).toBeLessThanOrEqual(12);
    expect(plan.answer.length).toBeLessThanOrEqual(6);
    expect(plan.answer[0]).toBe("p2");
    expect(notes[0]).toMatch(/the first 6 are answered, 6 are not/);
  });

  it("cuts a string over its cap at a word boundary and a list over its cap to its first items, each with a note", () => {
    const story = `${"a man wakes up in a strange town and ".repeat(80)}the end`;
    const { plan, notes } = fitPlan({ question: "q", parts: [{ id: "p1", kind: "similar", seeds: [film("A"), film("B"), film("C"), film("D"), film("E"), film("F"), film("G")] }, { id: "p2", kind: "plot", story }], answer: ["p1", "p2"] });
    const plot = plan.parts[1]!;
    expect(plot.kind === "plot" && plot.story.length).toBeLessThanOrEqual(2000);
    expect(plot.kind === "plot" && plot.story.endsWith(" ")).toBe(false);
    expect(story.startsWith(plot.kind === "plot" ? plot.story : "")).toBe(true);
    expect(plan.parts[0]!.kind === "similar" && plan.parts[0]!.seeds.map((s) => s.id)).toEqual(["A", "B", "C", "D", "E"]);
    expect(notes).toEqual([
      "p1 similar: seeds: 7 items, over the limit of 5: kept the first 5",
      expect.stringMatching(/^p2 plot: story: 2967 characters, over the limit of 2000: kept the first 19\d\d characters, to "…kes up in a strange town and a"$/),
    ]);
  });

  it("counts characters as people do and never splits a surrogate pair: a question of 2,000 emoji fits, 2,001 keeps 2,000 whole", () => {
    const fits = "🎬".repeat(2000);
    expect(fitPlan({ question: fits, parts: [{ id: "p1", kind: "plot", story: fits }], answer: ["p1"] }).notes).toEqual([]);
    const over = `${"🎬".repeat(1999)}😀😀`;
    const { plan, notes } = fitPlan({ question: over, parts: [{ id: "p1", kind: "plot", story: "a story" }], answer: ["p1"] });
    expect(plan.question).toBe(`${"🎬".repeat(1999)}😀`);
    expect(notes).toEqual([expect.stringMatching(/^the question: 2001 characters, over the limit of 2000: kept the first 2000 characters/)]);
  });

  it("brings a number outside its range to the nearest bound and says so", () => {
    const { plan, notes } = fitPlan({ question: "q", parts: [...clause(1, "Ada Marlowe").slice(0, 1), { id: "p2", kind: "order", of: { ref: "p1" }, by: "releaseYear", direction: "asc", nth: 250 }], answer: ["p2"] });
    expect(plan.parts[1]!.kind === "order" && plan.parts[1]!.nth).toBe(100);
    expect(notes).toEqual(["p2 order: nth: 250 is above the largest value taken (100): read as 100"]);
  });

  it("refuses, with what is wrong, a plan no cut can repair (a broken reference is a bug, not something to cut)", () => {
    expect(() => fitPlan({ question: "q", parts: [{ id: "p1", kind: "aggregate", op: "count", of: { ref: "p2" } }], answer: ["p1"] })).toThrow(PlanFitError);
    expect(() => fitPlan({ question: "q", parts: [{ id: "p1", kind: "aggregate", op: "count", of: { ref: "p2" } }], answer: ["p1"] })).toThrow(/p1 refers to p2, which is not an earlier part/);
  });
});

describe("fitting any value to a schema", () => {
  const Args = z.object({ query: z.string().trim().min(1).max(20), limit: z.number().int().min(1).max(50), names: z.array(z.string().max(5)).max(2) }).strict();

  it("returns the value untouched, with no note, when it fits", () => {
    const value = { query: "jaws", limit: 5, names: ["a"] };
    const r = fitToSchema(Args, value);
    expect(r.raw).toBe(value);
    expect(r.notes).toEqual([]);
  });

  it("cuts every cap in nested rounds, leaves the caller's value unchanged, and reports what no cut can fix", () => {
    const value = { query: "the shark that ate the whole town", limit: 500, names: ["abcdefgh", "b", "c"] };
    const r = fitToSchema(Args, value);
    expect(r.parsed).toEqual({ query: "the shark that ate", limit: 50, names: ["abcde", "b"] });
    expect(r.notes).toHaveLength(4);
    expect(value.names).toHaveLength(3);
    const bad = fitToSchema(Args, { query: "", limit: "x", names: [] });
    expect(bad.parsed).toBeUndefined();
    expect(bad.unfixed.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["limit"]));
  });

  it("clips text at a word near the cap, or mid-word when none is near", () => {
    expect(clipText("one two three", 9)).toBe("one two");
    expect(clipText("abcdefghij", 4)).toBe("abcd");
    expect(clipText("a😀b", 2)).toBe("a😀");
    expect(clipText(`${"x".repeat(50)} ${"y".repeat(60)}`, 100)).toBe(`${"x".repeat(50)} ${"y".repeat(49)}`);
  });
});
