import { linksWhole } from "../../linking/match";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import { QUESTION_WORDS } from "../../linking/question-words";
import { STOP_WORDS, linkKey, type WordToken } from "../../util/text";
import { ROLE_WORDS } from "../lexicon/linking";
import { CONCEPT_HEAD_WORDS, CONCEPT_LEAD_WORDS, CONCEPT_SYNONYMS } from "../lexicon/concepts";
import { DESCRIBED_PEOPLE } from "../lexicon/relations";

/**
 * A kind of film the question names ("westerns", "sci-fi", "movies about vampires"), resolved to
 * every name the data uses for it: KB genres and tags, TMDB genres and keywords.
 */
export interface ConceptRef {
  label: string;
  text: string;
  /** Token span [tokenStart, tokenEnd). */
  tokenStart: number;
  tokenEnd: number;
  genres: string[];
  tags: string[];
  tmdbGenres: string[];
  keywords: string[];
  /** Said as a kind of film ("X movies", "films about X", a plural genre noun), not just a word. */
  cued: boolean;
  /** Cued, or a word that names a genre or a listed kind of film on its own ("comedy", "sci-fi"). */
  strong: boolean;
}

const HEADS = new Set(CONCEPT_HEAD_WORDS);
const LEADS = new Set(CONCEPT_LEAD_WORDS);
const MAX_WORDS = 3;
const ROLE = new Set(ROLE_WORDS);

interface Vocabulary {
  kb: Map<string, { genres: string[]; tags: string[] }>;
  tmdb: Map<string, { genres: string[]; keywords: string[] }>;
}

const vocabularies = new WeakMap<KnowledgeBase, Vocabulary>();

/** The KB's genre and tag names and TMDB's genres and keywords, by folded name (built once per KB). */
async function vocabulary(kb: KnowledgeBase): Promise<Vocabulary> {
  const hit = vocabularies.get(kb);
  if (hit) return hit;
  const v: Vocabulary = { kb: new Map(), tmdb: new Map() };
  for (const g of kb.catalog?.genres() ?? []) entry(v.tmdb, linkKey(g.name), () => ({ genres: [], keywords: [] })).genres.push(g.name);
  for (const k of kb.catalog?.keywords() ?? []) entry(v.tmdb, linkKey(k.name), () => ({ genres: [], keywords: [] })).keywords.push(k.name);
  vocabularies.set(kb, v);
  return v;
}

function entry<V>(m: Map<string, V>, k: string, make: () => V): V {
  let e = m.get(k);
  if (!e) m.set(k, (e = make()));
  return e;
}

/** A listed kind by its folded phrase: own entries only ("constructor" is no kind of film, whatever an object inherits). */
function synonym(key: string): (typeof CONCEPT_SYNONYMS)[string] | undefined {
  return Object.hasOwn(CONCEPT_SYNONYMS, key) ? CONCEPT_SYNONYMS[key] : undefined;
}

/** "comedies" → "comedy", "westerns" → "western", "heists" → "heist". */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Finds concept words: longest spans first, each looked up in the synonym table, then as a KB genre
 * or tag, then as a TMDB genre or keyword (singular and plural both). A concept is `cued` when the
 * wording makes it a kind of film; uncued ones are kept for the intent stage to weigh.
 */
export async function findConcepts(tokens: readonly WordToken[], kb: KnowledgeBase, skip: (i: number) => boolean = () => false): Promise<ConceptRef[]> {
  const vocab = await vocabulary(kb);
  const out: ConceptRef[] = [];
  const taken = new Set<number>();
  for (let len = MAX_WORDS; len >= 1; len--) {
    for (let i = 0; i + len <= tokens.length; i++) {
      if (range(i, len).some((j) => taken.has(j) || skip(j))) continue;
      const found = conceptAt(tokens, i, len, kb, vocab);
      if (!found) continue;
      out.push(found);
      for (const j of range(i, len)) taken.add(j);
    }
  }
  return out.sort((a, b) => a.tokenStart - b.tokenStart);
}

const range = (from: number, len: number) => Array.from({ length: len }, (_, k) => from + k);
const hasGenre = (ref: { genres: readonly string[]; tmdbGenres: readonly string[] }) => ref.genres.length + ref.tmdbGenres.length > 0;

