import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const m = await kb.concepts.conceptsOf(process.argv.slice(2), { limit: 60 });
for (const [f, links] of m) console.log(f, "=>", links.filter((l) => process.env.ALL || ["character", "series"].includes(l.concept.type)).map((l) => `${l.concept.name}/${l.concept.type}/${l.concept.films}/${l.weight?.toFixed?.(2)}/${l.sources ?? ""}`).join(" | "));
process.exit(0);
