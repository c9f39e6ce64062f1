import type { MovieMetric } from "../../ports/movie-catalog";
import type { WordToken } from "../../util/text";
import type { QuestionAnalysis, TopicEntity } from "../analyze";
import type { Intent } from "../intents";
import type { EdgeType } from "../../kb/schema";
import {
  KIND_NOUNS, KIND_QUANTIFIERS,
  COUNT_PHRASES, INTERSECTION_PHRASES, KIND_PHRASES, LIKE_HEADS, MOST_COMMON_PHRASES, NEGATION_PHRASES,
  RECOMMENDATION_PHRASES, SUPERLATIVE_PHRASES, THRESHOLD_PHRASES,
} from "../words/intent-cues";
import { OPTION_GENRES } from "../words/concepts";
import type { ConceptRef } from "./concepts";
import type { Period } from "./periods";
import { findToldPlot } from "./told-plot";

/** What the intent stage read, besides the intent itself. */
export interface IntentReading {
  intent: Intent;
  reason: string;
  superlative?: { metric: MovieMetric; order: "asc" | "desc"; phrase: string };
  threshold?: number;
  /** kind_of_film: the options offered ("scary or funny") as genres, and the kind asked about. */
  options?: { text: string; genre: string }[];
  subject?: ConceptRef;
  /** recommendation: the films to start from. */
  seeds?: TopicEntity[];
  /** difference: what is subtracted. */
  excluded?: { concepts: ConceptRef[]; entities: TopicEntity[] };
  /** difference between one person's roles ("films X wrote but didn't direct"). */
  roles?: { person: TopicEntity; keep: EdgeType; drop: EdgeType };
}

const LIKE = new Set(LIKE_HEADS);

/** Where a phrase occurs in the folded token list, as token indexes (first word). */
function findPhrase(words: readonly string[], phrase: string): number[] {
  const p = phrase.split(" ");
  const at: number[] = [];
  for (let i = 0; i + p.length <= words.length; i++) if (p.every((w, j) => words[i + j] === w)) at.push(i);
  return at;
}

function firstOf(words: readonly string[], phrases: readonly string[]): { phrase: string; at: number } | undefined {
  let best: { phrase: string; at: number } | undefined;
  for (const phrase of [...phrases].sort((a, b) => b.split(" ").length - a.split(" ").length)) {
    const at = findPhrase(words, phrase)[0];
    if (at !== undefined && (!best || at < best.at || (at === best.at && phrase.length > best.phrase.length))) best = { phrase, at };
  }
  return best;
}

/**
 * Reads a question part's intent from its wording, the entities and concepts linked in it, and its
 * periods. Checked from the most specific reading to the most general; each returns its reason.
 */
