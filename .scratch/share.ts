import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const w of process.argv.slice(2)) console.log(w, kb.words.share(w), kb.words.documents);
process.exit(0);
