import { linkKey } from "../../src/util/text";
import { DOCUMENTARY_ASKED, PARODY_WORDS, SERIES_ASKED } from "../../src/question/lexicon/requests";
import type { FilmText, FilmTexts } from "./film-text";
import type { Candidate, DeepMemory, DeepResult, RankedFilm, Reason } from "./memory";

/** Answers the reduce keeps. */
const KEEP = 20;
/** How much the films' fame may reorder close matches (a log of TMDB votes, or of KB facts when TMDB has no row). */
const FAME_WEIGHT = 0.08;
const MAX_LOG_VOTES = Math.log1p(15_000);
/** The facets a film meets count most; among equals, what found it, then likeness to the films to start from. */
const COVERAGE_WEIGHT = 3;
const LIKENESS_WEIGHT = 1;
/** A known item is found by its story; facets and hints only reorder close matches. */
const KNOWN_COVERAGE_WEIGHT = 0.4;
const HINT_WEIGHT = 0.25;
/** Films to watch: among those that fit the tastes, the ones most people know and rated come first (recommenders suggest them). */
const RECOMMEND_FAME_WEIGHT = 1;

/** How surely a film must meet a facet said against to be left out (a concept it is linked to, or most of the facet's words). */
const AGAINST_STRENGTH = 0.7;

const PARODY = new Set(PARODY_WORDS);

/**
 * The reduce: candidates ranked by the facets they meet (weighted by how telling each facet is),
 * then by how the local steps ranked them and how much they share with the films to start from;
 * films the person has seen, the films started from, their own series, documentaries about their
 * makers and parodies of them left out unless asked; each film with its reasons, and the facets no
 * film met said plainly.
 */
export async function reduceDeep(m: DeepMemory, texts: FilmTexts): Promise<DeepResult> {
  // No film meets every hard constraint: the closest ones are shown, and the answer says none meets them all.
  const fitting = m.candidates.filter((c) => c.fits !== false);
  const unmetConstraints = fitting.length === 0 && m.candidates.length > 0 && m.where.length > 0 && m.intent !== "known_item";
  const pool = unmetConstraints ? m.candidates : fitting;
  const film = await texts.load([...pool.map((c) => c.film), ...m.like.map((l) => l.id)]);
  // The films started from: the graph's own, and those TMDB lists and the graph lacks, read from their rows.
  const seeds = [...m.like.map((l) => film.get(l.id)).filter((f): f is FilmText => f !== undefined), ...(await texts.tmdbOnly(m.likeTmdbOnly))];
  const excluded = exclusions(m, pool, film, seeds);
  const kept = pool.filter((c) => !excluded.has(c.film));
  const maxRetrieval = Math.max(...kept.map((c) => c.retrieval), 1e-9);
  const wanted = m.facets.filter((f) => !f.against);
  const totalWeight = wanted.reduce((s, f) => s + f.weight, 0) || 1;
  const hinted = hintsMet(m, kept, film);
  const sharedWithSeeds = seedConcepts(seeds);
  const scored = kept.map((c): RankedFilm & { sort: number } => {
    const coverage = wanted.reduce((s, f) => s + (c.met[f.id]?.strength ?? 0) * f.weight, 0) / totalWeight;
    const fame = fameOf(film.get(c.film)!);
    const retrieval = c.retrieval / maxRetrieval;
    const hints = hinted.get(c.film) ?? [];
    const sort =
      m.intent === "known_item"
        ? retrieval + KNOWN_COVERAGE_WEIGHT * coverage + HINT_WEIGHT * hints.length + FAME_WEIGHT * fame
        : COVERAGE_WEIGHT * coverage + retrieval + LIKENESS_WEIGHT * c.likeness + (m.intent === "recommend" ? RECOMMEND_FAME_WEIGHT : FAME_WEIGHT) * fame;
    const shared = sharedReason(film.get(c.film)!, sharedWithSeeds);
    const reasons = [...wanted.flatMap((f) => (c.met[f.id] ? [c.met[f.id]!] : [])), ...(shared ? [shared] : []), ...hints.map((h): Reason => ({ facet: "hint", text: h, strength: 1 }))];
    return { film: c.film, score: Math.round(sort * 1000) / 1000, reasons, met: Object.keys(c.met).filter((k) => wanted.some((f) => f.id === k)).length, sort };
  });
  scored.sort((a, b) => b.sort - a.sort || (a.film < b.film ? -1 : 1));
  const films = scored.slice(0, KEEP).map(({ sort: _sort, ...f }) => f);
  const unmet = wanted.filter((f) => !pool.some((c) => c.met[f.id] && !excluded.has(c.film))).map((f) => ({ id: f.id, said: f.said }));
  return { films, unmet, unmetConstraints, excluded: [...excluded].map(([f, why]) => ({ film: f, why })), facetsTotal: wanted.length };
}

