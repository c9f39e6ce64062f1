import type { ConceptType } from "../../src/ports/concept-graph";
import type { EntityRef, FacetKind, FilmConstraint, OpenIntent, TmdbOnlyRef } from "../../src/plan/schema";
import type { PlannedCall } from "../research/types";

/**
 * The deep route's working memory, kept in the research state between its nodes (primer → traverse
 * → act → assess → … → reduce): the request as facets and constraints, what each facet maps to in the
 * concept graph, the candidate films with the support each facet found for them, the communities
 * tried, and the tests spent. Plain data, so a checkpoint holds it and a trace can show it.
 */

/** A concept a facet maps to, as the primer ranked it. */
export interface FacetConcept {
  key: string;
  name: string;
  type: ConceptType;
  films: number;
  score: number;
  match: "exact" | "search";
  /** For a concept named by a run of the facet's words: those words (index terms); a film holding concepts for several runs meets more of the facet. */
  covers?: string[];
}

export interface FacetState {
  id: string;
  said: string;
  kind: FacetKind;
  /** The facet's words as searched (stemmed content words), for the offline relevance test. */
  terms: string[];
  /** How specific the facet is (mean idf of its terms): a rare word tells more than a common one. */
  weight: number;
  concepts: FacetConcept[];
  /** Said against: films that meet it are left out; it is tested, never searched. */
  against?: boolean;
  /** Films tested and found to meet it, and films tested in all. */
  supported: number;
  tested: number;
}

/** Why a film meets a facet, in words a reader can check, with the evidence that says so. */
export interface Reason {
  facet: string;
  text: string;
  strength: number;
  evidenceId?: string;
  /** Only the model's relevance test says so: nothing in the film's own text or links showed it. */
  byModel?: true;
}

export interface Candidate {
  film: string;
  /** Which local steps found it (facet ids, "seeds", "constraints", "story", a community id). */
  foundBy: string[];
  /** Retrieval score from the steps that found it (a rank fusion), 0 when only tested. */
  retrieval: number;
  /** Per facet id: the reason it meets it (absent: tested and not met, or not tested). */
  met: Record<string, Reason>;
  tested: string[];
  /** Meets every hard constraint (undefined: not checked yet). */
  fits?: boolean;
  /** Shared concepts with the films to start from (recommendations). */
  likeness: number;
  /** Hints it fits (a known item's decade or actor). */
  hinted: string[];
  excluded?: string;
}

export interface CommunityState {
  id: string;
  title: string;
  level: number;
  score: number;
  status: "open" | "promising" | "dry" | "descended";
  children: string[];
}

/** One sub-query of the primer: a facet (or the seeds, the constraints, the whole story) and the tool chosen for it. */
export interface SubQuery {
  serves: string;
  tool: string;
  why: string;
  /** The words to search when they are not the facet's own (a model's sub-query). */
  query?: string;
}

export interface DeepMemory {
  partId: string;
  intent: OpenIntent;
  text: string;
  /** A known item's headline (a post's title): its words count double in the story's searches. */
  headline?: string;
  facets: FacetState[];
  where: FilmConstraint[];
  like: EntityRef[];
  /** Films to start from that TMDB lists and the KB lacks: what their TMDB rows are about stands in for them. */
  likeTmdbOnly: TmdbOnlyRef[];
  seen: EntityRef[];
  hints: FilmConstraint[];
  subQueries: SubQuery[];
  communities: CommunityState[];
  candidates: Candidate[];
  /** Each facet term's inverse document frequency over the films' texts (rarer words tell more). */
  idf: Record<string, number>;
  testsSpent: number;
  testBudget: number;
  round: number;
  /** The follow-up calls the last assessment chose for the next round. */
  next: PlannedCall[];
  /** Why the loop stopped (every facet supported, tests spent, nothing left to try). */
  stopped?: string;
  result?: DeepResult;
}

export interface RankedFilm {
  film: string;
  score: number;
  reasons: Reason[];
  /** Facets met, of all facets. */
  met: number;
}

export interface DeepResult {
  films: RankedFilm[];
  /** Facets no film among the answers meets, said plainly. */
  unmet: { id: string; said: string }[];
  /** Hard constraints no film meets together (the answer relaxes none: it says so). */
  unmetConstraints: boolean;
  /** Films left out and why (seen, the seed's own series, a documentary about its maker, a parody). */
  excluded: { film: string; why: string }[];
  facetsTotal: number;
}
