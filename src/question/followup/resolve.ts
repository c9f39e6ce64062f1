import type { ConversationTurn } from "../../conversation/turns";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { NodeType } from "../../kb/schema";
import { capitalised, entryOf, foldText, listNames } from "../../util/text";
import { AGE_PHRASES } from "../lexicon/cues";
import { AGE_FRAGMENT_FILLER, ANY_LEADS,
  ASKING_CONSTRAINT_WORDS,
  CAST_WORDS,
  GENDERED_POINTERS,
  PERSON_PRONOUNS,
  CHOICE_LEADS,
  CHOICE_PHRASES,
  CONSTRAINT_QUESTION_WORDS,
  CONSTRAINT_WORDS,
  CONTINUATION_WORDS,
  COPULAS,
  FAMILY_ORDINALS,
  FAMILY_POINTER_LEADS,
  FAMILY_WORDS,
  FILM_ANAPHORS,
  OTHER_WORDS,
  PERSON_ANAPHORS,
  LIST_PLACES,
  PLACE_POINTERS,
  PLURAL_ANAPHORS,
  ASKING_AUXILIARIES,
  POSSESSIVE_POINTERS,
  QUESTION_OPENERS,
  REFINEMENT_FILLER,
  REFINEMENT_OPENERS,
  ROLE_IN_FILM_WORDS,
  SUBSTITUTION_FILLER,
  SUBSTITUTION_OPENERS,
  TOGETHER_WORDS,
} from "../lexicon/followup";
import { findPhrase } from "../stages/phrases";
import { ORDINAL_WORDS } from "../lexicon/shapes";
import { OFF_DOMAIN_WORDS } from "../lexicon/domain";
import { CONFIDENT } from "../reading";
import { COMPANY_WORDS, MOVIE_WORDS, QUALITY_WORDS, WORD_TO_EDGES } from "../lexicon/relations";
import { HAVING_WORDS, ROLE_LEADS, ROLE_NOUNS } from "../lexicon/linking";
import { ROLE_EDGES } from "../roles";
import { understandRecent } from "../understand";
import { withoutLeadingArticle } from "../../util/text";
import { familyStem } from "../series";
import { frameOf, type Referent, type TurnFrame } from "./frame";
import { genderOfName, mayBeOfGender, type NameGender } from "../../linking/name-gender";

/** How a question relates to the conversation before it. */
export const FOLLOW_UP_KINDS = ["standalone", "anaphor", "ellipsis", "substitution", "refinement"] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

/** A question read against the conversation: what kind of follow-up it is, the question it stands for, and what it pointed at. */
export interface FollowUp {
  kind: FollowUpKind;
  /** The rule that read it. */
  rule: string;
  /** The question as asked. */
  said: string;
  /** The question standing alone: what understanding reads. Equal to `said` for a standalone question. */
  question: string;
  /** The earlier answers and topics it points at. */
  referents: Referent[];
}

type AnaphorClass = "film" | "person" | "plural";

/** What the rules read from a question and the conversation before it. */
export interface FollowUpFeatures {
  said: string;
  /** Films and people the question names itself (surely linked), with the words it used. */
  own: { name: string; type: NodeType; text: string }[];
  /** Whether the question names a kind of film or a period of its own. */
  ownConstraints: boolean;
  /** Whether it gives a name the knowledge base lacks (its own subject, though unknown). */
  ownUnknown: boolean;
  /** Whether it asks about a role or character ("who played Sharpay?"), which is always in some film. */
  asksCharacter: boolean;
  /** Whether it ranks (a superlative or an ordinal: "the longest", "the third"). */
  ranks: boolean;
  /** Whether it asks yes or no. */
  yesNo: boolean;
  /** Whether it says films of its own ("did she direct any films"), not pointing at one. */
  saysFilms: boolean;
  /** Whether, read alone, it is about nothing the KB covers ("which player is represented?", "and in germany?"). */
  subjectless: boolean;
  /** Whether it asks a relation (a year, a director…). */
  asksRelation: boolean;
  /** The first pointing word of each class, outside the question's own names. */
  anaphors: Partial<Record<AnaphorClass, string>>;
  /** "what other films did he direct" after a turn that answered several people: the one whose role that clearly is. */
  personByRole?: Referent;
  /** A substitution opener and what follows it ("what about" + "Alien"). */
  substitution?: { opener: string; rest: string };
  /** A refinement opener and the constraint after it ("only the ones" + "after 2000"). */
  refinement?: { opener: string; rest: string };
  /** The question opens with a constraint word and asks nothing of its own ("and with Meg Ryan?"). */
  bareConstraint?: string;
  /** It says only a relative age ("something newer?", "anything a bit older?"): the phrase. */
  relativeAge?: string;
  frames: TurnFrame[];
}

/** A follow-up rule: its id, the kind it reads, when it applies, and the question it writes (undefined: it does not apply after all). */
export interface FollowUpRule {
  id: string;
  kind: FollowUpKind;
  reads: string;
  applies: (f: FollowUpFeatures) => boolean;
  build: (f: FollowUpFeatures) => { question: string; referents: Referent[] } | undefined;
}

const MAX_LISTED = 5;
/** "that year", "the same year": the year of the film in context. */
const SAME_YEAR = /\b(?:that|the same) year\b/i;
/** Films a choice is made among ("which one is the longest" after a list): a whole answer of a dozen, not its first few. */
const MAX_CHOICES = 12;
/** "the series", "the franchise", "the sequel", "the second one": a film's family or its neighbour in it, the film unsaid. */
const FAMILY_POINTER = new RegExp(`\\b(${FAMILY_POINTER_LEADS.join("|")})\\s+(?:(${FAMILY_WORDS.join("|")})\\b|(${FAMILY_ORDINALS.join("|")})\\s+(?:one|movie|film)\\b)`, "i");
const OFF_DOMAIN: ReadonlySet<string> = new Set(OFF_DOMAIN_WORDS);

