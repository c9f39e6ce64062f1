import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { familyOf } from "../src/question/series";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const q of process.argv.slice(2)) console.log(q, familyOf(q, kb), kb.linker.link(q, { types: ["Movie"], limit: 40 }).map((c) => c.name).slice(0, 15));
process.exit(0);
