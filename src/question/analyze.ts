import type { EntityCandidate, EntityLinker } from "../ports/entity-linker";
import { EDGE_SPECS, type EdgeType, type NodeType } from "../kb/schema";
import { QUESTION_WORDS } from "../linking/question-words";
import { NATIONALITIES_BESIDE_LANGUAGES } from "./lexicon/linking";
import { ARTICLES, STOP_WORDS, entryOf, wordTokens, type WordToken } from "../util/text";
import { loneWordTag } from "../kb/concepts/offline/nlp";
import { CAST_LEAD_OPENERS, CAST_LEAD_WORDS, CREW_ROLE_MODIFIERS, DESCRIBED_PEOPLE, LEAD_ROLE_OPENERS, NOUN_ONLY_RELATION_WORDS, NOUN_VERB_KEEPERS, ROLE_PART_WORDS, MOVIE_WORDS, PERSON_WORDS, QUALITY_WORDS, SHARING_WORDS, WORD_TO_EDGES, WORK_WORDS, MAKING_VERB_FORMS, PLAIN_MAKING_VERBS, makesFilm } from "./lexicon/relations";
import { ELSE_ASKED, ELSE_DONE_AUXILIARIES, NUMBER_WORDS } from "./lexicon/cues";
import { ASKING_AUXILIARIES } from "./lexicon/followup";
import { COPULA_OPENERS, FACT_PHRASES, KIND_OF_LEADS } from "./lexicon/shapes";
import { singular } from "./stages/concepts";

/**
 * What a question asks, read without a model: the entities it names (no brackets needed), the
 * relation words around them, what kind of answer it wants, and the set operations, counts and
 * constraints it implies. Tools use it to score graph paths; the planner uses it to plan.
 */
export interface QuestionAnalysis {
  question: string;
  tokens: WordToken[];
  topics: TopicEntity[];
  constraints: Constraint[];
  cues: RelationCue[];
  answer: AnswerSpec;
  /** "share", "same", "also", "together": the question goes through a shared value and back. */
  sharing: boolean;
  operators: Operator[];
  /** "some good movies with tom hanks": a quality word on the films asked, a wish for the better ones, not a rating asked. */
  quality?: { word: string; token: number };
}

export interface TopicEntity {
  id: string;
  name: string;
  type: NodeType;
  types: NodeType[];
  text: string;
  /** Token span [tokenStart, tokenEnd) of the mention. */
  tokenStart: number;
  tokenEnd: number;
  confidence: number;
  alternatives: EntityCandidate[];
}

export interface RelationCue {
  edge: EdgeType;
  weight: number;
  token: number;
  word: string;
  /** Part of the phrase that describes the answer ("which actors", "were directed by who"). */
  inAnswerPhrase: boolean;
}

export interface AnswerSpec {
  type?: NodeType;
  /** The relation that leads to the answer, when the answer phrase names one. */
  edge?: EdgeType;
  phrase?: { from: number; to: number };
}

export type Constraint =
  | { kind: "year"; from: number; to: number; text: string }
  | { kind: "entity"; id: string; type: NodeType; text: string };

export type Operator =
  | { kind: "intersection"; topics: string[] }
  | { kind: "union"; topics: string[] }
  | { kind: "count"; min?: number; text: string }
  | { kind: "aggregate"; text: string };

const LEAD_WORDS: ReadonlySet<string> = new Set(CAST_LEAD_WORDS);
const LEAD_ROLE: ReadonlySet<string> = new Set(LEAD_ROLE_OPENERS);
const ROLE_PARTS: ReadonlySet<string> = new Set(ROLE_PART_WORDS);

/** "the main role", "the leading roles": a role word after a word that makes it the leading part. */
export function isLeadRole(tokens: readonly { folded: string }[], i: number): boolean {
  return ROLE_PARTS.has(tokens[i]?.folded ?? "") && LEAD_ROLE.has(tokens[i - 1]?.folded ?? "");
}