/** What the films to start from are about, beyond genres: each concept's key, name and its strongest link to a seed. */
function seedConcepts(seeds: readonly FilmText[]): Map<string, { name: string; weight: number }> {
  const out = new Map<string, { name: string; weight: number }>();
  for (const seed of seeds) {
    for (const link of seed.concepts) {
      if (link.concept.type === "genre") continue;
      const e = out.get(link.concept.key);
      if (!e || e.weight < link.weight) out.set(link.concept.key, { name: link.concept.name, weight: link.weight });
    }
  }
  return out;
}

/** SHARED_NAMED most specific concepts a film shares with the films to start from ("shares serial killer, FBI agent, psychopath"). */
const SHARED_NAMED = 3;
function sharedReason(f: FilmText, seeds: ReadonlyMap<string, { name: string; weight: number }>): Reason | undefined {
  if (!seeds.size) return undefined;
  const shared = f.concepts.filter((l) => seeds.has(l.concept.key)).map((l) => ({ name: l.concept.name, weight: Math.min(l.weight, seeds.get(l.concept.key)!.weight) }));
  if (!shared.length) return undefined;
  shared.sort((a, b) => b.weight - a.weight || (a.name < b.name ? -1 : 1));
  return { facet: "like", text: `shares ${shared.slice(0, SHARED_NAMED).map((s) => s.name).join(", ")}`, strength: 1 };
}

function fameOf(f: FilmText): number {
  const logVotes = f.votes > 0 ? Math.log1p(f.votes) : 2.25 * Math.log1p(f.degree);
  return Math.min(1, logVotes / MAX_LOG_VOTES);
}

/** Which of a known item's hints each candidate fits: its decade, its kind, its language, a cast member (boosts, never filters). */
function hintsMet(m: DeepMemory, kept: readonly Candidate[], film: ReadonlyMap<string, FilmText>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const kindKeys = new Map(m.hints.flatMap((h) => (h.on === "kind" ? [[h, new Set([...h.kind.genres, ...h.kind.tags, ...h.kind.keywords].map(linkKey))] as const] : [])));
  for (const c of kept) {
    const f = film.get(c.film)!;
    const hits: string[] = [];
    const own = kindKeys.size ? [...f.genres, ...f.tags, ...f.keywords].map(linkKey) : [];
    for (const h of m.hints) {
      if (h.on === "years" && f.year !== undefined && f.year >= h.from - 1 && f.year <= h.to + 1) hits.push(`from ${f.year}, as remembered`);
      if (h.on === "person" && !h.negated && "id" in h.who && f.people.includes(h.who.id)) hits.push(`with ${h.who.id}, as remembered`);
      if (h.on === "kind" && own.some((x) => kindKeys.get(h)!.has(x))) hits.push(`${h.kind.label}, as remembered`);
      if (h.on === "language" && !h.negated && f.languages.some((l) => linkKey(l) === linkKey(h.language))) hits.push(`in ${h.language}, as remembered`);
    }
    if (hits.length) out.set(c.film, hits);
  }
  return out;
}