/** A phrase list as a regular-expression alternative over written text: words may be any spacing apart, longest phrase first. */
const alternatives = (phrases: readonly string[]) => [...phrases].sort((a, b) => b.length - a.length).map((p) => p.split(" ").map(escape).join("\\s+")).join("|");
/** Places in an order ("first", "second to last", "latest"), longest first, as written words. */
const PLACE_WORDS = alternatives(Object.keys(ORDINAL_WORDS));
/** "and the first?", "what about the second one?": a place in an order and nothing else. */
const ONLY_PLACE = new RegExp(`^(?:(?:${alternatives(SUBSTITUTION_OPENERS)})[\\s,]+)?(?:the\\s+)?(${PLACE_WORDS})(?:\\s+(?:one|movie|film))?[\\s?.!]*$`, "i");
/** The place a question asks for, as written ("the last film directed by …"). */
const PLACE_SAID = new RegExp(`\\b(?:${PLACE_WORDS})\\b`, "i");
/** "that city", "the same place", as written. */
const PLACE_POINTER = new RegExp(`\\b(?:${alternatives(PLACE_POINTERS)})\\b`, "i");
/** "which one", "what of them"…, after "and" or "so", at the start of folded text. */
const CHOOSING = new RegExp(`^(?:(?:${CHOICE_LEADS.join("|")}) )?(?:which|what) (?:${CHOICE_PHRASES.join("|")})\\b`);
/** The same, as written, to put the films in its place. */
const CHOICE_SAID = new RegExp(`\\b(which|what)\\s+(?:${alternatives(CHOICE_PHRASES)})\\b`, "i");
/** A substitution opener ("what about", "how about") opening a question resolved by another rule. */
const SUBSTITUTION_SAID = new RegExp(`^(?:${alternatives(SUBSTITUTION_OPENERS.filter((o) => o.includes(" ")))})[\\s,]+`, "i");
/** A continuation word opening a resolved question ("and when did Jaws…" reads "When did Jaws…"). */
const CONTINUATION_SAID = new RegExp(`^(?:${CONTINUATION_WORDS.join("|")})[\\s,]+`, "i");
/** "ones", "films that"… before a refinement's constraint. */
const REFINEMENT_LEAD = new RegExp(`^(?:${REFINEMENT_FILLER.join("|")})(?:\\s+that)?\\s+`, "i");

/** "the director", "the lead actress": a person of a film by their role, with no film said after it ("the director of …", "the actor in …"). */
const ROLE_POINTER = new RegExp(`\\bthe\\s+(?:(?:${ROLE_LEADS.join("|")})\\s+)?(?:${ROLE_NOUNS.join("|")})\\b(?!\\s+(?:of|in|for|from|who|that|whose|with)\\b)`, "i");

