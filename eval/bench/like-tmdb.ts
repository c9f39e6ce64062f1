import type { Config } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { TmdbOnlyFilm } from "../../src/ports/movie-catalog";
import { percentile, round } from "../../src/util/stats";
import { stableSample } from "../../src/util/random";
import { depthFirst } from "../../tools/depth-first";
import { likeRows } from "../../tools/like-tmdb-only";
import type { ToolContext } from "../../tools/tool";

const SEED = 20261128;
const SAMPLE = 300;
const K = 10;
/** A film's tags say what it is about when it has this many; films sharing this many of them are like it. */
const MIN_TAGS = 3;
const SHARED_TAGS = 2;
/** Fewer films like it than this, and a miss says little. */
const MIN_GOLD = 5;
const MIN_KEYWORDS = 3;

interface Case {
  film: string;
  row: TmdbOnlyFilm;
  gold: Set<string>;
}

/**
 * `npm run bench -- like-tmdb`: how well a film's TMDB row alone finds films like it, which is all the service has of
 * a film TMDB lists and the graph lacks ("something like Star Wars"). Each case is a KB film with a TMDB row, asked
 * as if the graph lacked it: the route reads only its row (keywords, genres, overview), the film itself left out.
 * Gold is independent of the row: the graph's other films that share at least two of the film's KB tags (tags
 * people gave it, which the row does not hold). Beside it, two yardsticks: the best-known films of its TMDB genres
 * (what a reader of the genres alone would offer), and the graph route from the film's own node, which reads its
 * tags through the concept graph and so sees part of the gold (a ceiling, not a rival).
 */
export async function benchLikeTmdb(kb: KnowledgeBase, config: Config): Promise<Record<string, unknown>> {
  const cases = await casesOf(kb);
  const ctx = { kb, step: 1, caps: config.caps } as unknown as ToolContext;
  const scores = { row: [] as number[][], genres: [] as number[][], graph: [] as number[][] };
  const ms: number[] = [];
  for (const c of cases) {
    const t0 = performance.now();
    const row = await likeRows([c.row], { concepts: 20, results: K, leaveOut: c.film }, ctx, []);
    ms.push(performance.now() - t0);
    scores.row.push(measure(films(row.evidence), c.gold));
    scores.genres.push(measure(bestOfGenres(kb, c), c.gold));
    const graph = await depthFirst.run(depthFirst.input.parse({ movies: [c.film], via: "concepts", concepts: 20, results: K }), ctx);
    scores.graph.push(measure(films(graph.evidence), c.gold));
  }
  const summary = (rows: number[][]) => ({ precisionAt10: round(mean(rows.map((r) => r[0]!)), 3), hitAt10: round(mean(rows.map((r) => r[1]!)), 3), recallAt10: round(mean(rows.map((r) => r[2]!)), 3) });
  return {
    cases: cases.length,
    gold: `KB films sharing at least ${SHARED_TAGS} of the film's KB tags (films with at least ${MIN_TAGS} tags, ${MIN_KEYWORDS} TMDB keywords and ${MIN_GOLD} such films; sample of ${SAMPLE}, seed ${SEED})`,
    fromTmdbRow: { ...summary(scores.row), nonModelMs: { p50: round(percentile(ms, 50), 1), p95: round(percentile(ms, 95), 1) } },
    bestOfItsGenres: summary(scores.genres),
    graphRouteFromItsNode: summary(scores.graph),
    examples: cases.slice(0, 3).map((c) => c.film),
  };
}

async function casesOf(kb: KnowledgeBase): Promise<Case[]> {
  const joined = kb.catalog.rank("voteCount", { limit: 10_000 }).filter((r) => r.facts.keywords.length >= MIN_KEYWORDS);
  const tags = await kb.graph.neighborsMany(joined.map((r) => r.movie), { edges: ["HAS_TAG"], direction: "out" });
  const tagged = joined.filter((r) => (tags.get(r.movie) ?? []).length >= MIN_TAGS);
  const allTags = [...new Set(tagged.flatMap((r) => (tags.get(r.movie) ?? []).map((t) => t.id)))];
  const tagFilms = await kb.graph.neighborsMany(allTags, { edges: ["HAS_TAG"], neighborType: "Movie" });
  const nodes = await kb.graph.getNodes(tagged.map((r) => r.movie));
  const cases: Case[] = [];
  tagged.forEach((r, i) => {
    const shared = new Map<string, number>();
    for (const t of tags.get(r.movie) ?? []) for (const f of tagFilms.get(t.id) ?? []) if (f.id !== r.movie) shared.set(f.id, (shared.get(f.id) ?? 0) + 1);
    const gold = new Set([...shared].filter(([, n]) => n >= SHARED_TAGS).map(([f]) => f));
    if (gold.size < MIN_GOLD) return;
    const { movie: _movie, ...facts } = r.facts;
    cases.push({ film: r.movie, row: { ...facts, overview: nodes[i]?.overview ?? "" }, gold });
  });
  return stableSample(cases, SAMPLE, SEED, (c) => c.film);
}

/** The best-known films of the film's TMDB genres: those sharing the most of them, then the most voted. */
function bestOfGenres(kb: KnowledgeBase, c: Case): string[] {
  const count = new Map<string, number>();
  for (const g of c.row.genres) for (const f of kb.catalog.moviesWithGenre(g)) if (f !== c.film) count.set(f, (count.get(f) ?? 0) + 1);
  const votes = (f: string) => kb.catalog.tmdb(f)?.voteCount ?? 0;
  return [...count].sort((a, b) => b[1] - a[1] || votes(b[0]) - votes(a[0]) || (a[0] < b[0] ? -1 : 1)).slice(0, K).map(([f]) => f);
}

function films(evidence: readonly { focus: string; meta?: Record<string, unknown> }[]): string[] {
  return evidence.filter((e) => e.meta?.role === "result").map((e) => e.focus).slice(0, K);
}

/** Precision, hit and recall at K of a ranking against the gold (recall over at most K gold films). */
function measure(ranked: readonly string[], gold: ReadonlySet<string>): number[] {
  const hits = ranked.slice(0, K).filter((f) => gold.has(f)).length;
  return [hits / K, hits > 0 ? 1 : 0, hits / Math.min(K, gold.size)];
}

function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}
