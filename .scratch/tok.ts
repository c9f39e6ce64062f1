import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const films = await kb.concepts.filmsOf([process.argv[2]!], { limit: 80 });
const list = (films as any).get ? [...(films as any).get(process.argv[2])] : films;
const ids = (list as any[]).map((x: any) => x.film);
const nb = await kb.graph.neighborsMany(ids, { edges: ["HAS_GENRE", "HAS_TAG"] });
for (const f of ids) console.log(f, "|", (nb.get(f) ?? []).map((n) => n.id).join(", "), "|", kb.catalog.tmdb(f)?.genres?.join?.(", ") ?? "");
process.exit(0);
