import type { KnowledgeBase } from "../kb/knowledge-base";
import type { EntityLinker, Mention } from "../ports/entity-linker";
import { wordTokens } from "../util/text";
import { analyzeQuestion, type QuestionAnalysis } from "./analyze";
import type { Intent } from "./intents";
import { calibratedLinker } from "./stages/calibrate";
import { findConcepts, type ConceptRef } from "./stages/concepts";
import { outOfDomain, unsupportedFact } from "./stages/domain";
import { classifyIntent, type IntentReading } from "./stages/intent";
import { findPeriods, type Period } from "./stages/periods";
import { detectSmallTalk, type SmallTalk } from "./stages/smalltalk";
import { hasBackReference, resolveBackReference, splitOverFilms, splitQuestion } from "./stages/split";
import { unknownNames } from "./stages/unknown-names";

/** One question of the message, read on its own. */
export interface PartUnderstanding extends IntentReading {
  id: string;
  /** The part's text, with a back-reference ("it") replaced by the name it points to. */
  text: string;
  analysis: QuestionAnalysis;
  concepts: ConceptRef[];
  periods: Period[];
  /** Names the user gave that match nothing well enough, with the closest KB names. */
  notFound: { text: string; closest: string[] }[];
}

/** What the question asks, read in small named stages; every strategy plans from it. */
export interface Understanding {
  intent: Intent;
  smalltalk?: SmallTalk;
  parts: PartUnderstanding[];
  /** One line per stage, for the trace. */
  stages: string[];
  /** Out of domain because it asks a fact the KB does not hold: the word that asks it ("composed", "oscar"). */
  unsupportedFact?: string;
}

const CONFIDENT = 0.7;

/**
 * The part names a film or person the KB does not have and no other film or person: it is answered
 * "not found", never searched from a kind of film or word that happened to link ("how long is the movie zzqxv").
 */
export function onlyUnknownNames(part: Pick<PartUnderstanding, "notFound" | "analysis">): boolean {
  return part.notFound.length > 0 && !part.analysis.topics.some((t) => t.confidence >= 0.5 && (t.types.includes("Movie") || t.types.includes("Person")));
}

/** The same mentions for the same text and limit, looked up once per question. */
function memoized(linker: EntityLinker): EntityLinker {
  const seen = new Map<string, Mention[]>();
  return {
    link: (mention, options) => linker.link(mention, options),
    findMentions: (text, options) => {
      const key = `${options?.limit ?? ""}\u0000${text}`;
      let hit = seen.get(key);
      if (!hit) seen.set(key, (hit = linker.findMentions(text, options)));
      return hit;
    },
  };
}

