import { createRequire } from "node:module";
import type { PartOfSpeech, WinkMethods } from "wink-nlp";
import type { Model } from "wink-eng-lite-web-model";
import { capitalised, foldText } from "../../../util/text";

/**
 * The one place that reads text with wink-nlp (its English lite model ships inside the npm package:
 * no download, no model weights elsewhere). A text becomes word tokens with their part of speech,
 * lemma, case and place in the sentence; everything after this works on those tokens.
 */
export interface TextToken {
  /** As written. */
  text: string;
  /** `foldText` of the word (one word: wink splits "Rogue's" into "Rogue" and "'s"). */
  folded: string;
  pos: PartOfSpeech;
  /** Folded lemma ("stories" → "story"); the folded word itself where wink has none. */
  lemma: string;
  /** Written with a capital first letter. */
  capital: boolean;
  /** First word of its sentence (where a capital says nothing). */
  sentenceStart: boolean;
  /** The punctuation between it and the word before ("(" in "Williams (Ice Cube)"), "" for none: no name runs across it. */
  punctuationBefore: string;
}

let nlp: WinkMethods | undefined;
let probe: ReturnType<WinkMethods["readDoc"]> | undefined;

/**
 * wink and its model are loaded on first read, not on import: a service that opens a snapshot never
 * reads text, and the model's tables cost about 18 MiB resident once loaded (50 once instantiated).
 */
function reader(): WinkMethods {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require("wink-nlp") as (model: Model, pipe?: string[]) => WinkMethods;
    nlp = winkNLP(require("wink-eng-lite-web-model") as Model, ["sbd", "pos"]);
  }
  return nlp;
}

/** The word tokens of a text, one list per line (merged plots are several films' lines). */
export function readTokens(text: string): TextToken[][] {
  const out: TextToken[][] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    out.push(readLine(line));
  }
  return out;
}

function readLine(line: string): TextToken[] {
  const w = reader();
  const doc = w.readDoc(line);
  const tokens = doc.tokens();
  const texts = tokens.out();
  const pos = tokens.out(w.its.pos) as PartOfSpeech[];
  // wink's type for its.lemma (it takes the model's add-ons) does not fit out()'s signature; the call is the documented one.
  const lemmas = (tokens.out as (f: unknown) => string[])(w.its.lemma);
  const starts = new Set<number>();
  for (const span of doc.sentences().out(w.its.span) as unknown as [number, number][]) starts.add(span[0]);
  const out: TextToken[] = [];
  let sentenceStart = false;
  let punctuationBefore = "";
  for (let i = 0; i < texts.length; i++) {
    if (starts.has(i)) sentenceStart = true;
    const text = texts[i]!;
    const p = pos[i]!;
    if (p === "PUNCT" || p === "SPACE" || p === "SYM") {
      // A sentence may open with a quote or a dash: the next word is still its first.
      if (p === "PUNCT" && /[.!?]/.test(text)) sentenceStart = true;
      if (p !== "SPACE" && !/^['’]/.test(text)) punctuationBefore += text;
      continue;
    }
    const folded = foldText(text);
    if (folded === "" || folded.includes(" ")) continue;
    const lemma = foldText(lemmas[i] ?? "") || folded;
    out.push({ text, folded, pos: p, lemma: lemma.includes(" ") ? folded : lemma, capital: capitalised(text), sentenceStart, punctuationBefore });
    sentenceStart = false;
    punctuationBefore = "";
  }
  return out;
}

/**
 * Whether wink's lexicon knows the (lower-case) word or the word it inflects ("smugglers" →
 * "smuggler"): the lexicon holds common English words, not names.
 */
export function isKnownWord(word: string): boolean {
  let known = knownWords.get(word);
  if (known === undefined) {
    probe ??= reader().readDoc("");
    if (!probe.isOOV(word)) known = true;
    else {
      const lemma = readLine(word)[0]?.lemma;
      known = lemma !== undefined && lemma !== word && !probe.isOOV(lemma);
    }
    knownWords.set(word, known);
  }
  return known;
}

const knownWords = new Map<string, boolean>();
const loneTags = new Map<string, PartOfSpeech | undefined>();

/** The part of speech wink gives a word said alone (a common word's usual one). */
export function loneWordTag(word: string): PartOfSpeech | undefined {
  if (!loneTags.has(word)) loneTags.set(word, readLine(word)[0]?.pos);
  return loneTags.get(word);
}

/** The lemma of a phrase's last word when it is a known noun ("drugs" → "drug"), for merging plural spellings. */
export function singularHead(folded: string): string {
  const words = folded.split(" ");
  const last = words[words.length - 1]!;
  if (last.length < 4 || !last.endsWith("s") || !isKnownWord(last)) return folded;
  const [token] = readLine(last);
  // Alone, a plural noun may read as a verb ("outlaws"); either way its lemma is the singular.
  if (!token || (token.pos !== "NOUN" && token.pos !== "VERB") || token.lemma === last || !isKnownWord(token.lemma)) return folded;
  words[words.length - 1] = token.lemma;
  return words.join(" ");
}