/** The rules in order; the first that applies and builds reads the question. */
export const FOLLOW_UP_RULES: readonly FollowUpRule[] = [
  {
    id: "followup.substitution",
    kind: "substitution",
    reads: "what about / how about / and + a name: the previous question asked again of that name in place of the one of its type",
    applies: (f) => f.substitution !== undefined && f.bareConstraint === undefined && f.own.length > 0 && coversRest(f.own, f.substitution.rest),
    build: (f) => substitute(f),
  },
  {
    id: "followup.substitution-pronoun",
    kind: "substitution",
    reads: "and him? / what about her? (a substitution opener and a person pronoun alone): the previous question asked of the person pointed at",
    applies: (f) => f.substitution !== undefined && f.own.length === 0 && f.anaphors.person !== undefined && PERSON_PRONOUNS.includes(foldText(f.substitution.rest)),
    build: (f) => {
      const person = pick(f.frames, "person", GENDERED_POINTERS[f.anaphors.person!]);
      const read = person ? substitute(f, person) : undefined;
      return read && person ? { question: read.question, referents: [person] } : undefined;
    },
  },
  {
    id: "followup.relative-age",
    kind: "refinement",
    reads: "something newer? / anything older? (a relative age alone) after films like others: the same request, the films newer or older than those it started from",
    applies: (f) => f.relativeAge !== undefined && f.own.length === 0 && f.frames.slice(-2).some((x) => x.likeFilms),
    build: (f) => {
      const frame = f.frames.slice(-2).reverse().find((x) => x.likeFilms);
      return frame ? { question: join(frame.question, `but ${f.relativeAge}`), referents: [] } : undefined;
    },
  },
  {
    id: "followup.refinement",
    kind: "refinement",
    reads: "only / just / which of those + a constraint: the previous film set narrowed by it",
    // "which of them came out first" ranks the set, it does not narrow it.
    applies: (f) => (f.refinement !== undefined || f.bareConstraint !== undefined) && f.frames.length > 0 && !f.ranks,
    build: (f) => refine(f),
  },
  {
    id: "followup.substitution-constraint",
    kind: "refinement",
    reads: "what about + a kind of film or a period: the previous question narrowed by it",
    applies: (f) => f.substitution !== undefined && f.own.length === 0 && f.ownConstraints && f.substitution.opener !== "and",
    build: (f) => refine({ ...f, refinement: { opener: f.substitution!.opener, rest: f.substitution!.rest } }),
  },
  {
    id: "followup.role-check",
    kind: "anaphor",
    reads: "a yes/no about a person's role with no film named (\"did he help write the screenplay?\"): on the film in context",
    // "did she direct any films" asks of her films, not of the film in context.
    applies: (f) => f.yesNo && f.asksRelation && !f.saysFilms && !f.own.some((o) => o.type === "Movie") && (f.own.some((o) => o.type === "Person") || f.anaphors.person !== undefined) && f.anaphors.film === undefined,
    build: (f) => {
      const film = pick(f.frames, "film");
      if (!film) return undefined;
      const withPerson = f.anaphors.person ? replaceAnaphors({ ...f, anaphors: { person: f.anaphors.person } }) : undefined;
      if (f.anaphors.person && !withPerson) return undefined;
      return { question: `${stripEnd(withPerson?.question ?? f.said)} of ${film.name}?`, referents: [...(withPerson?.referents ?? []), film] };
    },
  },
  {
    id: "followup.place-in-order",
    kind: "substitution",
    reads: "and the first? / the second one? after a turn that asked for a film by its place in an order: the same question, at that place",
    applies: (f) => f.own.length === 0 && ONLY_PLACE.test(f.said) && PLACE_SAID.test(f.frames.at(-1)?.question ?? ""),
    build: (f) => {
      const frame = f.frames.at(-1)!;
      const place = ONLY_PLACE.exec(f.said)![1]!.toLowerCase();
      return { question: frame.question.replace(PLACE_SAID, place), referents: frame.topics.slice(0, 1) };
    },
  },
  {
    id: "followup.series",
    kind: "anaphor",
    reads: "the series / the sequel / the second one, naming no film, with a film in context: that film's family",
    applies: (f) => f.own.length === 0 && FAMILY_POINTER.test(f.said),
    build: (f) => {
      // "the first one" after a turn that listed films is the first of that list, not the first of a family.
      const listed = f.frames.at(-1)?.asksFilms ? f.frames.at(-1)!.answers.filter((a) => a.type === "Movie") : [];
      const nth = listed.length >= 2 ? FAMILY_POINTER.exec(f.said)?.[3]?.toLowerCase() : undefined;
      const place = nth ? LIST_PLACES[nth] : undefined;
      const chosen = place === undefined ? undefined : place < 0 ? listed.at(-1) : listed[place];
      if (chosen) return { question: f.said.replace(FAMILY_POINTER, chosen.name), referents: [chosen] };
      const film = pick(f.frames, "film");
      if (!film) return undefined;
      const family = familyStem(film.name).replace(/^the /i, "");
      const question = f.said.replace(FAMILY_POINTER, (_m, the: string, which: string | undefined, nth: string | undefined) =>
        nth ? `${the} ${nth} ${family} movie` : /^(?:sequel|prequel)s?$/i.test(which ?? "") ? `${the} ${which} to ${film.name}` : `${the} ${family} ${which}`,
      );
      // "was she in the sequel": the person pointed at is read too.
      const withPerson = f.anaphors.person ? replaceAnaphors({ ...f, said: question, anaphors: { person: f.anaphors.person } }) : undefined;
      return withPerson ? { question: withPerson.question, referents: [film, ...withPerson.referents] } : { question, referents: [film] };
    },
  },
  {
    id: "followup.place",
    kind: "anaphor",
    reads: "that city / the same place, after a turn that asked where someone was born or died or a film was shot: that place",
    applies: (f) => f.own.length === 0 && PLACE_POINTER.test(f.said) && f.frames.at(-1)?.place !== undefined,
    build: (f) => ({ question: f.said.replace(PLACE_POINTER, f.frames.at(-1)!.place!), referents: f.frames.at(-1)!.topics.slice(0, 1) }),
  },
  {
    id: "followup.same-year",
    kind: "anaphor",
    reads: "that year / the same year, after a turn about one film: the year it came out (\"any other disney movies from that year?\" → from 1994, besides it)",
    applies: (f) => SAME_YEAR.test(f.said) && f.frames.at(-1)?.year !== undefined,
    build: (f) => {
      const frame = f.frames.at(-1)!;
      const film = frame.topics.find((t) => t.type === "Movie")!;
      const question = f.said.replace(SAME_YEAR, frame.year!);
      const other = foldText(f.said).split(" ").some((w) => OTHER_WORDS.includes(w));
      return { question: other ? `${stripEnd(question)} besides ${film.name}?` : question, referents: [film] };
    },
  },
  {
    id: "followup.anaphor",
    kind: "anaphor",
    reads: "it / that film / he / she / they: the earlier film, person or answers of that kind; his other films leave out the film in context",
    applies: (f) => Object.keys(f.anaphors).length > 0,
    // "which of those is the oldest" after films asked for: the whole set ranked, not the few names a question lists.
    build: (f) => (f.ranks && f.own.length === 0 && Object.keys(f.anaphors).join() === "plural" ? rankedAfter(f) : undefined) ?? besidesFilmInContext(f, replaceAnaphors(f)),
  },
  {
    id: "followup.character",
    kind: "ellipsis",
    reads: "a role or character asked with no film named (\"who played Sharpay?\"): asked of the previous film",
    applies: (f) => f.asksCharacter && !f.own.some((o) => o.type === "Movie") && Object.keys(f.anaphors).length === 0,
    build: (f) => {
      const film = pick(f.frames, "film");
      return film ? { question: `${stripEnd(f.said)} in ${film.name}?`, referents: [film] } : undefined;
    },
  },
  {
    id: "followup.together",
    kind: "anaphor",
    reads: "films together with X, after a turn that answered one person: the films of that person and X",
    applies: (f) => TOGETHER_WORDS.some((w) => hasPhrase(foldText(f.said), w)) && f.own.length === 1 && f.own[0]!.type === "Person" && Object.keys(f.anaphors).length === 0,
    build: (f) => {
      const frame = f.frames.at(-1)!;
      const people = frame.answers.filter((a) => a.type === "Person" && a.name !== f.own[0]!.name);
      const other = people[0] ?? frame.topics.find((t) => t.type === "Person" && t.name !== f.own[0]!.name);
      return other ? { question: `${stripEnd(f.said)} and ${other.name}?`, referents: [other] } : undefined;
    },
  },
  {
    id: "followup.which-one",
    kind: "anaphor",
    reads: "which one / which of them, after a turn about several films: which of those films",
    // "which one has clint eastwood": people named say what to choose by; a film named is a choice of its own.
    applies: (f) => CHOOSING.test(foldText(f.said)) && f.own.every((o) => o.type !== "Movie"),
    build: (f) => {
      const asked = f.ranks ? rankedAfter(f) : undefined;
      if (asked) return asked;
      const films = choices(f.frames);
      if (films.length < 2) return undefined;
      const question = f.said.replace(CHOICE_SAID, (_m, w: string) => `${w} of ${listNames(films.map((r) => r.name))}`);
      return { question, referents: films };
    },
  },
  {
    id: "followup.within",
    kind: "ellipsis",
    reads: "a superlative or ordinal over no set of its own (\"which one is the longest?\") after a turn about a family of films or a few: among those",
    applies: (f) => f.ranks && f.own.length === 0 && !f.ownConstraints,
    build: (f) => {
      const frame = f.frames.at(-1)!;
      if (frame.series) return { question: `${stripEnd(f.said)} among the ${frame.series} films?`, referents: [] };
      const asked = rankedAfter(f);
      if (asked) return asked;
      const films = choices(f.frames);
      return films.length >= 2 ? { question: `${stripEnd(f.said)} among ${listNames(films.map((r) => r.name))}?`, referents: films } : undefined;
    },
  },
  {
    id: "followup.ellipsis",
    kind: "ellipsis",
    reads: "a relation asked of nothing named (\"and the director?\", \"what year?\"): asked of the previous film or person",
    applies: (f) => f.own.length === 0 && !f.ownConstraints && !f.ownUnknown && f.asksRelation,
    build: (f) => {
      const focus = pick(f.frames, "film") ?? pick(f.frames, "person");
      return focus ? { question: `${stripEnd(f.said)} of ${focus.name}?`, referents: [focus] } : undefined;
    },
  },
  {
    id: "followup.role-of-film",
    kind: "ellipsis",
    reads: "the director / the writer / the lead actor, of no film said, in a question that names something else too (\"what else did the director make in the 80s?\"): that person of the film in context",
    applies: (f) => !f.own.some((o) => o.type === "Movie") && f.anaphors.film === undefined && ROLE_POINTER.test(f.said),
    build: (f) => {
      const film = pick(f.frames, "film");
      return film ? { question: f.said.replace(ROLE_POINTER, (m) => `${m} of ${film.name}`), referents: [film] } : undefined;
    },
  },
  {
    id: "followup.in-context",
    kind: "ellipsis",
    reads: "a question about nothing the KB covers when read alone, naming and pointing at nothing (\"which player is represented?\", \"and in germany?\"): asked of the film in context",
    applies: (f) => f.subjectless && f.own.length === 0 && Object.keys(f.anaphors).length === 0 && f.frames.length > 0,
    build: (f) => {
      const focus = pick(f.frames, "film") ?? pick(f.frames, "person");
      return focus ? { question: `${stripEnd(f.said)} of ${focus.name}?`, referents: [focus] } : undefined;
    },
  },
];

