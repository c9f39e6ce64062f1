import { STOP_WORDS, foldText } from "../../../util/text";
import { NOT_NAMES } from "./lexicon";
import { isKnownWord, loneWordTag, type TextToken } from "./nlp";

/**
 * Which lower-case words are names. The plots are lower-cased, so a name there is recognised by
 * data, not by its capital: how the word is written where case survives (the TMDB overviews:
 * capitalised in mid-sentence or not), and, for words the overviews never use, whether wink's
 * lexicon of common English words knows it (it holds no names: "prague", "abby" and "london" are
 * unknown to it, "rose" and "will" are known).
 */
export interface CaseCounts {
  /** Written with a capital, not as a sentence's first word. */
  capital: number;
  lower: number;
}

/** How a word is used in the lower-cased plots: how often, and how often right after a determiner ("the hall"). */
export interface PlotUsage {
  uses: number;
  afterDeterminer: number;
}

export interface NameEvidence {
  cased: ReadonlyMap<string, CaseCounts>;
  plots: ReadonlyMap<string, PlotUsage>;
  /** How many KB people have each folded first name ("john" → 476). */
  firstNames: ReadonlyMap<string, number>;
  /** Words that are languages in the KB ("french", "japanese"): nationalities, not places. */
  languages: ReadonlySet<string>;
}

export class NameModel {
  private readonly notNames: Set<string>;
  private readonly memo = new Map<string, boolean>();

  constructor(private readonly evidence: NameEvidence) {
    this.notNames = new Set([...NOT_NAMES, ...evidence.languages]);
  }

  /** Counts of case from cased texts (overviews). */
  static countCase(docs: Iterable<TextToken[]>): Map<string, CaseCounts> {
    const out = new Map<string, CaseCounts>();
    for (const tokens of docs) {
      for (const t of tokens) {
        if (!/^\p{L}/u.test(t.text)) continue;
        let c = out.get(t.folded);
        if (!c) out.set(t.folded, (c = { capital: 0, lower: 0 }));
        if (!t.capital) c.lower++;
        else if (!t.sentenceStart) c.capital++;
      }
    }
    return out;
  }

  /** Whether a folded word is a name wherever it stands (before looking at its neighbours). */
  isName(word: string): boolean {
    let hit = this.memo.get(word);
    if (hit === undefined) this.memo.set(word, (hit = this.decide(word)));
    return hit;
  }

  private decide(word: string): boolean {
    if (word.length < 2 || /\d/.test(word) || STOP_WORDS.has(word) || this.notNames.has(word)) return false;
    const c = this.evidence.cased.get(word) ?? { capital: 0, lower: 0 };
    // "Americans", "Germans": the plural of a nationality is no one's name.
    if (word.endsWith("s") && isKnownWord(word.slice(0, -1)) && loneWordTag(word.slice(0, -1)) === "ADJ") return false;
    if (!isKnownWord(word)) {
      // Unknown to the lexicon of common words: a name, unless the overviews mostly write it in lower case.
      return c.capital + c.lower < 2 || c.capital >= c.lower;
    }
    // A common word ("jack", "rose", "will", "american") is a name only where the overviews nearly
    // always capitalise it, the plots seldom put a determiner before it ("the hall"), and it is no adjective.
    const p = this.evidence.plots.get(word);
    if (p && p.afterDeterminer > 0.15 * p.uses) return false;
    return c.capital >= 3 && c.capital >= 3 * c.lower && loneWordTag(word) !== "ADJ";
  }

  /** Whether a folded word is many KB people's first name (a character's name more likely than a place's). */
  isFirstName(word: string): boolean {
    return this.firstNameCount(word) >= 2;
  }

  firstNameCount(word: string): number {
    return this.evidence.firstNames.get(word) ?? 0;
  }
}

/** Word uses in lower-cased texts, counted with a plain split (the plots carry no punctuation). */
export function countPlotUsage(texts: Iterable<string>, determiners: ReadonlySet<string>): Map<string, PlotUsage> {
  const out = new Map<string, PlotUsage>();
  for (const text of texts) {
    let prev = "";
    for (const w of text.split(/\s+/)) {
      if (!w) continue;
      let u = out.get(w);
      if (!u) out.set(w, (u = { uses: 0, afterDeterminer: 0 }));
      u.uses++;
      if (determiners.has(prev)) u.afterDeterminer++;
      prev = w;
    }
  }
  return out;
}

/** Folded first names of the KB's people, with how many people have each. */
export function countFirstNames(people: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const name of people) {
    const first = foldText(name).split(" ")[0] ?? "";
    if (first.length >= 2 && !/\d/.test(first)) out.set(first, (out.get(first) ?? 0) + 1);
  }
  return out;
}
