import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { WordToken } from "../../util/text";
import { STOP_WORDS } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";
import type { QuestionAnalysis } from "../analyze";

/** Lowercase words a name may hold between capitalised ones ("Return of the Jedi"). */
const CONNECTORS = ["of", "the", "in", "a"];

/**
 * Names the user wrote that the KB does not have: a quoted phrase, or a run of capitalised words
 * inside the sentence, that no confident mention covers. Each comes with the closest KB names, so
 * the answer can say "not found" and suggest them instead of guessing.
 */
export function unknownNames(text: string, tokens: readonly WordToken[], analysis: QuestionAnalysis, kb: KnowledgeBase): { text: string; closest: string[] }[] {
  const covered = (t: WordToken) => analysis.topics.some((m) => m.confidence >= 0.5 && t.start >= tokens[m.tokenStart]!.start && t.end <= tokens[Math.max(m.tokenStart, m.tokenEnd - 1)]!.end);
  const spans: string[] = [];
  for (const m of text.matchAll(/["“]([^"”]{2,80})["”]/g)) spans.push(m[1]!);
  let run: WordToken[] = [];
  const flush = () => {
    while (run.length && CONNECTORS.includes(run[run.length - 1]!.folded)) run.pop();
    const content = run.filter((t) => !STOP_WORDS.has(t.folded) && !QUESTION_WORDS.has(t.folded));
    // Linked names joined by a connector ("Claudette Colbert in It Happened One Night") are two known names, not one unknown.
    const words = run.filter((t) => !CONNECTORS.includes(t.folded) || /^\p{Lu}/u.test(t.text));
    if (content.length >= 1 && run.length >= 2 && !words.every(covered)) spans.push(text.slice(run[0]!.start, run[run.length - 1]!.end));
    run = [];
  };
  // Runs of capitalised words, mentions included: "The Flying Spaghetti Monster" is one name even if "Monster" links.
  tokens.forEach((t, i) => {
    const capital = /^\p{Lu}/u.test(t.text) && i > 0;
    if (capital || (run.length && CONNECTORS.includes(t.folded))) run.push(t);
    else flush();
  });
  flush();
  const out: { text: string; closest: string[] }[] = [];
  for (const s of new Set(spans.map((x) => x.replace(/\s+(of|the|and|in|a)$/i, "").trim()))) {
    const cands = kb.linker.link(s, { types: ["Movie", "Person"], limit: 3 });
    if (cands[0] && (cands[0].match === "exact" || cands[0].match === "folded" || (cands[0].match === "fuzzy" && cands[0].score >= 0.8))) continue;
    out.push({ text: s, closest: cands.map((c) => c.name) });
  }
  return out;
}