/** "the lead", "the female lead", "the main role": the leading part of a cast, with its article ("by lead" still directs). */
export function isCastLead(tokens: readonly { folded: string }[], i: number): boolean {
  const theLead = tokens[i - 1]?.folded === "the" || (LEAD_OPENERS.has(tokens[i - 1]?.folded ?? "") && tokens[i - 2]?.folded === "the");
  return (LEAD_WORDS.has(tokens[i]?.folded ?? "") && theLead) || isLeadRole(tokens, i);
}
const LEAD_OPENERS: ReadonlySet<string> = new Set(CAST_LEAD_OPENERS);
const WH = new Set(["who", "whom", "whose", "what", "which", "when", "where", "how"]);
const VALUE_TYPE: Partial<Record<EdgeType, NodeType>> = {
  RELEASED_IN: "Year",
  IN_LANGUAGE: "Language",
  HAS_GENRE: "Genre",
  HAS_TAG: "Tag",
  HAS_RATING: "Rating",
  HAS_VOTES: "Votes",
};
const ROLE_EDGES: ReadonlySet<EdgeType> = new Set(["DIRECTED", "WROTE", "ACTED_IN"]);
/** Nouns for the people in a role ("directors", "actresses", "screenwriters"), as opposed to verbs. */
const ROLE_NOUN = /(?:or|ors|er|ers|ess|esses|ist|ists)$/;
const CONSTRAINT_TYPES: ReadonlySet<NodeType> = new Set(["Genre", "Language", "Tag", "Year", "Rating", "Votes"]);
const YEAR_PREPOSITIONS = new Set(["in", "from", "during", "since", "after", "before", "released", "year", "of"]);
const QUALIFIER_WORDS = new Set(["in", "about", "with", "featuring", "on"]);
const MIN_MENTION_CONFIDENCE = 0.35;
/** Words of a request that may stand before the noun naming the answer ("name the directors", "list all actors"). */
const REQUEST_WORDS = new Set(["name", "list", "show", "give", "tell", "me", "us", "the", "a", "an", "one", "some", "any", "all", "every", "find", "please"]);
/** Nouns a relative "who"/"which" follows ("the people who …", "the guy who …", "films which …"). */
const RELATIVE_HEADS = new Set([...PERSON_WORDS, ...MOVIE_WORDS, "guy", "guys", "man", "men", "woman", "women", "one", "ones", "those", "actor", "actors", "actress", "director", "directors", "writer", "writers"]);
const REQUEST_VERBS = new Set(["name", "list", "show", "give", "tell", "find", "please"]);

/** Names read from one question at most: enough for the twelve choices a follow-up offers and the names asked of them. */
export const MAX_MENTIONS = 16;

/** A mention this unsure claims no relation word under it ("which director has the most films": "director" is no tag). */
const UNSURE_MENTION = 0.35;