export function classifyIntent(tokens: readonly WordToken[], analysis: QuestionAnalysis, concepts: readonly ConceptRef[], periods: readonly Period[]): IntentReading {
  const words = tokens.map((t) => t.folded);
  const entities = analysis.topics.filter((t) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.5);
  const movies = entities.filter((t) => t.types.includes("Movie") && (t.type === "Movie" || !t.types.includes("Person")));
  const cued = concepts.filter((c) => c.cued);
  const strong = concepts.filter((c) => c.strong);

  // Recommendation: "films like X", "similar to X", "if I enjoyed X".
  const rec = recommendationCue(words);
  const seedsOf = (r: NonNullable<typeof rec>) => movies.filter((m) => m.tokenStart > r.at && !range(m.tokenStart, m.tokenEnd).some((k) => r.covered.has(k)));
  if (rec && seedsOf(rec).length > 0) {
    const seeds = seedsOf(rec);
    return { intent: "recommendation", reason: `"${rec.phrase}" before the film ${seeds.map((s) => s.name).join(", ")}`, seeds };
  }

  // A plot told in the user's words: a title the story happens to contain ("Prince", "The Room") is no topic.
  const plot = findToldPlot(words, entities.some((e) => e.confidence >= 0.7));
  if (plot) return { intent: "plot", reason: `a described plot ("${plot.phrase} …", ${plot.storyWords} words of story)` };

  // A question about a kind of film: its options ("scary or funny") or "usually", "mostly".
  const options = optionsIn(words);
  const kindCue = firstOf(words, KIND_PHRASES) ?? kindQuantified(words);
  if (entities.length === 0 && (options.length >= 2 || kindCue)) {
    const optionTokens = new Set(options.flatMap((o) => o.tokens));
    const subject = concepts.filter((c) => !range(c.tokenStart, c.tokenEnd).some((i) => optionTokens.has(i))).sort((a, b) => Number(b.cued) - Number(a.cued))[0];
    if (subject) return { intent: "kind_of_film", reason: options.length >= 2 ? `asks whether ${subject.label} films are ${options.map((o) => o.text).join(" or ")}` : `asks what ${subject.label} films "${kindCue!.phrase}" are`, subject, options: options.map(({ text, genre }) => ({ text, genre })) };
  }

  // Superlatives rank on a figure: "best", "highest-grossing", "longest".
  const sup = firstOf(words, Object.keys(SUPERLATIVE_PHRASES));
  if (sup && (entities.length > 0 || strong.length > 0 || periods.length > 0 || words.some((w) => LIKE.has(w)))) {
    const s = SUPERLATIVE_PHRASES[sup.phrase]!;
    return { intent: "superlative", reason: `"${sup.phrase}" ranks films by ${s.metric}`, superlative: { ...s, phrase: sup.phrase } };
  }
  if (rec && (entities.length > 0 || strong.length > 0)) {
    // "recommend a good horror film": the best-rated films of that kind.
    return { intent: "superlative", reason: `"${rec.phrase}" with no film to start from: the best-rated films that fit`, superlative: { metric: "voteAverage", order: "desc", phrase: rec.phrase } };
  }

  const count = firstOf(words, COUNT_PHRASES);
  if (count) return { intent: "count", reason: `"${count.phrase}"` };

  const threshold = firstOf(words, Object.keys(THRESHOLD_PHRASES)) ?? severalFilms(words);
  const minOp = analysis.operators.find((o) => o.kind === "count" && o.min !== undefined);
  if (threshold || minOp) {
    const min = threshold ? (THRESHOLD_PHRASES[threshold.phrase] ?? 2) : minOp!.kind === "count" ? minOp!.min! : 2;
    return { intent: "threshold", reason: `"${threshold?.phrase ?? (minOp as { text: string }).text}": at least ${min} times`, threshold: min };
  }

  const roles = roleDifference(words, analysis, entities);
  if (roles) return { intent: "difference", reason: `${roles.person.name}'s ${roles.keep} films minus the ${roles.drop} ones`, roles };

  const excluded = negated(words, entities, concepts);
  if (excluded && (entities.length > excluded.entities.length || concepts.length > excluded.concepts.length || periods.length > 0)) {
    return { intent: "difference", reason: `subtracts ${[...excluded.entities.map((e) => e.name), ...excluded.concepts.map((c) => c.label)].join(", ")}`, excluded };
  }

  // "what genre are most Tim Burton movies", "what kind of films does X usually make": a kind word and a quantifier.
  const common = firstOf(words, MOST_COMMON_PHRASES) ?? kindQuantified(words);
  if (common && entities.length > 0 && analysis.answer.type !== "Movie") return { intent: "most_common", reason: `"${common.phrase}": ranked by how often` };

  if (analysis.operators.some((o) => o.kind === "intersection") || (entities.length >= 2 && firstOf(words, INTERSECTION_PHRASES))) return { intent: "intersection", reason: `answers shared by ${entities.map((e) => e.name).join(" and ")}` };

  if (entities.length > 0) {
    const listy = analysis.answer.type === "Movie" || cued.length > 0 || periods.some((p) => !p.bareYear) || /s$/.test(words[(analysis.answer.phrase?.from ?? -1) + 1] ?? "");
    return { intent: listy ? "list" : "fact", reason: `${listy ? "a set" : "a fact"} from ${entities.map((e) => e.name).join(", ")}` };
  }
  if (strong.length > 0 || periods.length > 0 || analysis.topics.length > 0) return { intent: "list", reason: `films that fit ${[...strong.map((c) => c.label), ...periods.map((p) => p.text), ...analysis.topics.map((t) => t.name)].join(", ")}` };
  return { intent: "fact", reason: "no entity, concept or period found" };
}

/** A kind word with a quantifier ("what genre are most …", "which type … usually"): asks for the usual kind. */
function kindQuantified(words: readonly string[]): { phrase: string; at: number } | undefined {
  const at = words.findIndex((w) => KIND_NOUNS.includes(w));
  const q = words.find((w) => KIND_QUANTIFIERS.includes(w));
  return at >= 0 && q ? { phrase: `${words[at]} … ${q}`, at } : undefined;
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a }, (_, i) => a + i);
}