export async function understandQuestion(question: string, kb: KnowledgeBase): Promise<Understanding> {
  const stages: string[] = [];
  const smalltalk = detectSmallTalk(question);
  if (smalltalk) return { intent: "chitchat", smalltalk, parts: [], stages: [`smalltalk: ${smalltalk}`] };

  const linker = memoized(calibratedLinker(kb.linker, (w) => kb.words.share(w)));
  // Each text is analysed once: the split, the per-film split and the parts read the same analyses.
  const analyses = new Map<string, QuestionAnalysis>();
  const analyze = (text: string) => analyses.get(text) ?? (analyses.set(text, analyzeQuestion(text, linker)), analyses.get(text)!);
  const names = linker.findMentions(question, { limit: 8 }).filter((m) => m.confidence >= CONFIDENT && /\s/.test(m.text));
  const pieces = splitQuestion(question, names).flatMap((piece) => {
    const a = analyze(piece.text);
    const films = a.topics.filter((t) => t.confidence >= CONFIDENT && t.type === "Movie").map((t) => ({ start: a.tokens[t.tokenStart]!.start, end: a.tokens[t.tokenEnd - 1]!.end }));
    return splitOverFilms(piece.text, films, a.answer.edge !== undefined).map((text) => ({ ...piece, text }));
  });
  stages.push(`split: ${pieces.length} part(s)${pieces.length > 1 ? `: ${pieces.map((p) => JSON.stringify(p.text)).join(" | ")}` : ""}`);
  const parts: PartUnderstanding[] = [];
  for (const [i, piece] of pieces.entries()) {
    let text = piece.text;
    let analysis = analyze(text);
    const anchor = parts[0]?.analysis.topics.find((t) => t.confidence >= 0.5 && (t.types.includes("Movie") || t.types.includes("Person")));
    if (i > 0 && anchor && !analysis.topics.some((t) => t.confidence >= CONFIDENT && (t.types.includes("Movie") || t.types.includes("Person")))) {
      text = resolveBackReference(text, anchor.name);
      analysis = analyze(text);
      stages.push(`back-reference: part ${i + 1} is about ${anchor.name}: ${JSON.stringify(text)}`);
    }
    const tokens = wordTokens(text);
    const periods = findPeriods(text);
    const inEntity = (k: number) => analysis.topics.some((t) => t.confidence >= CONFIDENT && (t.types.includes("Movie") || t.types.includes("Person")) && k >= t.tokenStart && k < t.tokenEnd);
    const inPeriod = (k: number) => periods.some((p) => tokens[k]!.start >= p.start && tokens[k]!.end <= p.end);
    const concepts = await findConcepts(tokens, kb, (k) => inEntity(k) || inPeriod(k));
    // "westerns from 1969": a year inside a period phrase beside a kind of film is the period, not the film "1969".
    if (concepts.some((c) => c.strong) && analysis.answer.type !== "Person") {
      const inSpan = (t: { tokenStart: number }) => inPeriod(t.tokenStart);
      if (analysis.topics.some((t) => t.types.includes("Year") && inSpan(t))) analysis = { ...analysis, topics: analysis.topics.filter((t) => !(t.types.includes("Year") && inSpan(t))) };
    }
    // "what westerns came out in 1969": a kind of film right after the question word is what is asked for.
    const phrase = analysis.answer.phrase;
    if (phrase && concepts.some((c) => c.cued && c.tokenStart >= phrase.from && c.tokenStart <= phrase.from + 2 && c.tokenEnd <= phrase.to)) analysis = { ...analysis, answer: { ...analysis.answer, type: "Movie", edge: undefined } };
    // "what was released in 1999", "what came out in the 80s": with no film or person named, a release asked within a period asks for the films.
    const named = analysis.topics.some((t) => t.confidence >= CONFIDENT && (t.types.includes("Movie") || t.types.includes("Person")));
    if (analysis.answer.edge === "RELEASED_IN" && periods.some((p) => !p.negated) && !named) analysis = { ...analysis, answer: { ...analysis.answer, type: "Movie", edge: undefined } };
    const reading = classifyIntent(tokens, analysis, concepts, periods);
    // "who directed se7en? who starred in it?": "it" is the name the first part could not find.
    const ownNames = analysis.topics.some((t) => t.confidence >= CONFIDENT && (t.types.includes("Movie") || t.types.includes("Person")));
    const inherited = i > 0 && !anchor && !ownNames && hasBackReference(text) ? (parts[0]?.notFound ?? []) : [];
    const notFound = reading.intent === "plot" ? [] : inherited.length ? inherited : unknownNames(text, tokens, analysis, kb);
    // A linked word inside a longer name the KB does not have ("Monster" in "The Flying Spaghetti Monster") is not what the user meant.
    const inUnknown = (t: { tokenStart: number }) => notFound.some((n) => { const at = text.indexOf(n.text); return at >= 0 && tokens[t.tokenStart]!.start >= at && tokens[t.tokenStart]!.end <= at + n.text.length; });
    if (notFound.length) analysis = { ...analysis, topics: analysis.topics.filter((t) => !inUnknown(t)) };
    parts.push({ id: `p${i + 1}`, text, analysis, concepts, periods, notFound, ...reading });
    stages.push(
      `part ${i + 1}: ${reading.intent} (${reading.reason}); entities: ${analysis.topics.map((t) => `${t.name} ${t.type} ${t.confidence.toFixed(2)}`).join(", ") || "none"}; concepts: ${concepts.map((c) => `${c.label}${c.cued ? "" : "?"}`).join(", ") || "none"}; periods: ${periods.map((p) => `${p.from}–${p.to}`).join(", ") || "none"}${notFound.length ? `; not found: ${notFound.map((n) => n.text).join(", ")}` : ""}`,
    );
  }
  const ood = outOfDomain(question, parts);
  const missing = ood ? unsupportedFact(question, parts) : undefined;
  if (ood) return { intent: "out_of_domain", parts, stages: [...stages, `domain: ${ood}`], ...(missing ? { unsupportedFact: missing } : {}) };
  const intent: Intent = parts.length > 1 ? "multi_part" : parts[0]?.intent ?? "fact";
  return { intent, parts, stages };
}
