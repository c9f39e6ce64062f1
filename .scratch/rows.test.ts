import { it } from "vitest";
import { describePlan } from "../../src/plan/describe";
import { understandQuestion } from "../../src/question/understand";
import { fixtureKb } from "../helpers/fixture-kb";
it("rows", async () => {
  const kb = await fixtureKb();
  for (const q of [
    "films about a haunted house",
    "dramas about fishermen",
    "I have seen Starfall, can you recommend something similar about space rescues?",
    "I'm trying to remember a movie with an accountant who finds a ledger about a bank heist",
    "There was this film I saw on TV as a kid, maybe in the nineties. A young woman works as an accountant in a big city bank and one night she finds an old ledger hidden in the vault. The ledger lists a robbery planned for midnight and the people who will carry it out. I remember a chase through the rain at the end, her brother hiding in the old harbor, and a detective who never trusted anyone. Any ideas what it was called?",
  ]) {
    const u = await understandQuestion(q, kb);
    console.log(JSON.stringify([q, u.plan.rules.join(","), describePlan(u.plan)]));
  }
});
