import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { QueryPlan } from "../../src/plan/schema";
import type { Reading } from "../../src/question/reading";
import { filmConstraints } from "../../src/question/film-set";
import { planFacets } from "../../src/question/rules/build-open";
import { films } from "../../src/question/rules/features";
import { entityRef } from "../../src/question/rules/helpers";
import { tmdbSeedRefs, tmdbSeeds } from "../../src/question/tmdb-seeds";

/**
 * The question as one open request, for the `deep` strategy on a question the rules read otherwise:
 * the first clause's facets, its named films as the films to start from, its people, kinds, periods
 * and languages as hard constraints.
 */
export async function asOpenPlan(plan: QueryPlan, readings: readonly Reading[], kb: KnowledgeBase): Promise<QueryPlan> {
  const r = readings[0];
  if (!r) return plan;
  const where = (await filmConstraints(r, kb)).slice(0, 8);
  const like = films(r).map(entityRef).slice(0, 5);
  // A film TMDB lists and the KB lacks that the question starts from ("something like Star Wars") is one to start from here too.
  const likeTmdbOnly = tmdbSeedRefs(tmdbSeeds(r));
  const intent = r.request?.intent ?? (like.length || likeTmdbOnly.length ? "recommend" : "explore");
  return QueryPlan.parse({
    question: plan.question,
    parts: [{ id: "p1", kind: "open", intent, facets: planFacets(r, kb), where, like, likeTmdbOnly, seen: [], hints: [], text: r.text.slice(0, 2000) }],
    answer: ["p1"],
    rules: [...plan.rules, "deep.forced"].slice(0, 40),
  });
}
