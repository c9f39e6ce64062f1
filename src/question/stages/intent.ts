import type { MovieMetric, RankMetric } from "../../ports/movie-catalog";
import type { WordToken } from "../../util/text";
import type { QuestionAnalysis, TopicEntity } from "../analyze";
import type { Intent } from "../intents";
import type { EdgeType } from "../../kb/schema";
import {
  KIND_NOUNS, KIND_QUANTIFIERS,
  COUNT_PHRASES, FIGURE_PHRASES, INTERSECTION_PHRASES, KIND_PHRASES, LIKE_HEADS, MOST_COMMON_PHRASES, NEGATION_PHRASES,
  NUMBER_WORDS, AGE_PHRASES, HOW_MUCH_VERBS, RECOMMENDATION_AFTER_FILM, RECOMMENDATION_PHRASES, SUPERLATIVE_PHRASES, THRESHOLD_PHRASES,
} from "../lexicon/cues";
import { OPTION_GENRES } from "../lexicon/concepts";
import { ROLE_NOUNS } from "../lexicon/linking";
import type { ConceptRef } from "./concepts";
import type { Period } from "./periods";
import { findPhrase, firstOf } from "./phrases";
import { findToldPlot } from "./told-plot";
import { MOVIE_WORDS } from "../lexicon/relations";

/** What the intent stage read, besides the intent itself. */
export interface IntentReading {
  intent: Intent;
  reason: string;
  superlative?: { metric: RankMetric; order: "asc" | "desc"; phrase: string };
  /** fact: a TMDB figure asked of the one film named ("how long is Titanic"). */
  figure?: { metric: MovieMetric; phrase: string; film: TopicEntity };
  threshold?: number;
  /** kind_of_film: the options offered ("scary or funny") as genres, and the kind asked about. */
  options?: { text: string; genre: string }[];
  subject?: ConceptRef;
  /** recommendation: the films to start from. */
  seeds?: TopicEntity[];
  /** recommendation: only films newer (or older) than the films started from ("like heat but newer"). */
  age?: "newer" | "older";
  /** difference: what is subtracted. */
  excluded?: { concepts: ConceptRef[]; entities: TopicEntity[] };
  /** difference between one person's roles ("films X wrote but didn't direct"). */
  roles?: { person: TopicEntity; keep?: EdgeType; drop: EdgeType };
  /** intersection of one person's roles ("films clint eastwood directed and starred in"). */
  bothRoles?: { person: TopicEntity; roles: EdgeType[] };
}

