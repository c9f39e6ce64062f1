import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { understandQuestion } from "../src/question/understand";
import { describePlan } from "../src/plan/describe";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const q of process.argv.slice(2)) {
  const u = await understandQuestion(q, kb);
  console.log("Q:", q, "\n  ", u.plan.rules.join(","), describePlan(u.plan));
  for (const r of u.readings) console.log("   words:", r.ledger.uses.filter((w) => w.as !== "stop").map((w) => `${w.word}=${w.as}${w.by ? `(${w.by})` : ""}`).join(" "), "\n   concepts:", r.concepts.map((c) => `${c.text}:${c.label}${c.strong ? "!" : ""}${c.cued ? "c" : ""}[g${c.genres.length} t${c.tags.length} k${c.keywords.length}]`).join(" "));
}
process.exit(0);