/** One line for the trace: how the question was read against the turns before it, and what it pointed at. */
export function describeFollowUp(f: FollowUp, turns: number): string {
  if (f.kind === "standalone") return `follow-up: none (stands alone after ${turns} earlier turn${turns === 1 ? "" : "s"})`;
  const pointed = f.referents.map((r) => `${r.name} (${r.from === "answer" ? "an answer" : "the topic"} of turn ${r.turn + 1})`);
  return `follow-up (${f.kind}, ${f.rule}): ${JSON.stringify(f.said)} → ${JSON.stringify(f.question)}${pointed.length ? `; points at ${pointed.join(", ")}` : ""}`;
}

/**
 * Reads a question against the conversation before it and returns the question it stands for.
 * A question with no history, or one that names what it asks about and points at nothing, stands
 * alone and is returned as asked. Understanding then reads the resolved question as any other.
 */
export async function resolveFollowUp(question: string, history: readonly ConversationTurn[], kb: KnowledgeBase): Promise<FollowUp> {
  const said = question.trim();
  const standalone: FollowUp = { kind: "standalone", rule: "followup.none", said, question: said, referents: [] };
  if (history.length === 0) return standalone;
  const f = await followUpFeatures(said, history, kb);
  for (const rule of FOLLOW_UP_RULES) {
    if (!rule.applies(f)) continue;
    const built = rule.build(f);
    const continued = built?.question.replace(CONTINUATION_SAID, "");
    // "what about the main protagonist?" asked of the film in context: the opener is no relation ("about"), only a turn of talk.
    const resolved = rule.id === "followup.substitution" || rule.id === "followup.substitution-constraint" ? continued : continued?.replace(SUBSTITUTION_SAID, "");
    if (built && resolved && resolved !== said) return { kind: rule.kind, rule: rule.id, said, question: resolved.charAt(0).toUpperCase() + resolved.slice(1), referents: built.referents };
  }
  return standalone;
}