const LIKE = new Set(LIKE_HEADS);
const ROLE_NOUN_WORDS = new Set(ROLE_NOUNS);

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
  // "like toy story but not animated": what the similar films must not be.
  const notLike = () => {
    const ex = negated(words, entities, concepts);
    const age = firstOf(words, Object.keys(AGE_PHRASES));
    return { ...(ex?.concepts.length ? { excluded: { concepts: ex.concepts, entities: [] } } : {}), ...(age ? { age: AGE_PHRASES[age.phrase]! } : {}) };
  };
  if (rec && seedsOf(rec).length > 0) {
    const seeds = seedsOf(rec);
    return { intent: "recommendation", reason: `"${rec.phrase}" before the film ${seeds.map((s) => s.name).join(", ")}`, seeds, ...notLike() };
  }
  // "just watched the shining and loved it, what else would i like": the film comes first.
  const after = firstOf(words, RECOMMENDATION_AFTER_FILM);
  const earlier = after ? movies.filter((m) => m.tokenEnd <= after.at && m.confidence >= 0.7) : [];
  if (after && earlier.length > 0) return { intent: "recommendation", reason: `the film ${earlier.map((s) => s.name).join(", ")} before "${after.phrase}"`, seeds: earlier, ...notLike() };

  // A plot told in the user's words: a title the story happens to contain ("Prince", "The Room") is no topic.
  // Only a name said plainly (capitalised and sure, or a person with a role word) stops a bare story from being one.
  const named = entities.some((e) => e.confidence >= 0.8) || (entities.some((e) => e.types.includes("Person") && e.confidence >= 0.7) && analysis.cues.some((c) => c.weight >= 1 && (c.edge === "DIRECTED" || c.edge === "WROTE" || c.edge === "ACTED_IN")));
  const inEntity = (i: number, sure: (e: TopicEntity) => boolean) => entities.some((e) => sure(e) && i >= e.tokenStart && i < e.tokenEnd);
  const plot = findToldPlot(words, named, (i) => inEntity(i, (e) => e.confidence >= 0.8), (i) => inEntity(i, (e) => e.type === "Person" && e.confidence >= 0.7));
  if (plot) return { intent: "plot", reason: `a described plot ("${plot.phrase} …", ${plot.storyWords} words of story)` };

  // A question about a kind of film: its options ("scary or funny") or "usually", "mostly".
  const options = optionsIn(words);
  const kindCue = firstOf(words, KIND_PHRASES) ?? kindQuantified(words);
  // A kind of film typed in lowercase that is also a title ("high school movies") is the kind, not the film.
  const overlapsConcept = (e: TopicEntity) => concepts.some((c) => c.tokenStart < e.tokenEnd && e.tokenStart < c.tokenEnd);
  const kindEntities = options.length >= 2 ? entities.filter((e) => !(overlapsConcept(e) && e.text === e.text.toLowerCase() && e.type === "Movie")) : entities;
  // "stephen king movies, horror or drama mostly?": the options asked of one person's films.
  if (options.length >= 2 && kindEntities.length === 1 && kindEntities[0]!.type === "Person" && (kindCue || words.some((w) => MOVIE_WORDS.has(w)))) {
    return { intent: "kind_of_film", reason: `asks whether ${kindEntities[0]!.name}'s films are ${options.map((o) => o.text).join(" or ")}`, options: options.map(({ text, genre }) => ({ text, genre })) };
  }
  if (kindEntities.length === 0 && (options.length >= 2 || kindCue)) {
    const optionTokens = new Set(options.flatMap((o) => o.tokens));
    const subject = concepts.filter((c) => !range(c.tokenStart, c.tokenEnd).some((i) => optionTokens.has(i))).sort((a, b) => Number(b.cued) - Number(a.cued))[0];
    if (subject) return { intent: "kind_of_film", reason: options.length >= 2 ? `asks whether ${subject.label} films are ${options.map((o) => o.text).join(" or ")}` : `asks what ${subject.label} films "${kindCue!.phrase}" are`, subject, options: options.map(({ text, genre }) => ({ text, genre })) };
  }

  // Superlatives rank on a figure: "best", "highest-grossing", "longest".
  // "made the most films with X", "the most horror movies": films counted, not ranked by a figure.
  const supFound = firstOf(words, Object.keys(SUPERLATIVE_PHRASES));
  const afterSup = supFound?.end ?? -1;
  const countsFilms = supFound !== undefined && (MOVIE_WORDS.has(words[afterSup] ?? "") || concepts.some((c) => c.tokenStart === afterSup && c.strong)) && supFound.phrase.startsWith("made");
  const sup = countsFilms ? undefined : supFound;
  if (sup && (entities.length > 0 || strong.length > 0 || periods.length > 0 || words.some((w) => LIKE.has(w)))) {
    const s = SUPERLATIVE_PHRASES[sup.phrase]!;
    return { intent: "superlative", reason: `"${sup.phrase}" ranks films by ${s.metric}`, superlative: { ...s, phrase: sup.phrase } };
  }
  if (rec && (entities.length > 0 || strong.length > 0)) {
    // "recommend a good horror film": the best-rated films of that kind.
    return { intent: "superlative", reason: `"${rec.phrase}" with no film to start from: the best-rated films that fit`, superlative: { metric: "voteAverage", order: "desc", phrase: rec.phrase } };
  }

  // "how long is titanic", "what was the budget of avatar": a figure of the one film named.
  const figureSaid = firstOf(words, Object.keys(FIGURE_PHRASES));
  const figure = figureSaid ? { ...figureSaid, metric: FIGURE_PHRASES[figureSaid.phrase]! } : howMuch(words);
  const films = entities.filter((e) => e.type === "Movie" && e.confidence >= 0.7);
  if (figure && films.length === 1 && entities.length === 1 && !inside(films[0]!, figure.at)) {
    return { intent: "fact", reason: `"${figure.phrase}": the ${figure.metric} of ${films[0]!.name}`, figure: { metric: figure.metric, phrase: figure.phrase, film: films[0]! } };
  }

  const count = firstOf(words, COUNT_PHRASES);
  if (count) return { intent: "count", reason: `"${count.phrase}"` };

  const threshold = firstOf(words, Object.keys(THRESHOLD_PHRASES)) ?? severalFilms(words);
  const minOp = analysis.operators.find((o) => o.kind === "count" && o.min !== undefined);
  const said = numericThreshold(words) ?? plusThreshold(analysis.question);
  if (threshold || minOp || said) {
    const min = said?.min ?? (threshold ? (THRESHOLD_PHRASES[threshold.phrase] ?? 2) : minOp!.kind === "count" ? minOp!.min! : 2);
    return { intent: "threshold", reason: `"${said?.phrase ?? threshold?.phrase ?? (minOp as { text: string }).text}": at least ${min} times`, threshold: min };
  }

  const roles = roleDifference(words, analysis, entities);
  if (roles) return { intent: "difference", reason: `${roles.person.name}'s ${roles.keep ?? "own"} films minus the ${roles.drop} ones`, roles };
  const both = roleIntersection(words, analysis, entities);
  if (both) return { intent: "intersection", reason: `films ${both.person.name} both ${both.roles.map((r) => r.toLowerCase()).join(" and ")}`, bothRoles: both };

  const excluded = negated(words, entities, concepts);
  // "jim carrey comedies that aren't from the 90s": a period said as excluded subtracts its films.
  const outside = periods.filter((p) => p.negated);
  if ((excluded && (entities.length > excluded.entities.length || concepts.length > excluded.concepts.length || periods.length > 0)) || (outside.length > 0 && (entities.length > 0 || strong.length > 0))) {
    const names = [...(excluded?.entities ?? []).map((e) => e.name), ...(excluded?.concepts ?? []).map((c) => c.label), ...outside.map((p) => `films ${p.text}`)];
    return { intent: "difference", reason: `subtracts ${names.join(", ")}`, excluded: excluded ?? { concepts: [], entities: [] } };
  }

  // "what genre are most Tim Burton movies", "what kind of films does X usually make": a kind word and a quantifier.
  // "which director has tom hanks worked with most": a closing "most" counts too.
  const common = firstOf(words, MOST_COMMON_PHRASES) ?? kindQuantified(words) ?? (words.at(-1) === "most" ? { phrase: "most", at: words.length - 1 } : undefined);
  // "who directed the most westerns": the people are counted over a kind of film.
  const overKind = strong.length > 0 && analysis.answer.type === "Person";
  if (common && (entities.length > 0 || overKind) && analysis.answer.type !== "Movie") return { intent: "most_common", reason: `"${common.phrase}": ranked by how often${entities.length ? "" : ` among ${strong.map((c) => c.label).join(", ")} films`}` };

  if (analysis.operators.some((o) => o.kind === "intersection") || (entities.length >= 2 && firstOf(words, INTERSECTION_PHRASES))) return { intent: "intersection", reason: `answers shared by ${entities.map((e) => e.name).join(" and ")}` };
  // "jack lemmon walter matthau movies", "clint eastwood movies that morgan freeman is in": the films of every person named.
  const people = entities.filter((e) => e.type === "Person");
  const asksFilms = analysis.answer.type === "Movie" || (analysis.answer.type === undefined && words.some((w) => MOVIE_WORDS.has(w)));
  if (people.length >= 2 && people.length === entities.length && asksFilms && !analysis.answer.edge) return { intent: "intersection", reason: `the films of ${people.map((e) => e.name).join(" and ")}` };

  if (entities.length > 0) {
    const listy = analysis.answer.type === "Movie" || cued.length > 0 || periods.some((p) => !p.bareYear) || /s$/.test(words[(analysis.answer.phrase?.from ?? -1) + 1] ?? "") || (analysis.answer.type === undefined && !analysis.answer.edge && words.some((w) => MOVIE_WORDS.has(w)));
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
  // "more war films or dramas": the film word after an option is not the option.
  if (dir === -1 && MOVIE_WORDS.has(words[i] ?? "") && i > 0) i--;
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
  if (!drop) return undefined;
  // "kubrick films he didn't write": the films are the person's own, in the role they usually have (read by the planner).
  const ownFilms = words.some((w) => MOVIE_WORDS.has(w)) && (analysis.answer.type === undefined || analysis.answer.type === "Movie");
  if (!keep && !ownFilms) return undefined;
  return { person: people[0]!, ...(keep ? { keep: keep.edge } : {}), drop: drop.edge };
}

