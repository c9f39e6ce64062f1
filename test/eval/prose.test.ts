import { describe, expect, it } from "vitest";
import { carriesPlan, internalNotation } from "../../eval/prose";
import type { QueryPlan } from "../../src/plan/schema";

describe("answers read as prose", () => {
  it.each([
    ["Yes. Ada Marlowe directed Midnight Ledger (2010) [1].", undefined],
    ["Lena Marlowe [ev_0123456789abcdef] and Tom Harker.", "an evidence id"],
    ["good. (endpoints of ACTED_IN<,ACTED_IN>,HAS_RATING> from Rocky.)", "a relation name"],
    ["Starfall shares noir with the seeds: x", "a tool's phrasing"],
    ["The runtime is undefined minutes.", "an unset value"],
    ["Directed by: Ada Marlowe; the director's films (1999–2010).", undefined],
  ])("%s", (answer, what) => {
    expect(internalNotation(answer)?.what).toBe(what);
  });

  it("a record carries its plan only with parts and answered ids among them", () => {
    const plan = { question: "q", parts: [{ id: "p1", kind: "films", where: [] }], answer: ["p1"], rules: [] } as unknown as QueryPlan;
    expect(carriesPlan({ plan })).toBe(true);
    expect(carriesPlan({ plan: undefined })).toBe(false);
    expect(carriesPlan({ plan: { ...plan, answer: ["p2"] } })).toBe(false);
  });
});