/** Reads the features the rules need: the question's own names and constraints, its pointing words and openers, and the earlier turns' frames. */
export async function followUpFeatures(said: string, history: readonly ConversationTurn[], kb: KnowledgeBase): Promise<FollowUpFeatures> {
  const u = await understandRecent(said, kb);
  // A title a role frame made a character ("Hulk was played by…") is the character here, in the film in context.
  const character = (r: (typeof u.readings)[number], t: { tokenStart: number; tokenEnd: number }) => r.characters.some((c) => t.tokenStart < c.tokenEnd && c.tokenStart < t.tokenEnd);
  // "what other movies was she in": a pronoun written in lower case points back; it is no title (She, Her, It).
  const pronoun = (t: { text: string }) => t.text === t.text.toLowerCase() && POINTING_WORDS.has(foldText(t.text));
  const own = u.readings.flatMap((r) => r.named.filter((t) => t.confidence >= CONFIDENT && (t.type === "Movie" || t.type === "Person") && !character(r, t) && !pronoun(t)).map((t) => ({ name: t.name, type: t.type, text: t.text })));
  // A film TMDB lists and the KB lacks is a film of the question's own ("what about se7en?"), by its TMDB title.
  own.push(...u.readings.flatMap((r) => r.notFound.flatMap((n) => (n.tmdb?.length ? [{ name: n.tmdb[0]!.title, type: "Movie" as const, text: n.text }] : []))));
  const ownConstraints = u.readings.some((r) => r.concepts.some((c) => c.strong) || r.periods.length > 0 || r.languages.length > 0 || r.series !== undefined);
  const folded = foldText(said);
  const words = folded.split(" ");
  // A relation or a film's figure asked ("the director?", "how long?", "the genre?"), read from the words: a bare fragment is no question shape understanding knows.
  const asksRelation = u.readings.some((r) => r.cues.figure !== undefined || r.cues.fact !== undefined || r.cues.story !== undefined) || words.some((w) => WORD_TO_EDGES.get(w)?.some((e) => e.weight >= 1));
  const ownUnknown = u.readings.some((r) => r.notFound.some((n) => !n.tmdb?.length));
  const ranks = u.readings.some((r) => r.cues.superlative !== undefined || r.cues.ordinal !== undefined);
  const yesNo = u.readings.some((r) => r.cues.yesNo !== undefined);
  // Out of the domain for want of any subject, not for a word of another domain ("who is the president of France" is a new topic).
  const subjectless = u.plan.parts.some((p) => p.kind === "reply" && p.reason === "out_of_domain") && !words.some((w) => OFF_DOMAIN.has(w));
  // "who played Sharpay?", "which actor plays the main protagonist?": a role in a film, the film unsaid.
  const asksCharacter =
    u.readings.some((r) => r.cues.character !== undefined || r.characters.length > 0) ||
    words.some((w) => ROLE_IN_FILM_WORDS.includes(w)) ||
    // "actor of Axel?", "who starred as Axel Foley?": a cast word beside a name the KB lacks is a character's name.
    (ownUnknown && words.some((w) => CAST_WORDS.includes(w)));
  const anaphors = anaphorsIn(said, folded, own);
  const found = Object.values(anaphors);
  const ownNames = own.filter((o) => !found.some((a) => wordAfter(folded, a, o.text)));
  const frames: TurnFrame[] = [];
  for (const [i, t] of history.entries()) frames.push(await frameOf(t, i, kb));
  const substitution = opener(said, folded, SUBSTITUTION_OPENERS);
  // "and alien?": the whole rest after a substitution opener is a name's slot; a film or person it names whole is the question's own, however ordinary the word.
  if (substitution && !ownNames.length) ownNames.push(...namedInSlot(u.readings, substitution.rest));
  const refinement = opener(said, folded, REFINEMENT_OPENERS);
  const bareConstraint = bareConstraintOf(said, folded, ownConstraints && !own.length);
  const relativeAge = relativeAgeOf(words);
  const personByRole = anaphors.person ? await personOfRole(words, frames, kb) : undefined;
  const saysFilms = anaphors.film === undefined && words.some((w) => MOVIE_WORDS.has(w));
  return { said, own: ownNames, ownConstraints, ownUnknown, asksCharacter, ranks, yesNo, saysFilms, subjectless, asksRelation, anaphors, ...(personByRole ? { personByRole } : {}), ...(substitution ? { substitution } : {}), ...(refinement ? { refinement } : {}), ...(bareConstraint ? { bareConstraint } : {}), ...(relativeAge ? { relativeAge } : {}), frames };
}

/** "something newer?", "and anything a bit older?": the relative age a fragment says and nothing else (fillers aside). */
function relativeAgeOf(words: readonly string[]): string | undefined {
  const rest = words.filter((w, i) => !(i === 0 && CONTINUATION_WORDS.includes(w)) && !AGE_FRAGMENT_FILLER.includes(w)).join(" ");
  return rest && entryOf(AGE_PHRASES, rest) !== undefined ? rest : undefined;
}

/**
 * "and with Meg Ryan?": a question that opens with a constraint word and asks nothing of its own is that constraint;
 * so is "any" before a constraint word, a quality or a kind of its own ("any with Tom Cruise?", "any comedies?").
 */
function bareConstraintOf(said: string, folded: string, kindOfItsOwn: boolean): string | undefined {
  const words = folded.split(" ");
  const continued = words.length > 1 && CONTINUATION_WORDS.includes(words[0]!);
  const [first = "", second = ""] = continued ? words.slice(1) : words;
  const asking = (ASKING_CONSTRAINT_WORDS.includes(first) && CONSTRAINT_QUESTION_WORDS.includes(second)) || QUESTION_OPENERS.includes(first);
  if (CONSTRAINT_WORDS.includes(first) && !asking) return dropWords(said, continued ? 1 : 0);
  const anyLead = opener(said, folded, ANY_LEADS);
  const afterAny = anyLead ? foldText(anyLead.rest).split(" ")[0] ?? "" : "";
  return anyLead && (CONSTRAINT_WORDS.includes(afterAny) || QUALITY_WORDS.has(afterAny) || kindOfItsOwn) ? anyLead.rest : undefined;
}

const POINTING_WORDS: ReadonlySet<string> = new Set([...FILM_ANAPHORS, ...PERSON_ANAPHORS, ...PLURAL_ANAPHORS]);