/** The earliest recommendation cue, with every token any cue covers ("watch next" is no title). */
function recommendationCue(words: readonly string[]): { phrase: string; at: number; covered: Set<number> } | undefined {
  let best: { phrase: string; at: number } | undefined;
  const covered = new Set<number>();
  for (const phrase of [...RECOMMENDATION_PHRASES].sort((a, b) => b.length - a.length)) {
    for (const at of findPhrase(words, phrase)) {
      // "like" compares only after a film word or at the start ("films like X", "like X but newer").
      if (phrase === "like" && at > 0 && !LIKE.has(words[at - 1]!) && words[at - 1] !== "just" && words[at - 1] !== "something") continue;
      for (let k = at; k < at + phrase.split(" ").length; k++) covered.add(k);
      if (!best || at < best.at) best = { phrase, at };
    }
  }
  return best ? { ...best, covered } : undefined;
}

/** Options joined by "or" that name genres ("scary or funny", "more horror or comedy"). */
function optionsIn(words: readonly string[]): { text: string; genre: string; tokens: number[] }[] {
  const out: { text: string; genre: string; tokens: number[] }[] = [];
  for (const at of findPhrase(words, "or")) {
    const left = optionAt(words, at - 1, -1);
    const right = optionAt(words, at + 1, 1);
    if (left && right && left.genre !== right.genre) {
      if (!out.some((o) => o.text === left.text)) out.push(left);
      if (!out.some((o) => o.text === right.text)) out.push(right);
    }
  }
  return out;
}

function optionAt(words: readonly string[], i: number, dir: 1 | -1): { text: string; genre: string; tokens: number[] } | undefined {
  for (const len of [2, 1]) {
    const idx = dir === 1 ? range(i, i + len) : range(i - len + 1, i + 1);
    if (idx.some((k) => k < 0 || k >= words.length)) continue;
    const text = idx.map((k) => words[k]).join(" ");
    const genre = OPTION_GENRES[text];
    if (genre) return { text, genre, tokens: idx };
  }
  return undefined;
}

/** What a negation word takes away: the next concept or entity, else the entity just before ("X did not star in"). */
function negated(words: readonly string[], entities: readonly TopicEntity[], concepts: readonly ConceptRef[]): IntentReading["excluded"] {
  const out = { concepts: [] as ConceptRef[], entities: [] as TopicEntity[] };
  for (const phrase of NEGATION_PHRASES) {
    for (const at of findPhrase(words, phrase)) {
      const end = at + phrase.split(" ").length;
      const c = concepts.find((x) => x.tokenStart >= end && x.tokenStart <= end + 3);
      const e = entities.find((x) => x.tokenStart >= end && x.tokenStart <= end + 3);
      const before = entities.filter((x) => x.tokenEnd <= at && x.tokenEnd >= at - 2).pop();
      const pick = c && (!e || c.tokenStart <= e.tokenStart) ? c : undefined;
      if (pick) out.concepts.push(pick);
      else if (e) out.entities.push(e);
      else if (before && entities.length > 1) out.entities.push(before);
    }
  }
  return out.concepts.length + out.entities.length > 0 ? { concepts: [...new Set(out.concepts)], entities: [...new Set(out.entities)] } : undefined;
}

const ROLE_EDGES: readonly EdgeType[] = ["DIRECTED", "WROTE", "ACTED_IN"];

/** "films X wrote but didn't direct", "scripts by X that someone else directed": one person, two roles, one negated. */
function roleDifference(words: readonly string[], analysis: QuestionAnalysis, entities: readonly TopicEntity[]): IntentReading["roles"] {
  const people = entities.filter((e) => e.types.includes("Person"));
  if (people.length !== 1) return undefined;
  const cues = analysis.cues.filter((c) => ROLE_EDGES.includes(c.edge) && c.weight >= 1);
  const negations = NEGATION_PHRASES.flatMap((p) => findPhrase(words, p).map((at) => ({ at, end: at + p.split(" ").length })));
  const isNegated = (token: number) => negations.some((n) => n.end <= token && token - n.end <= 3);
  const drop = cues.find((c) => isNegated(c.token));
  const keep = cues.find((c) => !isNegated(c.token) && c.edge !== drop?.edge);
  if (!drop || !keep) return undefined;
  return { person: people[0]!, keep: keep.edge, drop: drop.edge };
}

/** "in multiple Tarantino flicks", "several of his films": more than one film, with a name in between. */
function severalFilms(words: readonly string[]): { phrase: string; at: number } | undefined {
  const at = words.findIndex((w, i) => (w === "multiple" || w === "several") && words.slice(i + 1, i + 6).some((x) => LIKE.has(x) && x !== "something" && x !== "anything"));
  return at >= 0 ? { phrase: words[at]!, at } : undefined;
}
