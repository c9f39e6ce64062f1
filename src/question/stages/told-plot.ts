import { QUESTION_WORDS } from "../../linking/question-words";
import { STOP_WORDS } from "../../util/text";
import { WORD_TO_EDGES } from "../lexicon/relations";
import { firstOf } from "./phrases";
import { COUNT_PHRASES, NOT_STORY_STARTS, PLOT_CLAUSE_WORDS, PLOT_HEADS, PLOT_LEADS, PLOT_OPENERS, PLOT_SCENE_OPENERS, REQUEST_PLOT_OPENERS } from "../lexicon/cues";
import { rankingPhrase } from "../cues";

/** A story told in the user's words: where it starts and how much of it there is. */
export interface ToldPlot {
  /** The words that open it ("the movie where", "cartoon about a"). */
  phrase: string;
  /** Token index of the opening's first word, and of the story's first word. */
  at: number;
  storyFrom: number;
  /** Content words of the story: neither stop words nor question words. */
  storyWords: number;
}

const CLAUSE = new Set(PLOT_CLAUSE_WORDS);
/** Words that end an opening with a relative clause: what follows is the story, its people included. */
const RELATIVE_ENDS: ReadonlySet<string> = new Set(["who", "that", "where", "when", "whose", "which"]);
const HEADS = new Set(PLOT_HEADS);
/** How far a scene opener ("where", "in which") may sit from its film word: "movie based on the real mission where …". */
const SCENE_GAP = 7;
const OPENER_GAP = 3;
/** Enough story to search for: four content words, or three in a clause ("a man who lost his memory"). */
const MIN_STORY = 4;
const MIN_STORY_IN_CLAUSE = 3;
/** After "that movie with" and a person's name, the search is narrowed to their films: two story words do. */
const MIN_STORY_WITH_CAST = 2;
/** A told plot with no opening at all ("guy wakes up with no memory and is hunted by assassins") must be long when it says a film word or a kind of film. */
const MIN_BARE_STORY = 8;
/**
 * Said to a film service with no film word, no kind of film and nothing named, a statement of something happening is a
 * film remembered ("Kid bullied into eating worms", "Woman burned alive"): three story words do. `plainStatement` (the
 * caller's reading of the whole message) is asked only then.
 */
const MIN_PLAIN_STORY = 3;
/** In a story with no opening, a superlative or count cue said within its first this-many story words is the question's own. */
const BARE_CUE_WORDS = 3;
const STARTS = new Set(NOT_STORY_STARTS);
/** Film words that say a film or a kind of film in any place; "one" does only with an opening ("the one where"), elsewhere it counts. */
const FILM_SAID = new Set(PLOT_HEADS.filter((w) => w !== "one"));

function phraseAt(words: readonly string[], i: number, phrase: readonly string[]): boolean {
  return phrase.every((w, k) => words[i + k] === w);
}

/** A film word followed, within a few words, by what opens a story ("comedy where", "cartoon about a", "movie based on … where"). */
function headAndOpener(words: readonly string[]): { phrase: string; at: number; end: number } | undefined {
  for (let i = 0; i < words.length; i++) {
    if (!HEADS.has(words[i]!)) continue;
    for (let gap = 1; gap <= SCENE_GAP && i + gap < words.length; gap++) {
      const openers = gap <= OPENER_GAP ? PLOT_OPENERS : PLOT_SCENE_OPENERS;
      for (const o of openers) {
        const p = o.split(" ");
        if (phraseAt(words, i + gap, p)) return { phrase: `${words.slice(i, i + gap).join(" ")} ${o}`, at: i, end: i + gap + p.length };
      }
    }
  }
  return undefined;
}

/** A request that opens with what opens a story ("About a fictional apocalyptic flooding scenario"): the film word is implied. */
function requestOpener(words: readonly string[]): { phrase: string; at: number; end: number } | undefined {
  const opener = REQUEST_OPENERS.find((o) => phraseAt(words, 0, o));
  return opener ? { phrase: opener.join(" "), at: 0, end: opener.length } : undefined;
}

