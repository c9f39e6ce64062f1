import { wordTokens } from "../../util/text";
import { AWARD_CATEGORY_OPENERS, AWARD_WORDS, DOMAIN_WORDS, OFF_DOMAIN_WORDS, REQUEST_ONLY_DOMAIN_WORDS, SUPPORTED_RELATION_WORDS, UNSUPPORTED_FACT_WORDS } from "../lexicon/domain";
import { ROLE_WORDS } from "../lexicon/linking";
import { WORD_TO_EDGES } from "../lexicon/relations";
import type { PartUnderstanding } from "../understand";

/** Words that name a film relation plainly are film words too ("describing", "screenplay"), except generic ones ("when", "year", "kind"). */
const GENERIC_RELATION_WORDS = new Set("when year years date dates type types kind kinds words word about topic topics terms term".split(" "));
/** Film words other things share ("what songs did queen release"): beside an off-domain word they do not make a film question. */
const SHARED_WITH_OTHER_DOMAINS = new Set("release releases released releasing premiere premiered premieres debut debuted".split(" "));
const OFF = new Set(OFF_DOMAIN_WORDS);
/** A relation word that is also another domain's word ("rate" of an exchange rate) is no film word by itself. */
const DOMAIN = new Set([
  ...DOMAIN_WORDS,
  ...ROLE_WORDS,
  ...[...WORD_TO_EDGES.entries()].filter(([w, edges]) => edges.some((e) => e.weight >= 1) && !GENERIC_RELATION_WORDS.has(w) && !OFF.has(w)).map(([w]) => w),
]);
const UNSUPPORTED = new Set(UNSUPPORTED_FACT_WORDS);
const REQUEST_ONLY = new Set(REQUEST_ONLY_DOMAIN_WORDS);
/** Off-domain words that say when, not what: "what should I watch tonight" is still about films. */
const WHEN = new Set(["now", "today", "tonight", "tomorrow", "yesterday"]);
const SUPPORTED = new Set(SUPPORTED_RELATION_WORDS);
const AWARD = new Set(AWARD_WORDS);

/**
 * The word that asks for a fact this knowledge base does not hold ("composed", "oscar", "how old"),
 * unless the question also asks a relation it has ("which films did the Oscar winner direct"). A
 * word inside a named film or person ("Star Wars", "The Producers") says nothing about what is
 * asked, and a role named as an award ("won best actor") is the award, not the relation.
 */
export function unsupportedFact(question: string, parts: readonly PartUnderstanding[]): string | undefined {
  if (parts.some((p) => p.intent === "plot")) return undefined;
  const tokens = wordTokens(question);
  const inName = (w: string) => parts.some((p) => p.analysis.topics.some((t) => t.confidence >= 0.5 && wordTokens(t.text).some((x) => x.folded === w)));
  const word = tokens.find((t) => UNSUPPORTED.has(t.folded) && !inName(t.folded))?.folded ?? (/\bhow old\b/i.test(question) ? "how old" : undefined);
  if (!word) return undefined;
  const award = tokens.some((t) => AWARD.has(t.folded));
  const asksSupported = tokens.some((t, i) => SUPPORTED.has(t.folded) && !inName(t.folded) && !(award && AWARD_CATEGORY_OPENERS.includes(tokens[i - 1]?.folded ?? "")));
  return asksSupported ? undefined : word;
}

/**
 * Why a question is outside what the knowledge base covers, if it is: no film word, no confidently
 * named film or person, no kind of film and no period; or a topic of another domain ("the president
 * of France", "weather") with no film word and no exactly named film or person.
 */
export function outOfDomain(question: string, parts: readonly PartUnderstanding[]): string | undefined {
  const words = wordTokens(question).map((t) => t.folded);
  const told = parts.some((p) => p.intent === "plot");
  const inName = (w: string) => parts.some((p) => p.analysis.topics.some((t) => t.confidence >= 0.5 && wordTokens(t.text).some((x) => x.folded === w)));
  const unsupported = unsupportedFact(question, parts);
  if (unsupported) return `"${unsupported}": the knowledge base holds no awards, ages, births, composers, producers or other facts of that kind (it lists directors, writers, cast, years, languages, genres and tags)`;
  // "recommend a good laptop", "what songs did queen release": a request or release word alone does not outweigh what the question is about.
  const offBesideRequest = words.some((w) => OFF.has(w) && !WHEN.has(w)) && !words.some((w) => DOMAIN.has(w) && !REQUEST_ONLY.has(w) && !SHARED_WITH_OTHER_DOMAINS.has(w));
  if (!offBesideRequest && (words.some((w) => DOMAIN.has(w)) || /\b(?:came|come|comes|coming) out\b/i.test(question))) return undefined;
  // With no film word at all, only a name given as written (exact, or capitalised and sure) puts the question in the domain.
  const entities = parts.flatMap((p) => p.analysis.topics.filter((t) => (t.types.includes("Movie") || t.types.includes("Person")) && (t.confidence >= 0.79 || (t.confidence >= 0.7 && t.alternatives[0]?.match === "exact"))));
  // An off-domain word outside every named film ("who painted the Mona Lisa") says what the question is about.
  const off = words.find((w) => OFF.has(w) && !inName(w));
  // A told plot may be about a king or a wedding ("the one where the mob boss's daughter gets married").
  if (off && !told) return `"${off}" is about another domain and no film word or named film is in the question`;
  // A figure asked of a named film ("how long is the godfather") is a film question.
  if (parts.some((p) => p.figure !== undefined)) return undefined;
  // A name the user gave with a relation asked of it ("who was in the big lebowksi") is a film question.
  if (parts.some((p) => p.analysis.topics.some((t) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.7) && (p.analysis.answer.edge !== undefined || p.analysis.cues.some((c) => c.weight >= 1)))) return undefined;
  // "what do inception and interstellar have in common": two films or people named, and what they share asked.
  if (parts.some((p) => p.intent === "intersection" && p.analysis.topics.filter((t) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.7).length >= 2)) return undefined;
  // "what is inception about": a named film's story is asked.
  if (parts.some((p) => p.analysis.topics.some((t) => t.types.includes("Movie") && t.confidence >= 0.7 && p.analysis.tokens[t.tokenEnd]?.folded === "about"))) return undefined;
  if (entities.length > 0 || parts.some((p) => p.figure !== undefined || p.concepts.some((c) => c.cued) || p.periods.length > 0 || p.intent === "plot" || (p.intent === "recommendation" && (p.seeds?.length ?? 0) > 0))) return undefined;
  return "no film word, named film or person, kind of film or period";
}