export function analyzeQuestion(question: string, linker: EntityLinker): QuestionAnalysis {
  const tokens = wordTokens(question);
  const tokenAt = (offset: number) => tokens.findIndex((t) => t.start <= offset && offset < t.end);
  const found = linker.findMentions(question, { limit: MAX_MENTIONS }).filter((m) => m.candidates.length > 0);
  // Weak spans are dropped, unless nothing else names an entity ("movies described by nature").
  const confident = found.filter((m) => m.confidence >= MIN_MENTION_CONFIDENCE);
  const mentions = (confident.length ? confident : found.slice(0, 1))
    .map((m) => {
      const tokenStart = Math.max(0, tokenAt(m.start));
      let tokenEnd = tokenStart;
      while (tokenEnd < tokens.length && tokens[tokenEnd]!.start < m.end) tokenEnd++;
      const top = m.candidates[0]!;
      return { id: top.id, name: top.name, type: top.type, types: top.types, text: m.text, tokenStart, tokenEnd, confidence: m.confidence, alternatives: m.candidates } satisfies TopicEntity;
    })
    .sort((a, b) => a.tokenStart - b.tokenStart);

  const { topics, constraints } = splitTopicsAndConstraints(mentions, tokens, question);
  const inMention = new Set<number>();
  for (const m of mentions) for (let i = m.tokenStart; i < m.tokenEnd; i++) inMention.add(i);

  const cues: RelationCue[] = [];
  // "good westerns", "a great comedy": a genre said as a noun names films as a film word does.
  const genreNoun = (w: string) => [w, singular(w)].some((x) => linker.link(x, { types: ["Genre"], limit: 1, exact: true }).length > 0);
  const described = (i: number) => qualityOf(tokens, i, genreNoun) ?? musicScore(tokens, i);
  const nationality = (w: string) => NATIONALITIES.has(w) || linker.link(w, { types: ["Language"], limit: 1, exact: true }).length > 0;
  // A relation word under an unsure mention ("director" as a tag, at 0.25) is the relation word: evidence before guesses.
  const unsure = new Set<number>();
  for (const m of mentions) if (m.confidence < UNSURE_MENTION) for (let i = m.tokenStart; i < m.tokenEnd; i++) unsure.add(i);
  tokens.forEach((t, i) => {
    if ((inMention.has(i) && !unsure.has(i)) || described(i) || storyVerb(tokens, i) || storyRole(tokens, i, genreNoun, nationality) || kindOfThing(tokens, i, genreNoun)) return;
    // "the female lead", "the lead in Rocky": the leading part, with its article, is a cast word ("by lead" still directs;
    // "a strong female lead" in a request is a taste, its own words).
    // "the main role in Gladiator" too.
    if (isCastLead(tokens, i)) return void cues.push({ edge: "ACTED_IN", weight: 1, token: i, word: t.folded, inAnswerPhrase: false });
    // "the theme song", "the love theme music": a word that only sometimes names a relation, right before a word of music, says which music.
    const ofMusic = MUSIC_WORDS.has(tokens[i + 1]?.folded ?? "");
    // "who wrote the score for titanic", "who made the music": a verb of making whose object is the music made asks who
    // made the music (a fact read on its own), not who wrote or made the film.
    if (makesMusic(tokens, i)) return;
    for (const { edge, weight } of WORD_TO_EDGES.get(t.folded) ?? []) if (weight >= 1 || !ofMusic) cues.push({ edge, weight, token: i, word: t.folded, inAnswerPhrase: false });
  });
  mergeAdjacentCues(cues, inMention);
  const answer = answerSpec(tokens, cues, mentions, question);
  // "who's in X", "who was in X": with no role word, the people in a film are its cast.
  if (answer.type === "Person" && !answer.edge && !cues.some((c) => ROLE_EDGES.has(c.edge))) {
    const at = tokens.findIndex((t, i) => t.folded === "in" && i <= 3 && tokens.slice(0, i).some((x) => x.folded === "who" || x.folded === "whos"));
    if (at >= 0 && !inMention.has(at)) {
      cues.push({ edge: "ACTED_IN", weight: 0.7, token: at, word: "in", inAnswerPhrase: true });
      answer.edge = "ACTED_IN";
    }
  }
  const sharing = tokens.some((t, i) => !inMention.has(i) && (SHARING_WORDS.has(t.folded) || t.folded.startsWith("co")  && WORD_TO_EDGES.has(t.folded.slice(2))));
  const onFilms = tokens.findIndex((_, i) => !inMention.has(i) && described(i) === "films");
  const quality = onFilms >= 0 ? { quality: { word: tokens[onFilms]!.folded, token: onFilms } } : {};
  return { question, tokens, topics, constraints, cues, answer, sharing, operators: operators(tokens, topics, inMention), ...quality };
}

const ASKING_AUX: ReadonlySet<string> = new Set(ASKING_AUXILIARIES);
/** The words of the kind-of leads before "of" ("kind", "types", "sorts"). */
const KIND_WORDS: ReadonlySet<string> = new Set(KIND_OF_LEADS.map((lead) => lead.split(" ")[0]!));

/**
 * "what kind of ball was wilson": a word of kind before "of" and a thing that is no film and no genre asks that thing's
 * kind, not a film's genre ("what kind of movie", "what type of comedy" still do).
 */
function kindOfThing(tokens: readonly WordToken[], i: number, genreNoun: (w: string) => boolean): boolean {
  const thing = tokens[i + 2]?.folded;
  if (!KIND_WORDS.has(tokens[i]!.folded) || tokens[i + 1]?.folded !== "of" || thing === undefined) return false;
  // "what sort of motion picture", "what kind of netflix film": a film word in the next words makes it a film's kind.
  const filmSaid = tokens.slice(i + 2, i + 4).some((t) => MOVIE_WORDS.has(t.folded));
  return !filmSaid && !STOP_WORDS.has(thing) && !genreNoun(thing) && !PERSON_WORDS.has(thing);
}
/** How many words a subject between "does" and its verb may have ("does the little girl date"). */
const SUBJECT_REACH = 3;