/** "films where clint eastwood directed and starred", "movies X wrote and directed": one person, two roles said, none negated, films asked. */
function roleIntersection(words: readonly string[], analysis: QuestionAnalysis, entities: readonly TopicEntity[]): IntentReading["bothRoles"] {
  const people = entities.filter((e) => e.types.includes("Person"));
  if (people.length !== 1 || entities.length !== 1) return undefined;
  if (NEGATION_PHRASES.some((p) => findPhrase(words, p).length > 0)) return undefined;
  const roles = [...new Set(analysis.cues.filter((c) => ROLE_EDGES.includes(c.edge) && c.weight >= 1 && !c.inAnswerPhrase && !ROLE_NOUN_WORDS.has(c.word)).map((c) => c.edge))];
  const filmsAsked = words.some((w) => MOVIE_WORDS.has(w)) && (analysis.answer.type === undefined || analysis.answer.type === "Movie") && !analysis.answer.edge;
  return roles.length >= 2 && filmsAsked ? { person: people[0]!, roles } : undefined;
}

const numberOf = (w: string | undefined) => (w === undefined ? undefined : /^\d{1,3}$/.test(w) ? Number(w) : NUMBER_WORDS[w]);

/** "5 or more", "more than 10", "at least three", "over 4": the least count a threshold asks for. */
function numericThreshold(words: readonly string[]): { phrase: string; min: number } | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const n1 = numberOf(words[i + 2]);
    if ((w === "more" || w === "over") && (words[i + 1] === "than" ? n1 : numberOf(words[i + 1])) !== undefined) {
      const n = words[i + 1] === "than" ? n1! : numberOf(words[i + 1])!;
      return { phrase: words.slice(i, i + (words[i + 1] === "than" ? 3 : 2)).join(" "), min: n + 1 };
    }
    if (w === "at" && words[i + 1] === "least" && n1 !== undefined) return { phrase: `at least ${words[i + 2]}`, min: n1 };
    const n = numberOf(w);
    if (n !== undefined && words[i + 1] === "or" && words[i + 2] === "more") return { phrase: `${w} or more`, min: n };
    if (n !== undefined && ["films", "movies", "times"].includes(words[i + 1] ?? "") && words[i + 2] === "or" && words[i + 3] === "more") return { phrase: `${w} ${words[i + 1]} or more`, min: n };
  }
  return undefined;
}