const REQUEST_OPENERS: readonly (readonly string[])[] = REQUEST_PLOT_OPENERS.map((o) => o.split(" "));

/** A word of the story: not a stop word, question word or a plain relation word ("directors", "wrote", "genres"). */
const isStoryWord = (w: string) => w.length > 2 && !STOP_WORDS.has(w) && !QUESTION_WORDS.has(w) && !(WORD_TO_EDGES.get(w) ?? []).some((e) => e.weight >= 1);

/**
 * Reads a part as a told plot when a story opening ("the movie where", "cartoon about a", "the one
 * with the") is followed by enough of a story, or when a long story has no opening at all and names
 * nothing. Words inside the story are never the question's own cues: "competes to be the best" in a
 * story is no superlative, so only a superlative or a count said before the opening outranks it.
 */
export function findToldPlot(allWords: readonly string[], namesSomething: boolean, inName: (token: number) => boolean = () => false, inPerson: (token: number) => boolean = () => false, plainStatement: () => boolean = () => false): ToldPlot | undefined {
  // A title the story names ("films whose writers also wrote The Private Life of Sherlock Holmes") is no story.
  const words = allWords.map((w, i) => (inName(i) ? "" : w));
  const lead = [firstOf(words, PLOT_LEADS), headAndOpener(words), requestOpener(words)].filter((x) => x !== undefined).sort((a, b) => a.at - b.at || b.end - a.end)[0];
  if (lead) {
    const before = words.slice(0, lead.at);
    if (rankingPhrase(before) || firstOf(before, COUNT_PHRASES)) return undefined;
    // After "that movie with", the people named are its cast, not its story ("that movie with tom hanks and meg ryan").
    const withLead = lead.phrase.split(" ").at(-2) === "with" || lead.phrase.endsWith(" with");
    // So are people named right after an opening that is no clause ("what movie has sacha gervasi contributed to"):
    // whose film it is; after "where" they are whom the story tells of ("the movie where bill murray keeps reliving …").
    const clauseLead = RELATIVE_ENDS.has(lead.phrase.split(" ").at(-1)!);
    let opening = lead.end;
    while (!clauseLead && inPerson(opening)) opening++;
    const story = words.slice(lead.end).map((w, k) => ((withLead || lead.end + k < opening) && inPerson(lead.end + k) ? "" : w));
    const storyWords = story.filter(isStoryWord).length;
    // "the movie where a boy sees dead people": an opening that ends in a relative word makes the story a clause.
    const clause = CLAUSE.has(lead.phrase.split(" ").at(-1)!) || story.some((w) => CLAUSE.has(w));
    // "that movie with keanu reeves on a bus with a bomb": with its cast named, a short story is enough to search their films.
    const castNamed = withLead && story.some((w, k) => w === "" && inPerson(lead.end + k));
    if (storyWords >= MIN_STORY || (clause && storyWords >= MIN_STORY_IN_CLAUSE) || (castNamed && storyWords >= MIN_STORY_WITH_CAST)) return { phrase: lead.phrase, at: lead.at, storyFrom: lead.end, storyWords };
    // An opening late in a long story is part of it ("… while making a documentary about a local legend").
  }
  // A story with no opening: told as a statement (not a question, request or list of films), long, naming nobody.
  if (namesSomething || STARTS.has(words[0] ?? "")) return undefined;
  const storyWords = words.filter(isStoryWord).length;
  const plain = () => !words.some((w) => FILM_SAID.has(w)) && plainStatement();
  if (storyWords < MIN_PLAIN_STORY || (storyWords < MIN_BARE_STORY && !plain())) return undefined;
  // A ranking or a count asked of films comes first ("best comedies about …"); once the story is under
  // way, "his best friend" or "the most popular clique" is something in it.
  const storyStart = words.findIndex((w, i) => isStoryWord(w) && words.slice(0, i + 1).filter(isStoryWord).length === BARE_CUE_WORDS);
  const cue = [rankingPhrase(words), firstOf(words, COUNT_PHRASES)].find((c) => c !== undefined && c.at < storyStart);
  return cue ? undefined : { phrase: "a story with no film named", at: 0, storyFrom: 0, storyWords };
}
