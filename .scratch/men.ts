import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { understandQuestion } from "../src/question/understand";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const q of process.argv.slice(2)) {
  const u = await understandQuestion(q, kb);
  for (const r of u.readings as any[]) console.log(q, "\n", r.named.map((m: any) => JSON.stringify(m).slice(0,300)).join(" ; "));
}
process.exit(0);
