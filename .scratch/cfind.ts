import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
for (const q of process.argv.slice(2)) {
  const hits = await kb.concepts.find(q, { limit: 8 });
  console.log(q, "=>", hits.map((h) => `${h.concept.name}/${h.concept.type}/${h.concept.films}/${h.match}/${h.score.toFixed(2)}`).join(" | "));
}
process.exit(0);
