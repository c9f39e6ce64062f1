import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { runResearch } from "../agents/research/run";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const strategy = (process.env.S ?? "heuristic") as "heuristic";
for (const q of process.argv.slice(2)) {
  const r = await runResearch(q, { kb }, { strategy });
  console.log("Q:", q, "| route", r.route, "| tools", r.trace.filter((s) => s.node === "act").map((s) => s.tool).join(","));
  console.log("  ", r.answers.slice(0, 6).map((a) => a.name).join(" | "));
  if (process.env.V) console.log(r.answer.slice(0, 800));
}
process.exit(0);