/** Of several people answered, the one whose films in the role asked outnumber the next one's this many times over. */
const ROLE_MARGIN = 2;

/**
 * "who wrote the shining" (Diane Johnson, Stanley Kubrick, Stephen King), then "what other films did he direct": the
 * person the newest turn answered whose role that is, by far the most, in the KB; none when no one stands out.
 */
async function personOfRole(words: readonly string[], frames: readonly TurnFrame[], kb: KnowledgeBase): Promise<Referent | undefined> {
  const role = words.flatMap((w) => WORD_TO_EDGES.get(w) ?? []).find((e) => e.weight >= 1 && ROLE_EDGE_NAMES.has(e.edge))?.edge;
  const people = frames.at(-1)?.answers.filter((a) => a.type === "Person") ?? [];
  if (!role || people.length < 2) return undefined;
  const counts = await Promise.all(people.map(async (p) => (await kb.graph.neighbors(p.name, { edges: [role], direction: "out" })).length));
  const order = people.map((p, i) => ({ p, n: counts[i]! })).sort((a, b) => b.n - a.n);
  return order[0]!.n >= ROLE_MARGIN && order[0]!.n >= ROLE_MARGIN * order[1]!.n ? order[0]!.p : undefined;
}
const ROLE_EDGE_NAMES: ReadonlySet<string> = new Set(ROLE_EDGES);
/** Words that put a named person beside someone else ("with Bogart", "alongside Bacall"). */
/** Said before a person who is not the pronoun's ("besides" too: someone else again). */
const BESIDE_WORDS = [...COMPANY_WORDS, "besides"];

/**
 * The pointing words a follow-up uses, by class, that point back rather than at the question's own names.
 * A pointing word inside the question's own name is part of a title ("It Follows", "Her").
 */
function anaphorsIn(said: string, folded: string, own: readonly { type: NodeType; text: string }[]): FollowUpFeatures["anaphors"] {
  const ownFolded = own.map((o) => foldText(o.text));
  const anaphors: FollowUpFeatures["anaphors"] = {};
  for (const [cls, words] of [["film", FILM_ANAPHORS], ["person", PERSON_ANAPHORS], ["plural", PLURAL_ANAPHORS]] as const) {
    const hit = words.find((w) => hasPhrase(folded, w) && !ownFolded.some((o) => hasPhrase(o, w)) && !titleCased(said, w));
    if (hit && !pointsAtOwn(folded, cls, hit, own)) anaphors[cls] = hit;
  }
  return anaphors;
}

/**
 * A question that names a film of its own means that film by "the film"; likewise a person. A lower-case
 * "title" right after the pointing phrase is the sentence's next word ("where did the movie take place" is
 * not about The Take). A pronoun joined to a name by "and" is someone else ("films with James Earl Jones and
 * him"); so is a film pronoun compared with a named film ("is it longer than Avatar?", "it or Alien?").
 */
function pointsAtOwn(folded: string, cls: "film" | "person" | "plural", hit: string, own: readonly { type: NodeType; text: string }[]): boolean {
  const compared = cls === "film" && !hit.includes(" ") && (hasPhrase(folded, "than") || hasPhrase(folded, `${hit} or`) || hasPhrase(folded, `or ${hit}`));
  if (compared || hasPhrase(folded, `and ${hit}`) || hasPhrase(folded, `${hit} and`)) return false;
  // "what other movies did he direct with Humphrey Bogart": the person said to be with him is someone else.
  if (cls === "person" && own.some((o) => o.type === "Person" && BESIDE_WORDS.some((w) => hasPhrase(folded, `${w} ${foldText(o.text)}`)))) return false;
  const type = cls === "film" ? "Movie" : cls === "person" ? "Person" : undefined;
  return own.some((o) => o.type === type && !wordAfter(folded, hit, o.text));
}

/**
 * The one earlier film or person a singular pointing word means: the newest turn first; in a turn, its
 * answer when it gave exactly one of that kind ("who directed Jaws?" → he), else its topic ("it" is
 * Jaws). A list of answers is no single referent, so an older turn's topic comes before it; only when
 * no turn has one does the first of a list stand in.
 */
export function pick(frames: readonly TurnFrame[], cls: "film" | "person", gender?: NameGender): Referent | undefined {
  const type: NodeType = cls === "film" ? "Movie" : "Person";
  // "she" after a cast list: of several, one whose first name is a woman's, else one whose name no list knows, never a
  // man's. A turn's one answer is who it points at whatever the lists say (names such as Joss are given to both).
  const fits = (r: Referent) => r.type === type && (!gender || mayBeOfGender(r.name, gender));
  const firstFitting = (rs: readonly Referent[]) => (gender ? rs.find((r) => fits(r) && genderOfName(r.name) === gender) : undefined) ?? rs.find(fits);
  const newestFirst = [...frames].reverse();
  for (const frame of newestFirst) {
    const answers = frame.answers.filter((a) => a.type === type);
    const hit = (answers.length === 1 ? answers[0] : undefined) ?? firstFitting(frame.topics);
    if (hit) return hit;
  }
  for (const frame of newestFirst) {
    const hit = firstFitting(frame.answers);
    if (hit) return hit;
  }
  // No one of that gender in context: the person pointed at, as if no gender were said.
  return gender ? pick(frames, cls) : undefined;
}

/** The films the newest turn that had several was about or answered: what "which one" chooses among. */
function choices(frames: readonly TurnFrame[]): Referent[] {
  for (const frame of [...frames].reverse()) {
    const topics = frame.topics.filter((t) => t.type === "Movie");
    if (topics.length >= 2) return topics.slice(0, MAX_CHOICES);
    const answers = frame.answers.filter((a) => a.type === "Movie");
    if (answers.length >= 2) return answers.slice(0, MAX_CHOICES);
  }
  return [];
}