/** Films the person names to leave out: those seen, and those ruled out by name ("it's not The Mask", "other than Big"), never the answer however well they match. */
function namedOut(m: DeepMemory): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of m.seen) out.set(s.id, "you have seen it");
  for (const c of [...m.where, ...m.hints]) if (c.on === "title" && c.negated && !out.has(c.film)) out.set(c.film, "you ruled it out");
  return out;
}

/** Films not to recommend, and why: seen, started from, the same series, a documentary about its maker, a parody of it. */
function exclusions(m: DeepMemory, pool: readonly Candidate[], film: ReadonlyMap<string, FilmText>, seeds: readonly FilmText[]): Map<string, string> {
  const out = namedOut(m);
  // What the request says against: a film that clearly has it is left out ("nothing too violent").
  for (const f of m.facets.filter((x) => x.against)) for (const c of pool) if (!out.has(c.film) && (c.met[f.id]?.strength ?? 0) >= AGAINST_STRENGTH) out.set(c.film, `it is ${f.said}, which you said against`);
  if (m.intent === "known_item") return new Map([...out].filter(([f]) => pool.some((c) => c.film === f)));
  for (const l of m.like) out.set(l.id, "it is the film to start from");
  // A series, a documentary about the makers, a parody: of the films started from; with none, nothing to be "of".
  if (!seeds.length) return new Map([...out].filter(([f]) => pool.some((c) => c.film === f)));
  const asked = new Set(m.text.toLowerCase().split(/\W+/));
  const seedSeries = new Set(seeds.flatMap((s) => s.concepts.filter((c) => c.concept.type === "series" || isRecurringName(c.concept)).map((c) => c.concept.key)));
  const families = seeds.map((s) => familyName(s.film)).filter((x) => x.length >= 4);
  for (const c of pool) {
    if (out.has(c.film)) continue;
    const f = film.get(c.film);
    if (!f) continue;
    const sameSeries = f.concepts.some((x) => seedSeries.has(x.concept.key)) || families.some((fam) => linkKey(c.film).startsWith(fam));
    if (sameSeries && !SERIES_ASKED.some((w) => asked.has(w))) out.set(c.film, "it is in the same series");
    else if (f.genres.includes("Documentary") && !DOCUMENTARY_ASKED.some((w) => asked.has(w)) && seeds.some((s) => mentionsMaker(f, s))) out.set(c.film, "it is a documentary about the film's makers");
    else if ([...f.tags, ...f.keywords].some((k) => PARODY.has(k.toLowerCase())) && !seeds.some((s) => [...s.tags, ...s.keywords].some((k) => PARODY.has(k.toLowerCase()))) && ![...asked].some((w) => PARODY.has(w))) out.set(c.film, "it is a parody");
  }
  return new Map([...out].filter(([f]) => pool.some((c) => c.film === f)));
}

/** Films a named character or franchise recurs in at most: more, and the name is a place or a common name, not a series. */
const RECURRING_NAME_FILMS = 8;

/** A concept that names a recurring character ("Hannibal Lecter", "Clarice Starling"): films that share it with the seed are its series. */
function isRecurringName(c: { name: string; type: string; films: number }): boolean {
  if (c.type === "setting" || c.films < 2 || c.films > RECURRING_NAME_FILMS) return false;
  const words = c.name.split(/\s+/);
  // A person's name: two or more words, each a capital and lower-case letters ("Hannibal Lecter", not "U S. Marshal").
  return words.length >= 2 && words.every((w) => /^\p{Lu}[\p{Ll}'’-]+$/u.test(w));
}

/** A title's family name: the words before a number, a colon or "Part" ("Star Wars: Episode IV" → "star wars"). */
function familyName(title: string): string {
  const head = title.split(/:|\s(?:\d+|II|III|IV|V|VI|Part|Episode|Chapter)\b/)[0] ?? title;
  return linkKey(head);
}

/** Whether a documentary names the seed's director in its title or text, or is by them about their work (a film about its maker). */
function mentionsMaker(doc: FilmText, seed: FilmText): boolean {
  const text = doc.fields.map((f) => f.text.toLowerCase()).join(" ");
  return seed.directors.some((name) => text.includes(name.toLowerCase()) || doc.directors.includes(name));
}
