import type { WordToken } from "../util/text";
import { STOP_WORDS, capitalised, isPossessive } from "../util/text";
import { QUESTION_WORDS } from "../linking/question-words";
import { isCastLead, type TopicEntity } from "./analyze";
import { genderOfName } from "../linking/name-gender";
import { BE_FORMS, CHARACTER_ACTIVE_VERBS, CHARACTER_AS_VERBS, CHARACTER_ASKERS, CHARACTER_BY_VERBS, CHARACTER_RELATIVE_ASKERS, CHARACTER_COPULAS, CHARACTER_FOR_NOUNS, CHARACTER_OF_NOUNS, CHARACTER_PASSIVE_AUX, IN_FILM_WORDS } from "./lexicon/shapes";
import { VERSION_WORDS } from "./lexicon/linking";
import { BOND_WORDS, CAST_LEAD_WORDS, DESCRIBED_PEOPLE, KIN_WORDS } from "./lexicon/relations";

/**
 * A character: a person in a film's story, named where a role frame puts a name ("starred as Captain
 * Miller", "Sidney Prescott was played by", "the role of Andy Dufresne", "who played Sharpay"). The KB
 * records no characters, so the name is neither a film nor a person to look up, even when it spells
 * one ("Tony Stark was played by…": the frame outweighs the link).
 */
export interface CharacterMention {
  text: string;
  tokenStart: number;
  tokenEnd: number;
  /** The words that made it a character ("played by", "starred as"; "actor plays" when a person named plays it). */
  frame: string;
}

/** The longest name a frame takes, in words. */
const MAX_NAME = 5;
const BY = new Set(CHARACTER_BY_VERBS);
const AUX = new Set(CHARACTER_PASSIVE_AUX);
const AS = new Set(CHARACTER_AS_VERBS);
const OF = new Set(CHARACTER_OF_NOUNS);
const ACTIVE = new Set(CHARACTER_ACTIVE_VERBS);
const ASKERS = new Set(CHARACTER_ASKERS);
const FOR_NOUNS: ReadonlySet<string> = new Set(CHARACTER_FOR_NOUNS);
const RELATIVE_ASKERS: ReadonlySet<string> = new Set([...CHARACTER_ASKERS, ...CHARACTER_RELATIVE_ASKERS]);
const COPULAS = new Set(CHARACTER_COPULAS);
const IN_FILM: ReadonlySet<string> = new Set(IN_FILM_WORDS);
const VERSION: ReadonlySet<string> = new Set(VERSION_WORDS);

type Span = { tokenStart: number; tokenEnd: number };

/**
 * The characters a clause names. `named` are its confident mentions: after "of" and after an active
 * verb a name the KB holds is that film or person ("the actor of Jaws", "who played Ray Charles"),
 * while after "as" and before "was played by" any name is a character.
 */