/** "how much did titanic make": "how much" and, later, a verb of money. */
function howMuch(words: readonly string[]): { phrase: string; at: number; metric: MovieMetric } | undefined {
  const at = findPhrase(words, "how much")[0];
  if (at === undefined) return undefined;
  const verb = words.findIndex((w, i) => i > at + 1 && HOW_MUCH_VERBS[w] !== undefined);
  return verb >= 0 ? { phrase: `how much … ${words[verb]}`, at, metric: HOW_MUCH_VERBS[words[verb]!]! } : undefined;
}

/** "4+ tarantino movies", "in 3+ films": a number with a plus sign is the least count. */
function plusThreshold(question: string): { phrase: string; min: number } | undefined {
  const m = /(?<![\p{L}\p{N}])(\d{1,3})\s*\+(?!\s*\d)/u.exec(question);
  return m ? { phrase: m[0].replace(/\s+/g, ""), min: Number(m[1]) } : undefined;
}

/** "in multiple Tarantino flicks", "several of his films": more than one film, with a name in between. */
function severalFilms(words: readonly string[]): { phrase: string; at: number } | undefined {
  const at = words.findIndex((w, i) => (w === "multiple" || w === "several") && words.slice(i + 1, i + 6).some((x) => LIKE.has(x) && x !== "something" && x !== "anything"));
  return at >= 0 ? { phrase: words[at]!, at } : undefined;
}

function inside(e: TopicEntity, token: number): boolean {
  return token >= e.tokenStart && token < e.tokenEnd;
}
