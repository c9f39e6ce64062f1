import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { TOOLS } from "../tools/index";
import { runTool } from "../tools/tool";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const out = await runTool((TOOLS as any).find_movies, { concepts: [{ label: "thriller", genres: ["Thriller"], tags: ["thriller"], tmdbGenres: ["Thriller"], keywords: [] }], people: [], languages: [], titles: ["Inception", "The Grudge", "Shinjuku Incident", "Black Swan"], limit: 4 }, { kb, step: 0 } as any);
console.log(out.evidence.map((e: any) => e.focus), out.notes);
process.exit(0);
