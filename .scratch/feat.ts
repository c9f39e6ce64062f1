import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { understandQuestion } from "../src/question/understand";
import { FEATURE_TESTS as FEATURES } from "../src/question/rules/features";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const q of process.argv.slice(2)) {
  const u = await understandQuestion(q, kb);
  for (const r of u.readings as any[]) console.log(r.text, "|", Object.entries(FEATURES).filter(([, f]) => { try { return (f as any)(r); } catch { return false; } }).map(([k]) => k).join(" "), "| request", JSON.stringify(r.request));
}
process.exit(0);
