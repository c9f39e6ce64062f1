import type { KnowledgeBase } from "../kb/knowledge-base";
import { tmdbOnlyRef, type EntityRef, type TmdbOnlyRef } from "../plan/schema";
import { earlierKinOf } from "./series";
import type { Reading } from "./reading";
import type { UnknownName } from "./stages/unknown-names";

/** What finding the films a clause starts from reads: its names the KB lacks and its cues (read before its word ledger is). */
type SeedCues = Pick<Reading, "notFound" | "cues" | "series">;

/** A name said right after a negation ("but not star wars") is said against, not started from. */
const saidAgainst = (r: SeedCues, at: number) => r.cues.negations.some((n) => n.end <= at && at - n.end <= 1);

/** Films TMDB lists and the KB lacks, named after a "like X" cue and outside its words ("something like Star Wars"). */
export function tmdbSeedsAfterCue(r: SeedCues): UnknownName[] {
  const cue = r.cues.similar;
  if (!cue) return [];
  return [...r.notFound, ...familySeed(r)].filter((n) => n.tmdb?.length && n.tokenStart !== undefined && n.tokenStart > cue.at && !cue.covered.has(n.tokenStart) && !saidAgainst(r, n.tokenStart));
}

/** Films TMDB lists and the KB lacks, named before "what else", "similar ones" ("loved se7en, what else"). */
export function tmdbSeedsBeforeCue(r: SeedCues): UnknownName[] {
  const cue = r.cues.similarAfter;
  return cue ? [...r.notFound, ...familySeed(r)].filter((n) => n.tmdb?.length && n.tokenEnd !== undefined && n.tokenEnd <= cue.at) : [];
}

/** A family said in the clause, as the films TMDB lists of it ("movies like the Star Wars films"): started from where a film would be. */
function familySeed(r: SeedCues): UnknownName[] {
  const s = r.series;
  return s?.tmdbOnly?.length ? [{ text: s.name, closest: [], tmdb: s.tmdbOnly, tokenStart: s.tokenStart, tokenEnd: s.tokenEnd, family: true }] : [];
}

/** The films TMDB lists that a clause starts a recommendation from, either side of its cue. */
export function tmdbSeeds(r: SeedCues): UnknownName[] {
  return [...new Set([...tmdbSeedsAfterCue(r), ...tmdbSeedsBeforeCue(r)])];
}


/** The films to start from as a plan refers to them: each name's first TMDB film (the earliest), a family's films, three at most. */
export function tmdbSeedRefs(names: readonly UnknownName[]): TmdbOnlyRef[] {
  return names.flatMap((n) => (n.tmdb ?? []).slice(0, n.family ? undefined : 1)).slice(0, 3).map(tmdbOnlyRef);
}

/** The graph's earlier films of the families the films TMDB lists go on from, as seeds ("The Godfather" for Part II). */
export async function kinRefs(names: readonly UnknownName[], kb: KnowledgeBase): Promise<EntityRef[]> {
  const out: EntityRef[] = [];
  for (const n of names.slice(0, 3)) for (const id of n.tmdb?.[0] ? await earlierKinOf(n.tmdb[0], kb) : []) out.push({ id, type: "Movie" });
  return out;
}
