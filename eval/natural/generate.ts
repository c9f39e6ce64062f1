import { generateBounds, generateUniversals } from "./gen-bound";
import { generateCareerEnds, generateCastWomen, generateNotInLanguage, generatePlayedCharacters, generateSharedActor } from "./gen-cast";
import { generateCounts } from "./gen-count";
import { generateDifferences } from "./gen-difference";
import { generateFacts } from "./gen-fact";
import { generateIntersections } from "./gen-intersection";
import { generateKindOfFilm } from "./gen-kind-of-film";
import { generateLists } from "./gen-list";
import { generateMostCommon } from "./gen-most-common";
import { generateMultiPart } from "./gen-multi-part";
import { generateNamedBounds, generateOtherRoles, generatePlacesOfAll } from "./gen-named";
import { generatePlots } from "./gen-plot";
import { generateRecommendations } from "./gen-recommendation";
import { generateSuperlatives } from "./gen-superlative";
import { generateThresholds } from "./gen-threshold";
import { generateTmdbOnlyComparisons, generateTmdbOnlyFacts } from "./gen-tmdb-only";
import { generateChitchat, generateOutOfDomain } from "./replies";
import type { NaturalItem } from "./types";
import type { World } from "./world";

/** The generation seed. Fixed, so the set is the same on every run (eval's --seed only samples it). */
export const NATURAL_SEED = 2024;

/** Every intent's items, in INTENTS order; each generator draws from its own seeded stream. */
export function generateNaturalSet(w: World, seed = NATURAL_SEED): NaturalItem[] {
  const items = [
    ...generateFacts(w, seed),
    ...generateLists(w, seed),
    ...generateMultiPart(w, seed),
    ...generateIntersections(w, seed),
    ...generateDifferences(w, seed),
    ...generateCounts(w, seed),
    ...generateThresholds(w, seed),
    ...generateMostCommon(w, seed),
    ...generateSuperlatives(w, seed),
    ...generateRecommendations(w, seed),
    ...generatePlots(w),
    ...generateKindOfFilm(w, seed),
    ...generateBounds(w, seed),
    ...generateUniversals(w, seed),
    ...generateNamedBounds(w, seed),
    ...generatePlacesOfAll(w, seed),
    ...generateOtherRoles(w, seed),
    ...generatePlayedCharacters(w, seed),
    ...generateCastWomen(w, seed),
    ...generateNotInLanguage(w, seed),
    ...generateCareerEnds(w, seed),
    ...generateSharedActor(w, seed),
    ...generateTmdbOnlyFacts(w, seed),
    ...generateTmdbOnlyComparisons(w, seed),
    ...generateChitchat(),
    ...generateOutOfDomain(),
  ];
  const seen = new Set<string>();
  for (const it of items) {
    if (seen.has(it.id)) throw new Error(`natural set: duplicate id ${it.id}`);
    seen.add(it.id);
  }
  return items;
}
