import { describePlan } from "../src/plan/describe";
import { understandQuestion } from "../src/question/understand";
import { fixtureKb } from "../test/helpers/fixture-kb";
const kb = await fixtureKb();
for (const q of process.argv.slice(2)) {
  const u = await understandQuestion(q, kb);
  console.log(JSON.stringify(q), "→", u.plan.rules.join(","), "|", describePlan(u.plan));
}