/**
 * A relation word that names its relation only as a noun, said where a verb comes: after an auxiliary and a subject of
 * a few plain words ("who does patrick date in …", "does she date him"), it is what someone does in a story.
 */
function storyVerb(tokens: readonly WordToken[], i: number): boolean {
  if (!NOUN_ONLY_RELATION_WORDS.has(tokens[i]!.folded) || NOUN_VERB_KEEPERS.has(tokens[i + 1]?.folded ?? "")) return false;
  for (let a = i - 2; a >= Math.max(0, i - 1 - SUBJECT_REACH); a--) {
    const subject = tokens.slice(a + 1, i);
    if (subject.some((t) => WORD_TO_EDGES.has(t.folded) || MOVIE_WORDS.has(t.folded))) return false;
    if (ASKING_AUX.has(tokens[a]!.folded)) return true;
  }
  return false;
}

const NATIONALITIES: ReadonlySet<string> = new Set(NATIONALITIES_BESIDE_LANGUAGES);
const MAKER_EDGES: ReadonlySet<string> = new Set(["DIRECTED", "WROTE"]);

/**
 * A maker's role noun after a noun that names no post in a film's making ("the camp director", "the school director"):
 * someone of the story, not the film's director. A post ("the assistant director"), a film word, a genre or music keeps it.
 */
function storyRole(tokens: readonly WordToken[], i: number, genreNoun: (word: string) => boolean, nationality: (word: string) => boolean): boolean {
  const modifier = tokens[i - 1]?.folded;
  if (modifier === undefined || !ARTICLES.has(tokens[i - 2]?.folded ?? "") || !(WORD_TO_EDGES.get(tokens[i]!.folded) ?? []).some((e) => MAKER_EDGES.has(e.edge) && e.weight >= 1)) return false;
  if (STOP_WORDS.has(modifier) || MOVIE_WORDS.has(modifier) || CREW_ROLE_MODIFIERS.has(modifier) || MUSIC_WORDS.has(modifier) || WORD_TO_EDGES.has(modifier) || genreNoun(modifier) || nationality(modifier)) return false;
  return loneWordTag(tokens[i]!.folded) === "NOUN" && loneWordTag(modifier) === "NOUN";
}

/** How far after a quality word a film word may come and still be what it describes ("a good old western movie"). */
const QUALITY_REACH = 3;
/** Words of music, from the facts a question may ask ("composed", "composer", "music", "musical"). */
/** A verb of making a film or a thing ("wrote", "made", "did") with the music made as its object, an article between or not. */
function makesMusic(tokens: readonly WordToken[], i: number): boolean {
  if (i < 0) return false;
  const object = tokens[ARTICLES.has(tokens[i + 1]?.folded ?? "") ? i + 2 : i + 1]?.folded ?? "";
  return (makesFilm(tokens[i]!.folded) || MAKING_VERBS.has(tokens[i]!.folded)) && (MUSIC_WORDS.has(object) || object === MUSIC_SCORE);
}
/** "score" is a film's music after a verb of making it ("wrote the score"), elsewhere a rating. */
const MUSIC_SCORE = "score";
const MAKING_VERBS: ReadonlySet<string> = new Set(MAKING_VERB_FORMS);
const MUSIC_WORDS: ReadonlySet<string> = new Set(FACT_PHRASES.filter((f) => f.fact === "music" && !f.phrase.includes(" ") && f.phrase !== "score").map((f) => f.phrase));
const IS_OPENERS: ReadonlySet<string> = new Set(COPULA_OPENERS);
const ELSE_DONE: ReadonlySet<string> = new Set(ELSE_DONE_AUXILIARIES);

/**
 * What a quality word ("good", "bad", "great") describes when it is no rating asked: a person in the story
 * right after it ("the bad guy"), or the films asked for, a film word or a genre's noun within a few words
 * ("some good movies", "a good comedy film", "good westerns"). Either way the word is a wish or a description, not the rating relation.
 */