export function characterMentions(text: string, tokens: readonly WordToken[], named: readonly TopicEntity[]): CharacterMention[] {
  const words = tokens.map((t) => t.folded);
  // With no capital past the first letter, names are told by position alone ("who played sidney prescott in scream").
  const lowercase = !/\p{Lu}/u.test(text.slice(1));
  const isName = (k: number) => {
    const t = tokens[k];
    if (!t || (QUESTION_WORDS.has(t.folded) && !capitalised(t.text))) return false;
    return lowercase ? !STOP_WORDS.has(t.folded) : capitalised(t.text) && !(k === 0 && QUESTION_WORDS.has(t.folded));
  };
  // A quote or a clause mark between two words ends a name ("'nutty professor' back in 1963").
  const joined = (k: number) => !/["“”'‘’,;:.!?()]/.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start));
  const titleCharacter = (s: Span) => s.tokenEnd === tokens.length && named.some((t) => t.tokenStart <= s.tokenStart && t.tokenEnd === s.tokenEnd && t.types.includes("Movie") && !t.types.includes("Person"));
  const known = (s: Span) => named.some((t) => t.tokenStart === s.tokenStart && t.tokenEnd === s.tokenEnd);
  // A name the KB links there is one unit: the span is all of it ("the man without a face", whole).
  const whole = (s: Span | undefined): Span | undefined => {
    const t = s && named.find((m) => m.tokenStart === s.tokenStart && m.tokenEnd > s.tokenEnd);
    return t ? { tokenStart: t.tokenStart, tokenEnd: t.tokenEnd } : s;
  };
  const out: CharacterMention[] = [];
  // "who played the female lead role": the words before a lead or a leading role are that part of the cast, no character.
  const beforeLead = (s: Span) => [s.tokenEnd, s.tokenEnd + 1].some((k) => isCastLead(tokens, k) || CAST_LEAD_WORDS.includes(words[k] ?? ""));
  const add = (s: Span | undefined, frame: string, possessive = false, shown?: string) => {
    const said = (x: Span) => text.slice(tokens[x.tokenStart]!.start, tokens[x.tokenEnd - 1]!.end);
    if (s && !beforeLead(s) && !out.some((o) => o.tokenStart < s.tokenEnd && s.tokenStart < o.tokenEnd)) out.push({ ...s, text: shown ?? (possessive ? said(s).replace(/['’]s?$/u, "") : said(s)), frame });
  };
  // "the actor that plays anakin skywalker", "the man that played jesus": the asker may stand before a relative "that".
  // "who is playing black panther": the copula of a verb in progress stands between.
  const askedBefore = (k: number) => ASKERS.has(words[k - 1] ?? "") || (words[k - 1] === "that" && RELATIVE_ASKERS.has(words[k - 2] ?? "")) || (PROGRESSIVE.has(words[k - 1] ?? "") && ASKERS.has(words[k - 2] ?? ""));
  // A name the KB lacks is who is played; so is a given name alone ("who played Jack"), though a film has that title, any
  // name with the film it is played in said after it ("who played jack frost in santa clause 3"), and a film's whole
  // title closing the clause, its title character ("who played mary poppins": the film stays, and who of its cast
  // played the part is said to be beyond the KB).
  const playedAsked = (s: Span) => !known(s) || givenNameAlone(s, words) || IN_FILM.has(words[s.tokenEnd] ?? "") || titleCharacter(s);
  // "who played the voice of jafar": the noun before "of" is the frame, the name after it is who is played. So is a name
  // in the possessive before such a noun ("who played rose's part"): `possessiveOwner` reads it.
  const frameNoun = (x: Span) => OF.has(words[x.tokenEnd - 1]!) && ((words[x.tokenEnd] === "of" && x.tokenEnd - x.tokenStart <= 2) || (x.tokenEnd - x.tokenStart >= 2 && isPossessive(tokens[x.tokenEnd - 2]!.text)));
  // The name in the possessive before the frame noun at `k`, unless it is a person the KB holds ("tom hanks's role").
  const possessiveOwner = (k: number): Span | undefined => {
    const s = k > 0 && isPossessive(tokens[k - 1]!.text) ? nameBefore(k, isName, words) : undefined;
    return s && !named.some((t) => t.type === "Person" && t.tokenStart <= s.tokenStart && t.tokenEnd >= s.tokenEnd) ? s : undefined;
  };
  // Frames around a name: "played by", "as", "the role of", "rose's part".
  const nameFrames = (w: string, k: number) => {
    // "Sidney Prescott was played by", "Tony Stark is voiced by": the name before.
    if (w === "by" && BY.has(words[k - 1] ?? "")) {
      const end = AUX.has(words[k - 2] ?? "") ? k - 2 : k - 1;
      add(nameBefore(end, isName, words), `${words[k - 1]} by`);
    }
    // "starred as Captain Miller", "cast as the Joker", "starred Sean Connery as King Arthur": the name after.
    const actor = named.find((t) => t.type === "Person" && t.tokenEnd === k && AS.has(words[t.tokenStart - 1] ?? ""));
    const verb = AS.has(words[k - 1] ?? "") ? words[k - 1] : actor ? words[actor.tokenStart - 1] : undefined;
    if (w === "as" && verb) add(whole(nameAfter(k + 1, isName, words, joined)), `${verb} as`);
    // "the role of Andy Dufresne", "actor of Axel", "the voice for the dragon": the name after, unless it is a film or person the KB holds.
    if ((w === "of" && OF.has(words[k - 1] ?? "")) || (w === "for" && FOR_NOUNS.has(words[k - 1] ?? ""))) {
      const s = whole(nameAfter(k + 1, isName, words, joined));
      if (s && playedAsked(s)) add(s, `${words[k - 1]} of`);
    }
    // "who does syndrome's voice", "who played rose's part": a name in the possessive before a frame noun is the character.
    const owner = OF.has(w) ? possessiveOwner(k) : undefined;
    if (owner) add(owner, `'s ${w}`, true);
  };
  // Frames after a verb of playing: "who played Sharpay", "did Sean Connery play James Bond".
  const playFrames = (w: string, k: number) => {
    if (!ACTIVE.has(w)) return;
    if (askedBefore(k)) {
      // "who played will ferrell's brother", "who plays adam sandler's dad": someone of the story by kin to a person the KB
      // holds is a character (the person's own part is someone else).
      const kin = kinOfPerson(k + 1, tokens, named);
      if (kin) add(kin, `${w} kin`, false, `${kin.person}'s ${text.slice(tokens[kin.kinStart]!.start, tokens[kin.tokenEnd - 1]!.end)}`);
      // "who played Sharpay", "which actress portrays Mary Poppins": the name after, unless the KB holds it.
      const s = whole(nameAfter(k + 1, isName, words, joined));
      if (s && playedAsked(s) && !frameNoun(s)) add(s, w);
    }
    // "did Sean Connery play James Bond", "Robert Downey Jr played Iron Man": a person who plays is an actor, and the
    // name after is who they play, even one the KB holds as a film.
    // Who they play may be said in lowercase among capitals ("did Sean Connery play james bond"): any word but a stop word.
    if (named.some((t) => t.type === "Person" && t.tokenEnd === k)) add(whole(nameAfter(k + 1, (j) => isName(j) || (!!tokens[j] && !STOP_WORDS.has(tokens[j]!.folded) && !QUESTION_WORDS.has(tokens[j]!.folded)), words, joined)), `actor ${w}`);
  };
  words.forEach((w, k) => {
    nameFrames(w, k);
    playFrames(w, k);
  });
  const who = whoIsFilm(words, named);
  if (who) add(who, "who is");
  return out;
}

/** Copulas before a verb of playing in progress ("who is playing", "who was voicing"). */
const PROGRESSIVE: ReadonlySet<string> = new Set(BE_FORMS);

/** The most words a kin noun's describers take before it ("little brother", "real life dad"). */
const KIN_DESCRIBERS = 1;

/** A person the KB holds at `from` ("will ferrell's", "adam sandler"), then a noun of kin or a bond (a describer may come before it): the span of both. */
function kinOfPerson(from: number, tokens: readonly WordToken[], named: readonly TopicEntity[]): (Span & { person: string; kinStart: number }) | undefined {
  const person = named.find((t) => t.type === "Person" && t.tokenStart === from);
  if (!person) return undefined;
  for (let k = person.tokenEnd; k <= person.tokenEnd + KIN_DESCRIBERS && k < tokens.length; k++) {
    if (KIN_WORDS.has(tokens[k]!.folded) || BOND_WORDS.has(tokens[k]!.folded)) return { tokenStart: from, tokenEnd: k + 1, person: person.name, kinStart: person.tokenEnd };
    if (STOP_WORDS.has(tokens[k]!.folded)) return undefined;
  }
  return undefined;
}

/**
 * "who was Hulk?", "and who is Rocky?": a film is no "who", so a title asked that way is the
 * character it is named after.
 */
function whoIsFilm(words: readonly string[], named: readonly TopicEntity[]): Span | undefined {
  const at = words[0] === "and" ? 1 : 0;
  if (words[at] !== "who" || !COPULAS.has(words[at + 1] ?? "")) return undefined;
  // The title closes the question, or a film follows it ("and who was Hulk in The Avengers").
  const rest = named.filter((t) => t.tokenStart === at + 2 && (t.tokenEnd === words.length || words[t.tokenEnd] === "in"));
  const film = rest.find((t) => t.type === "Movie" && !t.types.includes("Person"));
  if (film) return { tokenStart: film.tokenStart, tokenEnd: film.tokenEnd };
  // "who is jack sparrow in pirates of the caribbean": a name of a few words before "in" that a title ends is the character.
  const end = words.indexOf("in", at + 3);
  const span = { tokenStart: at + 2, tokenEnd: end };
  const titleEnds = named.some((t) => t.type === "Movie" && !t.types.includes("Person") && t.tokenStart > at + 2 && t.tokenEnd === end);
  return end > 0 && end - span.tokenStart <= 3 && titleEnds && words.slice(at + 2, end).every((w) => !STOP_WORDS.has(w)) ? span : undefined;
}

/** One word that lists of first names know ("Jack", "Rose"): a person's name in a story, not a title asked by its cast. */
function givenNameAlone(s: Span, words: readonly string[]): boolean {
  return s.tokenEnd - s.tokenStart === 1 && genderOfName(words[s.tokenStart]!) !== undefined;
}

/**
 * The name right after `from`: "the" may open it; a word picking a film's version after "the" is no part of it ("who
 * played the original nutty professor": the title character of the original film); a quote or clause mark ends it.
 */
function nameAfter(from: number, isName: (k: number) => boolean, words: readonly string[], joined: (k: number) => boolean = () => true): Span | undefined {
  // ("the old man": before someone of a story the word describes them, and is the name's.)
  const version = words[from] === "the" && VERSION.has(words[from + 1] ?? "") && isName(from + 2) && !DESCRIBED_PEOPLE.has(words[from + 2] ?? "");
  const start = version ? from + 2 : words[from] === "the" && isName(from + 1) ? from + 1 : from;
  let end = start;
  while (end < words.length && end - start < MAX_NAME && isName(end) && (end === start || joined(end))) end++;
  return end > start ? { tokenStart: words[from] === "the" && start === from + 1 ? from : start, tokenEnd: end } : undefined;
}

function nameBefore(end: number, isName: (k: number) => boolean, words: readonly string[]): Span | undefined {
  let start = end;
  while (start > 0 && end - start < MAX_NAME && isName(start - 1)) start--;
  if (start === end) return undefined;
  return { tokenStart: words[start - 1] === "the" ? start - 1 : start, tokenEnd: end };
}