/** The concept the `len` words at `i` name, if any. */
function conceptAt(tokens: readonly WordToken[], i: number, len: number, kb: KnowledgeBase, vocab: Vocabulary): ConceptRef | undefined {
  const words = tokens.slice(i, i + len).map((t) => t.folded);
  // Question wording ("films", "actors", "language", "kind") is never a kind of film, and a span
  // ending in a film word ("heist film") is the kind plus the word that cues it.
  if (words.every((w) => QUESTION_WORDS.has(w) || STOP_WORDS.has(w) || ROLE.has(w))) return undefined;
  const key = words.join(" ");
  const one = words.slice(0, -1).concat(singular(words[len - 1]!)).join(" ");
  // A listed kind may end in a film word ("true story"); others do not.
  if (len > 1 && HEADS.has(words[len - 1]!) && !synonym(key) && !synonym(one)) return undefined;
  // The synonym table first, in either number ("vampires" → every name for vampire films), then the data's own names.
  const ref = (synonym(key) || !synonym(one) ? lookup(key, kb, vocab) : undefined) ?? lookup(one, kb, vocab) ?? lookup(key, kb, vocab);
  if (!ref) return undefined;
  // A rare multi-word tag ("french comedy") whose words are each a kind of film or a language reads
  // better as those words: "french" + "comedies". Only then: "haunted house" stays one kind.
  if (len > 1 && !ref.fromSynonym && !hasGenre(ref) && words.every((w) => genreOrLanguage(w, kb, vocab))) return undefined;
  const cued = cuedAsKind(tokens[i - 1]?.folded, tokens[i + len]?.folded, one !== key && (hasGenre(ref) || ref.fromSynonym));
  const strong = cued || ref.fromSynonym || hasGenre(ref);
  return { label: ref.label, text: tokens.slice(i, i + len).map((t) => t.text).join(" "), tokenStart: i, tokenEnd: i + len, genres: ref.genres, tags: ref.tags, tmdbGenres: ref.tmdbGenres, keywords: ref.keywords, cued, strong };
}

/**
 * The wording makes a kind of film of the words: a film word after them, a lead before them ("movies about"), or a
 * plural of a genre or a listed kind. A word right before people of the story describes them, not the film ("a movie
 * about old guys who rob a bank").
 */
function cuedAsKind(prev: string | undefined, next: string | undefined, pluralKind: boolean): boolean {
  if (next !== undefined && DESCRIBED_PEOPLE.has(next)) return false;
  return (next !== undefined && HEADS.has(next)) || (prev !== undefined && LEADS.has(prev)) || pluralKind;
}

function genreOrLanguage(w: string, kb: KnowledgeBase, vocab: Vocabulary): boolean {
  const one = lookup(w, kb, vocab) ?? lookup(singular(w), kb, vocab);
  return (one !== undefined && hasGenre(one)) || kb.linker.link(w, { types: ["Language"], limit: 1, exact: true }).some(linksWhole);
}

function lookup(key: string, kb: KnowledgeBase, vocab: Vocabulary): (Omit<ConceptRef, "text" | "tokenStart" | "tokenEnd" | "cued" | "strong"> & { fromSynonym: boolean }) | undefined {
  const syn = synonym(key);
  if (syn) {
    const tags = (syn.tags ?? []).filter((t) => kb.linker.link(t, { types: ["Tag"], limit: 1, exact: true }).some((c) => c.id === t));
    return { label: syn.label, genres: syn.genres ?? [], tags, tmdbGenres: syn.tmdbGenres ?? [], keywords: syn.keywords ?? [], fromSynonym: true };
  }
  if (key.length < 3 || /^\d+$/.test(key)) return undefined;
  const kbHits = kb.linker.link(key, { types: ["Genre", "Tag"], limit: 3, exact: true }).filter((c) => c.match === "exact" || (c.match === "folded" && linkKey(c.name) === key));
  const tmdb = vocab.tmdb.get(key);
  if (kbHits.length === 0 && !tmdb) return undefined;
  return {
    label: key,
    genres: kbHits.filter((c) => c.types.includes("Genre")).map((c) => c.id),
    tags: kbHits.filter((c) => c.types.includes("Tag")).map((c) => c.id),
    tmdbGenres: tmdb?.genres ?? [],
    keywords: tmdb?.keywords ?? [],
    fromSynonym: false,
  };
}
