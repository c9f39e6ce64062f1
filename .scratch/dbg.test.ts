import { it } from "vitest";
import { runResearch } from "../../agents/research/run";
import { fixtureKb } from "../helpers/fixture-kb";
it("dbg", async () => {
  const kb = await fixtureKb();
  const r = await runResearch("the movie about qwxyz plorf", { kb }, { budget: { maxSteps: 1 } });
  for (const s of r.trace) console.log(s.node, s.decision, "|", s.rationale.slice(0, 200), s.notes.join(" / ").slice(0, 300));
});