function qualityOf(tokens: readonly WordToken[], i: number, genreNoun: (word: string) => boolean): "person" | "films" | undefined {
  if (!QUALITY_WORDS.has(tokens[i]!.folded)) return undefined;
  if (DESCRIBED_PEOPLE.has(tokens[i + 1]?.folded ?? "")) return "person";
  // "is die hard a good movie": in a yes/no question the quality is what is asked of the film.
  if (IS_OPENERS.has(tokens[0]?.folded ?? "")) return undefined;
  const ahead = tokens.slice(i + 1, i + 1 + QUALITY_REACH);
  return ahead.some((t) => MOVIE_WORDS.has(t.folded) || genreNoun(t.folded)) ? "films" : undefined;
}

/** "who composed the score for the lion king", "who wrote the score": after a word of music or a verb making it, "score" is the film's music, not its rating. */
function musicScore(tokens: readonly WordToken[], i: number): "music" | undefined {
  if (tokens[i]!.folded !== "score" && tokens[i]!.folded !== "scores") return undefined;
  return tokens.slice(0, i).some((t) => MUSIC_WORDS.has(t.folded)) || makesMusic(tokens, i - 1) || makesMusic(tokens, i - 2) ? "music" : undefined;
}

/**
 * Two words for one relation side by side ("language spoken", "release date") name it once: keep
 * the stronger and drop the other, so a path is not asked to follow the relation twice.
 */
function mergeAdjacentCues(cues: RelationCue[], inMention: Set<number>): void {
  for (let i = cues.length - 1; i > 0; i--) {
    const c = cues[i]!;
    const prev = cues.slice(0, i).reverse().find((p) => p.edge === c.edge);
    if (!prev || c.token - prev.token > 2) continue;
    let blocked = false;
    for (let t = prev.token + 1; t < c.token; t++) if (inMention.has(t) || cues.some((o) => o.token === t && o.edge !== c.edge)) blocked = true;
    if (blocked || cues.some((o) => o.token > prev.token && o.token < c.token && o.edge === c.edge)) continue;
    if (c.weight > prev.weight) cues.splice(cues.indexOf(prev), 1);
    else cues.splice(i, 1);
  }
}

function splitTopicsAndConstraints(mentions: TopicEntity[], tokens: WordToken[], question: string): { topics: TopicEntity[]; constraints: Constraint[] } {
  const constraints: Constraint[] = [];
  const periods = decades(question);
  constraints.push(...periods.map((p) => p.constraint));
  // A span a decade phrase already covers ("the 1990s" is also a tag) is that decade, not an entity.
  mentions = mentions.filter((m) => !periods.some((p) => tokens[m.tokenStart]!.start < p.end && p.start < tokens[m.tokenEnd - 1]!.end));
  const isYearText = (m: TopicEntity) => /^\d{4}$/.test(m.text.trim()) && m.types.includes("Year");
  const strong = mentions.filter((m) => !isYearText(m) && !CONSTRAINT_TYPES.has(m.type));
  const topics: TopicEntity[] = [];
  for (const m of mentions) {
    const before = tokens[m.tokenStart - 1]?.folded;
    if (isYearText(m) && strong.length > 0 && before !== undefined && YEAR_PREPOSITIONS.has(before) && !MOVIE_WORDS.has(before)) {
      const y = Number(m.text.trim());
      constraints.push(before === "before" ? { kind: "year", from: 0, to: y - 1, text: `before ${y}` } : before === "after" || before === "since" ? { kind: "year", from: before === "after" ? y + 1 : y, to: 9999, text: `${before} ${y}` } : { kind: "year", from: y, to: y, text: `in ${y}` });
      continue;
    }
    const conceptLike = m.types.some((t) => CONSTRAINT_TYPES.has(t)) && !m.types.includes("Person");
    if (conceptLike && strong.some((s) => s !== m)) {
      // "War films", "French movies", "films in French", "movies about heists": a genre, language or
      // tag said as a qualifier constrains the films. Any other stray concept word next to a named
      // film or person ("take action in", "write history for") is wording, not an entity.
      const adjective = MOVIE_WORDS.has(tokens[m.tokenEnd]?.folded ?? "");
      const qualifier = QUALIFIER_WORDS.has(before ?? "") && m.confidence >= 0.7;
      if (adjective || qualifier) constraints.push({ kind: "entity", id: m.id, type: m.types.find((t) => CONSTRAINT_TYPES.has(t))!, text: m.text });
      continue;
    }
    topics.push(m);
  }
  // Keep the confident topics: a weak extra span next to a strong one is usually noise.
  const best = Math.max(0, ...topics.map((t) => t.confidence));
  return { topics: topics.filter((t) => t.confidence >= 0.7 * best).sort((a, b) => b.confidence - a.confidence || a.tokenStart - b.tokenStart), constraints };
}