function pickPlural(frames: readonly TurnFrame[]): Referent[] {
  for (const frame of [...frames].reverse()) {
    if (frame.answers.length >= 2) return frame.answers.slice(0, MAX_LISTED);
    // "who wrote them?" after films asked that came to one: that film, not the names the question was asked of.
    const one = frame.answers.filter((a) => a.type === "Movie");
    if (frame.asksFilms && one.length === 1) return one;
    if (frame.topics.length >= 2) return frame.topics.slice(0, MAX_LISTED);
  }
  return [];
}

function replaceAnaphors(f: FollowUpFeatures): { question: string; referents: Referent[] } | undefined {
  let question = f.said;
  const referents: Referent[] = [];
  for (const cls of ["film", "person", "plural"] as const) {
    const word = f.anaphors[cls];
    if (!word) continue;
    const gender = cls === "person" ? GENDERED_POINTERS[word] : undefined;
    const byRole = f.personByRole && (!gender || mayBeOfGender(f.personByRole.name, gender)) ? f.personByRole : undefined;
    const one = cls === "person" && byRole ? byRole : cls === "plural" ? undefined : pick(f.frames, cls, gender);
    const chosen = cls === "plural" ? pickPlural(f.frames) : [one].filter((r): r is Referent => r !== undefined);
    if (chosen.length === 0) continue;
    const name = listNames(chosen.map((r) => r.name));
    const words = cls === "film" ? FILM_ANAPHORS : cls === "person" ? PERSON_ANAPHORS : PLURAL_ANAPHORS;
    question = replacePhrases(question, words, name);
    referents.push(...chosen);
  }
  return referents.length ? { question, referents } : undefined;
}

/**
 * "who directed inception", then "what other films did he direct": the person's films but the one the conversation
 * is about. Only a person pointed at, with "other" or "else" said and no film named or pointed at.
 */
function besidesFilmInContext(f: FollowUpFeatures, read: ReturnType<typeof replaceAnaphors>): ReturnType<typeof replaceAnaphors> {
  const words = foldText(f.said).split(" ");
  if (!read || !f.anaphors.person || f.anaphors.film || f.own.some((o) => o.type === "Movie") || !words.some((w) => OTHER_WORDS.includes(w))) return read;
  // The film in context: the newest turn's, or an earlier one's where the person pointed at was asked or answered
  // ("who directed pulp fiction", "when was he born", "name another movie he directed": besides Pulp Fiction).
  const person = read.referents.find((r) => r.type === "Person")?.name;
  const withPerson = (x: TurnFrame) => [...x.topics, ...x.answers].some((r) => r.name === person);
  const frame = [...f.frames].reverse().find((x, i) => x.topics.some((t) => t.type === "Movie") && (i === 0 || withPerson(x)));
  const film = frame?.topics.find((t) => t.type === "Movie");
  return film ? { question: `${stripEnd(read.question)} besides ${film.name}?`, referents: [...read.referents, film] } : read;
}

function substitute(f: FollowUpFeatures, incoming: { name: string; type: NodeType } = f.own[0]!): { question: string; referents: Referent[] } | undefined {
  // Only the newest turn is asked again: "what about Alien?" after a question about a person is not about an older film.
  const frame = f.frames.at(-1)!;
  // A name the knowledge base lacked is replaced too ("who directed Zzqxv?" then "what about Alien?").
  const old = frame.topics.find((t) => t.type === incoming.type && t.said) ?? (frame.unknown[0] ? { name: frame.unknown[0], type: incoming.type, from: "topic" as const, turn: frame.index, said: frame.unknown[0] } : undefined);
  const at = old ? frame.question.toLowerCase().indexOf(old.said!.toLowerCase()) : -1;
  if (!old || at < 0) return undefined;
  return { question: `${frame.question.slice(0, at)}${incoming.name}${frame.question.slice(at + old.said!.length)}`, referents: [{ ...old }] };
}

/**
 * "which one is the most recent" after a turn that asked for films: that question again, ranked, so the whole set is
 * ranked, not the few names a question can list ("what movies has Denzel Washington been in, which is the most recent").
 */
