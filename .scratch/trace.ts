import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { runResearch } from "../agents/research/run";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const q of process.argv.slice(2)) {
  const r = await runResearch(q, { kb }, { strategy: "heuristic" });
  for (const s of r.trace) console.log(String(s.step).padStart(3), s.node.padEnd(9), (s.decision ?? "").slice(0, 60), "|", (s.rationale ?? "").slice(0, 160), s.tool ? `| ${s.tool} ${JSON.stringify(s.args).slice(0, 160)} → ${s.evidenceIds.length}` : "", (s.notes ?? []).map((n) => `\n      note: ${n.slice(0, 300)}`).join(""));
}
process.exit(0);