/** Decades ("the 1990s", "the 80s") and ranges ("between 1990 and 1995"), with their character spans. */
function decades(question: string): { constraint: Constraint; start: number; end: number }[] {
  const out: { constraint: Constraint; start: number; end: number }[] = [];
  for (const m of question.matchAll(/\b(?:the\s+)?(?:(\d{2})(\d)0s|['’]?(\d)0s)\b/gi)) {
    const start = m[1] !== undefined ? Number(`${m[1]}${m[2]}0`) : 1900 + Number(m[3]) * 10;
    out.push({ constraint: { kind: "year", from: start, to: start + 9, text: m[0].trim() }, start: m.index, end: m.index + m[0].length });
  }
  for (const m of question.matchAll(/\bbetween\s+(\d{4})\s+and\s+(\d{4})\b/gi)) out.push({ constraint: { kind: "year", from: Number(m[1]), to: Number(m[2]), text: m[0] }, start: m.index, end: m.index + m[0].length });
  return out;
}

/**
 * The phrase that describes the answer: after a leading wh-word ("which actors ...", "who directed
 * ...", "when did ...") or around a trailing one ("... in which languages", "... directed by who").
 */
function answerSpec(tokens: WordToken[], cues: RelationCue[], mentions: TopicEntity[], question: string): AnswerSpec {
  const whAt = questionWordAt(tokens, question, (i) => mentions.some((m) => i >= m.tokenStart && i < m.tokenEnd));
  const lead = leadRoleNoun(tokens, cues, whAt);
  if (lead) return lead;
  const window = answerWindow(tokens, mentions, whAt);
  if (!window) return {};
  const { from, to } = window;
  // "what else did he direct", "what else did the director of inception make": the other films someone made.
  if (ELSE_ASKED.every((w, k) => tokens[window.whAt + k]?.folded === w) && ELSE_DONE.has(tokens[window.whAt + ELSE_ASKED.length]?.folded ?? "")) return { type: "Movie", phrase: { from: window.whAt, to: window.whAt + 2 } };
  const spec: AnswerSpec = { phrase: { from, to }, ...whAnswer(tokens[window.whAt]!.folded) };
  // "who made the wizard of oz": who made a film is who directed it.
  if (spec.type === "Person" && !window.trailing && WHO_MADE.has(tokens[window.whAt + 1]?.folded ?? "") && mentions.some((m) => m.tokenStart === window.whAt + 2 || (m.tokenStart === window.whAt + 4 && tokens[window.whAt + 2]?.folded === "the"))) return { ...spec, edge: "DIRECTED" };
  const read = new AnswerWords(tokens, cues, mentions);
  read.forward(spec, window.whAt + 1, to);
  if (window.trailing && !spec.edge) read.backward(spec, window.whAt - 1, from);
  // A role word after "which films ..." describes the films, not the answer ("which films did X direct").
  if (spec.type === "Movie" && spec.edge && ROLE_EDGES.has(spec.edge)) spec.edge = undefined;
  for (const c of cues) if (c.token >= from && c.token < to && c.edge === spec.edge) c.inAnswerPhrase = true;
  return spec;
}

/**
 * "directors Jolie worked with ...", "actors in films by X": a leading role noun names the answer; so
 * after a request ("name the directors that …", "list all actors who …") and before a relative "who"
 * ("directors who made …").
 */
function leadRoleNoun(tokens: WordToken[], cues: RelationCue[], whAt: number): AnswerSpec | undefined {
  const requestOnly = (upTo: number) => upTo === 0 || (REQUEST_VERBS.has(tokens[0]!.folded) && tokens.slice(0, upTo).every((t) => REQUEST_WORDS.has(t.folded)));
  const lead = cues.filter((c) => c.token <= 3 && requestOnly(c.token) && ROLE_EDGES.has(c.edge) && ROLE_NOUN.test(c.word)).sort((a, b) => a.token - b.token || b.weight - a.weight)[0];
  if (!lead || !(whAt < 0 || whAt === lead.token + 1)) return undefined;
  lead.inAnswerPhrase = true;
  return { type: "Person", edge: lead.edge, phrase: { from: lead.token, to: lead.token + 1 } };
}

/** The words that describe the answer: after a leading wh-word, or before a trailing one ("... directed by who"). */
function answerWindow(tokens: WordToken[], mentions: TopicEntity[], whAt: number): { whAt: number; from: number; to: number; trailing: boolean } | undefined {
  if (whAt >= 0) {
    const firstMention = Math.min(tokens.length, ...mentions.filter((m) => m.tokenStart > whAt).map((m) => m.tokenStart));
    return { whAt, from: whAt, to: Math.min(tokens.length, whAt + 7, Math.max(whAt + 1, firstMention)), trailing: false };
  }
  const lastMentionEnd = mentions.length ? Math.max(...mentions.map((m) => m.tokenEnd)) : 0;
  // "the people who wrote toy story": a wh-word right after a noun opens a relative clause, not the question.
  let at = -1;
  for (let i = tokens.length - 1; i >= Math.max(lastMentionEnd, tokens.length - 4); i--) if (WH.has(tokens[i]!.folded) && !RELATIVE_HEADS.has(tokens[i - 1]?.folded ?? "")) at = i;
  return at < 0 ? undefined : { whAt: at, from: Math.max(lastMentionEnd, at - 4), to: tokens.length, trailing: true };
}

const WHO_MADE: ReadonlySet<string> = new Set(PLAIN_MAKING_VERBS);

function whAnswer(wh: string): AnswerSpec {
  if (wh === "when") return { type: "Year", edge: "RELEASED_IN" };
  if (wh === "who" || wh === "whom") return { type: "Person" };
  return {};
}

/** Reads relation and type words around the wh-word into the answer spec. */
class AnswerWords {
  private readonly mentionStarts: Set<number>;
  constructor(
    private readonly tokens: WordToken[],
    private readonly cues: RelationCue[],
    mentions: TopicEntity[],
  ) {
    this.mentionStarts = new Set(mentions.map((m) => m.tokenStart));
  }

  private cueAt(i: number): RelationCue | undefined {
    return this.cues.filter((c) => c.token === i).sort((a, b) => b.weight - a.weight)[0];
  }

  /** "the film X" names the topic, and "film genre" a value: neither says the answer is films. */
  private describesTopicOrValue(i: number): boolean {
    const next = this.cueAt(i + 1);
    return this.mentionStarts.has(i + 1) || (next !== undefined && VALUE_TYPE[next.edge] !== undefined);
  }

  /**
   * The words after the wh-word describe the answer ("which languages", "who directed"). A word that
   * only sometimes names a relation, right before one that plainly does, qualifies it: "the lead
   * actress" asks for actors ("what types are the films directed by" still asks for types).
   */
  forward(spec: AnswerSpec, from: number, to: number): void {
    for (let i = from; i < to && !spec.edge; i++) {
      const cue = this.cueAt(i);
      if (cue && cue.weight < 1 && (this.cueAt(i + 1)?.weight ?? 0) >= 1) continue;
      // "which films can be described by X": the films are the answer; the relation word links them to X.
      if (cue && spec.type === "Movie") break;
      if (cue) this.relationWord(spec, cue, i);
      else this.typeWord(spec, i);
    }
  }

  private relationWord(spec: AnswerSpec, cue: RelationCue, i: number): void {
    spec.edge = cue.edge;
    // "how many screenplays has X written": the work is a film, named as "films" would name it.
    if (!VALUE_TYPE[cue.edge] && !spec.type && WORK_WORDS.has(this.tokens[i]!.folded)) {
      spec.type = "Movie";
      for (const c of this.cues) if (c.token === i) c.inAnswerPhrase = true;
      return;
    }
    spec.type = VALUE_TYPE[cue.edge] ?? "Person";
  }

  private typeWord(spec: AnswerSpec, i: number): void {
    const w = this.tokens[i]!.folded;
    if (spec.type) return;
    if (MOVIE_WORDS.has(w) && !this.describesTopicOrValue(i)) spec.type = "Movie";
    else if (PERSON_WORDS.has(w)) spec.type = "Person";
  }

  /** "... were directed by who": the relation word just before a trailing wh-word. */
  backward(spec: AnswerSpec, from: number, downTo: number): void {
    for (let i = from; i >= downTo; i--) {
      const cue = this.cueAt(i);
      if (!cue) continue;
      spec.edge = cue.edge;
      spec.type = VALUE_TYPE[cue.edge] ?? (spec.type === "Movie" ? "Movie" : "Person");
      return;
    }
  }
}

/** Words after which a question may open inside a sentence ("can you tell me who …", "i wonder which …"). */
const PREAMBLE_ENDS = new Set(["me", "us", "know", "wonder", "wondering", "curious", "tell", "asking", "remember", "recall"]);

/**
 * Where the question word that opens the asking is: among the first three words, or after a preamble
 * ("i'm doing a movie quiz, can you tell me who directed casablanca", "… last night, what genre is it").
 */
function questionWordAt(tokens: readonly WordToken[], question: string, inName: (i: number) => boolean): number {
  const lead = tokens.findIndex((t, i) => i <= 2 && WH.has(t.folded));
  if (lead >= 0) return lead;
  // "… with the movie I Still Know What You Did Last Summer": a wh-word inside a title asks nothing.
  return tokens.findIndex((t, i) => i > 2 && WH.has(t.folded) && !inName(i) && (PREAMBLE_ENDS.has(tokens[i - 1]!.folded) || /,\s*$/.test(question.slice(tokens[i - 1]!.end, t.start))) && i < tokens.length - 2);
}

function operators(tokens: WordToken[], topics: TopicEntity[], inMention: Set<number>): Operator[] {
  const words = tokens.map((t, i) => (inMention.has(i) ? "\u0000" : t.folded));
  const text = ` ${words.join(" ")} `;
  const ops: Operator[] = [];
  // Two entities joined by "and"/"or" (or "both ... and", "either ... or") combine their answers.
  const people = topics.filter((t) => t.type === "Person" || t.types.includes("Person"));
  const group = people.length >= 2 ? people : topics.length >= 2 ? topics : [];
  if (group.length >= 2) {
    const ids = group.map((t) => t.id);
    const ordered = [...group].sort((a, b) => a.tokenStart - b.tokenStart);
    const joiners = ordered.slice(1).map((t, i) => words.slice(ordered[i]!.tokenEnd, t.tokenStart).filter((w) => w !== "\u0000"));
    const joinedBy = (w: string) => joiners.every((j) => j.length <= 2 && j.includes(w));
    if (joinedBy("or") || / either /.test(text)) ops.push({ kind: "union", topics: ids });
    else if (joinedBy("and") || / both /.test(text) || / in common /.test(text)) ops.push({ kind: "intersection", topics: ids });
  }
  const more = /more than (once|twice|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( times?)?/.exec(text);
  const atLeast = /at least (once|twice|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( times?)?/.exec(text);
  const orMore = /(once|twice|one|two|three|four|five|six|seven|eight|nine|ten|\d+)( times| films| movies)? or more/.exec(text);
  if (orMore && !more && !atLeast) ops.push({ kind: "count", min: entryOf(NUMBER_WORDS, orMore[1]!) ?? Number(orMore[1]), text: orMore[0] });
  else if (more) ops.push({ kind: "count", min: (entryOf(NUMBER_WORDS, more[1]!) ?? Number(more[1])) + 1, text: more[0] });
  else if (atLeast) ops.push({ kind: "count", min: entryOf(NUMBER_WORDS, atLeast[1]!) ?? Number(atLeast[1]), text: atLeast[0] });
  else if (/ how many /.test(text) || / number of /.test(text)) ops.push({ kind: "count", text: "how many" });
  const agg = / most (common|frequent|frequently|often|popular|usual)? ?/.exec(text);
  if (agg && !/ most recent /.test(text)) ops.push({ kind: "aggregate", text: agg[0].trim() });
  return ops;
}

/** The edge's far end as seen from a node of `from` type: ACTED_IN from a Movie leads to a Person. */
export function otherEnd(edge: EdgeType, direction: "out" | "in"): NodeType {
  const spec = EDGE_SPECS[edge];
  return direction === "out" ? spec.to : spec.from;
}

/** True for words that carry no entity and no relation: what is left of a question's wording. */
export function isFunctionWord(word: string): boolean {
  return STOP_WORDS.has(word) || (QUESTION_WORDS.has(word) && !WORD_TO_EDGES.has(word));
}