function rankedAfter(f: FollowUpFeatures): { question: string; referents: Referent[] } | undefined {
  const frame = f.frames.at(-1);
  // "which one was the last" after a turn about a family of films: among that family, whatever names the turn listed.
  if (frame?.series) return { question: `${stripEnd(f.said)} among the ${frame.series} films?`, referents: [] };
  const films = frame?.answers.filter((a) => a.type === "Movie") ?? [];
  if (!frame?.asksFilms || frame.topics.filter((t) => t.type === "Movie").length >= 2 || films.length < 2) return undefined;
  // "what's the longest one", "which of them is": the choice asked as a clause of the question before.
  const said = stripEnd(f.said).replace(RANK_OPENER, (_m, copula: string | undefined) => (copula ? "which is" : "which"));
  return { question: `${stripEnd(frame.question)}, ${said}?`, referents: films.slice(0, MAX_LISTED) };
}
const RANK_OPENER = /^(?:and\s+)?(?:which|what)(?:\s+(?:one|ones|of them|of those|of these))?(?:('s|\s+is|\s+was))?(?=\s)/i;

function refine(f: FollowUpFeatures): { question: string; referents: Referent[] } | undefined {
  // The film set narrowed is the newest turn's, or the one before when the newest was a question about one of its films.
  const frame = f.frames.slice(-2).reverse().find((x) => x.asksFilms);
  if (!frame) return undefined;
  let rest = f.refinement?.rest ?? f.bareConstraint ?? "";
  rest = rest.replace(REFINEMENT_LEAD, "").trim();
  if (!rest) return undefined;
  const first = foldText(rest).split(" ")[0]!;
  // "which of those are comedies", "just the comedies": a kind of film said as a noun; "which ones did tom hanks star in": a clause.
  const constraint = ASKING_AUXILIARIES.includes(first) ? askedClause(rest, first, f.own) : constraintPhrase(rest, first);
  if (!constraint) return undefined;
  return { question: join(frame.question, constraint), referents: frame.answers.filter((a) => a.type === "Movie").slice(0, MAX_LISTED) };
}

/**
 * "which ones did tom hanks star in": an auxiliary, then a person named, then what they did, is the clause
 * "that tom hanks did star in". With a pronoun instead ("which ones did he write") it is a question of its own,
 * the pronoun to resolve (undefined: another rule reads it).
 */
function askedClause(rest: string, aux: string, own: FollowUpFeatures["own"]): string | undefined {
  const afterAux = rest.slice(rest.toLowerCase().indexOf(aux) + aux.length).trim();
  const who = own.find((o) => o.type === "Person" && foldText(afterAux).startsWith(foldText(o.text)));
  return who ? `that ${afterAux.slice(0, who.text.length)} ${aux} ${afterAux.slice(who.text.length).trim()}` : undefined;
}

/** A constraint as a clause the question can take: as said after a constraint word ("after 2000"), a period ("from the 90s"), else a kind ("that are comedies"). */
function constraintPhrase(rest: string, first: string): string {
  if (CONSTRAINT_WORDS.includes(first)) return rest;
  // "any good ones?", "only the great ones": quality is no kind of film; the set is ranked by rating.
  if (QUALITY_WORDS.has(first)) return ", by rating";
  if ((COPULAS.includes(first) || HAVING_WORDS.includes(first)) && foldText(rest).split(" ").length > 1) return `that ${rest}`;
  if (/\d/.test(rest)) return `from ${rest}`;
  return `that are ${rest}`;
}

/** In a substitution's slot, a name the linker reads this surely is the name (an ordinary word alone is read less surely). */
const SLOT_NAME_CONFIDENCE = 0.35;

/** A film or person linked to exactly the words of a substitution's slot (fillers aside), at any confidence a name is read with. */
function namedInSlot(readings: Awaited<ReturnType<typeof understandRecent>>["readings"], rest: string): FollowUpFeatures["own"] {
  const slot = foldText(rest).split(" ").filter((w) => w && !SUBSTITUTION_FILLER.includes(w)).join(" ");
  // The words may link first as a tag ("alien"): a film or person of that very name among the candidates is the name.
  for (const t of readings.flatMap((r) => r.analysis.topics)) {
    if (t.confidence < SLOT_NAME_CONFIDENCE || foldText(t.text) !== slot) continue;
    const named = [t, ...t.alternatives].find((c) => (c.type === "Movie" || c.type === "Person") && withoutLeadingArticle(foldText(c.name)) === withoutLeadingArticle(slot));
    if (named) return [{ name: named.name, type: named.type, text: t.text }];
  }
  return [];
}

/** Whether the question's own names make up what follows a substitution opener ("what about Alien" — not "what about Alien's director"). */
function coversRest(own: FollowUpFeatures["own"], rest: string): boolean {
  const restWords = foldText(rest).split(" ").filter((w) => w && !SUBSTITUTION_FILLER.includes(w));
  const named = new Set(own.flatMap((o) => foldText(o.text).split(" ")));
  return restWords.length > 0 && restWords.filter((w) => named.has(w)).length / restWords.length >= 0.6;
}

/** The longest opener the question starts with, and the rest of the question as the user wrote it (case kept). */
function opener(said: string, folded: string, openers: readonly string[]): { opener: string; rest: string } | undefined {
  const hit = [...openers].sort((a, b) => b.length - a.length).find((o) => folded === o || folded.startsWith(`${o} `));
  return hit ? { opener: hit, rest: dropWords(said, hit.split(" ").length) } : undefined;
}

/** The text after its first n words (words as foldText counts them: letters and digits), punctuation at the ends trimmed. */
function dropWords(said: string, n: number): string {
  const words = [...said.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu)];
  const at = n < words.length ? words[n]!.index! : said.length;
  return said.slice(at).replace(/[?.!\s]+$/, "").trim();
}

/** A pointing word written with a capital inside the sentence is a title's word ("who directed It Follows"), not a pronoun. */
function titleCased(said: string, phrase: string): boolean {
  const re = new RegExp(`(?<=\\S\\s+)${phrase.split(" ").map(escape).join("\\s+")}\\b`, "gi");
  return [...said.matchAll(re)].some((m) => capitalised(m[0]));
}

/** Whether a name written in lower case comes right after a pointing phrase. */
function wordAfter(folded: string, phrase: string, text: string): boolean {
  return !/\p{Lu}/u.test(text) && hasPhrase(folded, `${phrase} ${foldText(text)}`);
}

/** Whether folded text holds the phrase as whole words. */
function hasPhrase(folded: string, phrase: string): boolean {
  return findPhrase(folded.split(" "), phrase).length > 0;
}

/** Replaces every pointing phrase of a class, longest first, keeping the rest of the words as asked; possessives become "Name's". */
function replacePhrases(text: string, phrases: readonly string[], name: string): string {
  const re = new RegExp(`\\b(?:${alternatives(phrases)})\\b`, "gi");
  return text.replace(re, (m) => (POSSESSIVE_POINTERS.includes(m.toLowerCase()) ? `${name}'s` : name));
}

function join(question: string, constraint: string): string {
  return `${stripEnd(question)}${constraint.startsWith(",") ? "" : " "}${constraint.replace(/[?.!\s]+$/, "")}?`;
}

function stripEnd(text: string): string {
  return text.trim().replace(/[?.!\s]+$/, "");
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
