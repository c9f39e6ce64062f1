import { CHARACTER_ACTIVE_VERBS, CHARACTER_OF_NOUNS } from "../../../src/question/lexicon/shapes";
import type { EdgeType, NodeType } from "../../../src/kb/schema";
import type { FactKind, Hop, Metric } from "../../../src/plan/schema";

/**
 * The words answers are written in: relations as a film fan says them, figures with their source,
 * and what the knowledge base does not record. No internal notation reaches a reply.
 */

/** "the directors of X", "the films starring X": a relation read from what it leaves. */
const OF_PHRASES: Readonly<Record<EdgeType, { out: string; in: string }>> = {
  DIRECTED: { out: "the films directed by %", in: "the directors of %" },
  WROTE: { out: "the films written by %", in: "the writers of %" },
  ACTED_IN: { out: "the films starring %", in: "the actors in %" },
  RELEASED_IN: { out: "the release years of %", in: "the films released in %" },
  IN_LANGUAGE: { out: "the languages of %", in: "the films in %" },
  HAS_GENRE: { out: "the genres of %", in: "the % films" },
  HAS_TAG: { out: "the tags of %", in: "the films tagged %" },
  HAS_RATING: { out: "the IMDb rating of %", in: "the films rated %" },
  HAS_VOTES: { out: "the IMDb votes of %", in: "the films with % votes" },
};

/** A relation path in words, from its start: [DIRECTED in, DIRECTED out, IN_LANGUAGE out] of X is "the languages of the films directed by the directors of X". */
export function pathPhrase(hops: readonly Hop[], start: string): string {
  return hops.reduce((inner, h) => OF_PHRASES[h.edge][h.dir].replace("%", inner), start);
}

/** Think-on-Graph's relation path label ("DIRECTED<,IN_LANGUAGE>") as hops. */
export function hopsOfLabel(label: string): Hop[] {
  return label
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ edge: s.replace(/[<>]$/, "") as EdgeType, dir: s.endsWith("<") ? "in" : "out" }) as Hop)
    .filter((h) => h.edge in OF_PHRASES);
}

/** How a one-hop fact about a film reads: "Titanic was directed by …", "Titanic is in …". */
export const FILM_FACT: Readonly<Partial<Record<EdgeType, string>>> = {
  DIRECTED: "was directed by",
  WROTE: "was written by",
  ACTED_IN: "stars",
  RELEASED_IN: "was released in",
  IN_LANGUAGE: "is in",
  HAS_GENRE: "is filed under",
  HAS_TAG: "is tagged",
  HAS_RATING: "has the IMDb rating",
  HAS_VOTES: "has IMDb votes",
};

/** The same facts said of several films at once: "Both A and B are in French". */
export const FILMS_FACT: Readonly<Partial<Record<EdgeType, string>>> = {
  RELEASED_IN: "were released in",
  IN_LANGUAGE: "are in",
  HAS_GENRE: "are filed under",
  HAS_TAG: "are tagged",
  HAS_RATING: "have the IMDb rating",
  HAS_VOTES: "have IMDb votes",
};

/** How a person's films read: "Tom Hanks acted in …". */
export const PERSON_FACT: Readonly<Partial<Record<EdgeType, string>>> = { DIRECTED: "directed", WROTE: "wrote", ACTED_IN: "acted in" };

/** Plural nouns for what a lookup asks. */
export const TYPE_NOUN: Readonly<Record<NodeType, string>> = { Movie: "films", Person: "people", Genre: "genres", Tag: "tags", Language: "languages", Year: "years", Rating: "ratings", Votes: "vote counts" };
/** One of them: "1 genre", "1 person". */
const TYPE_NOUN_ONE: Readonly<Record<NodeType, string>> = { Movie: "film", Person: "person", Genre: "genre", Tag: "tag", Language: "language", Year: "year", Rating: "rating", Votes: "vote count" };

/** How n answers of a type are counted in words: "3 genres", "1 genre", "2 answers". */
export function answersNoun(type: NodeType | undefined, n: number): string {
  if (!type) return n === 1 ? "answer" : "answers";
  return n === 1 ? TYPE_NOUN_ONE[type] : TYPE_NOUN[type];
}

/** What a figure is, and where it comes from. */
export const METRIC_WORDS: Readonly<Record<Metric, { noun: string; source: string }>> = {
  releaseYear: { noun: "release year", source: "the knowledge base's release years" },
  runtime: { noun: "running time", source: "TMDB 5000" },
  voteAverage: { noun: "TMDB vote average", source: "TMDB 5000" },
  voteCount: { noun: "number of TMDB votes", source: "TMDB 5000" },
  popularity: { noun: "TMDB popularity", source: "TMDB 5000" },
  budget: { noun: "budget", source: "TMDB 5000" },
  revenue: { noun: "box-office revenue", source: "TMDB 5000" },
  filmCount: { noun: "number of films", source: "the knowledge base" },
};

/** A figure's noun said after "from TMDB 5000" ("vote average", not "TMDB vote average"). */
export function tmdbFigureNoun(metric: Metric): string {
  return METRIC_WORDS[metric].noun.replace(/^TMDB /, "");
}

/**
 * How the winner of a comparison is said, by metric: between two ("is longer", "came out first"), and
 * among three or more ("is the longest", "came out first"). Each pair is [max, min].
 */
const WINNER_WORDS: Readonly<Record<Metric, { two: [string, string]; more: [string, string] }>> = {
  releaseYear: { two: ["came out later", "came out first"], more: ["came out last", "came out first"] },
  runtime: { two: ["is longer", "is shorter"], more: ["is the longest", "is the shortest"] },
  voteAverage: { two: ["is rated higher", "is rated lower"], more: ["is rated highest", "is rated lowest"] },
  voteCount: { two: ["has more TMDB votes", "has fewer TMDB votes"], more: ["has the most TMDB votes", "has the fewest TMDB votes"] },
  popularity: { two: ["is more popular", "is less popular"], more: ["is the most popular", "is the least popular"] },
  budget: { two: ["cost more", "cost less"], more: ["cost the most", "cost the least"] },
  revenue: { two: ["made more at the box office", "made less at the box office"], more: ["made the most at the box office", "made the least at the box office"] },
  filmCount: { two: ["has more films", "has fewer films"], more: ["has the most films", "has the fewest films"] },
};

/** "longer", "came out first": how the winner of a comparison of `among` items is said. */
export function comparativeWord(by: Metric, pick: "max" | "min", among = 2): string {
  const words = WINNER_WORDS[by][among > 2 ? "more" : "two"];
  return words[pick === "max" ? 0 : 1];
}

/** A figure as people say it: "194 minutes", "$200,000,000", "7.5 (TMDB vote average)". */
export function figureWords(by: Metric, value: number): string {
  const n = (x: number) => x.toLocaleString("en-US");
  switch (by) {
    case "releaseYear":
      return String(value);
    case "runtime":
      return `${n(value)} minutes`;
    case "budget":
    case "revenue":
      return `$${n(value)}`;
    case "voteAverage":
      return `${value.toFixed(1)}/10`;
    case "filmCount":
      return `${n(value)} film${value === 1 ? "" : "s"}`;
    default:
      return n(Math.round(value * 10) / 10);
  }
}

/** A gap between two figures as people say it: "3 years", "32 minutes", "$37,000,000", "0.3 points". */
export function gapWords(by: Metric, gap: number): string {
  if (by === "releaseYear") return `${gap} year${gap === 1 ? "" : "s"}`;
  if (by === "voteAverage") return `${gap.toFixed(1)} point${gap === 1 ? "" : "s"} (out of 10)`;
  return figureWords(by, gap);
}

const SEQUEL_SAID = /^(?:sequel|prequel)s?$/i;

/** What the knowledge base does not record, said of someone or something when there is one. */
export function lacking(fact: FactKind, subject?: string, said?: string, subjectIsPerson = false, subjectIsFilm = false): string {
  const s = subject ?? "";
  const of = (general: string, specific: string) => (subject ? specific : general);
  const phrases: Readonly<Record<FactKind, string>> = {
    birthplace: of("where people were born", `where ${s} was born`),
    birth_date: of("when people were born", `when ${s} was born`),
    death: of("when or whether people died", `whether or when ${s} died`),
    age: of("people's ages or birth dates", `${s}'s age or birth date`),
    nationality: of("nationalities", `${s}'s nationality`),
    family: of("marriages or families", `${s}'s marriages or family`),
    education: of("where people studied", `where ${s} studied`),
    // A character's own name asked ("who played Captain Miller"): said by that name.
    // A character named ("Captain Miller", "the joker"): who played them. A creature of the story asked by its kind
    // ("what kind of puppy appears in the story"): said as asked.
    // Someone of a film's story asked about ("what's wrong with elise in mr nobody"): the story's people, as asked.
    character: characterLacking(subject, said, subjectIsFilm),
    award: of("awards or nominations", `awards or nominations of ${s}`),
    tv: "television series or episodes",
    music: of("composers, scores or songs", subjectIsPerson ? `the music ${s} composed` : `the music of ${s}`),
    box_office: of("a box-office figure for that film", `a box-office figure for ${s}`),
    budget: of("a budget for that film", `a budget for ${s}`),
    runtime: of("a running time for that film", `a running time for ${s}`),
    studio: of("studios or distributors", `the studio of ${s}`),
    producer: of("producers", subjectIsPerson ? `which films ${s} produced` : `the producers of ${s}`),
    crew: "crew other than directors and writers (cinematographers, editors, designers)",
    filming_location: of("where films were shot or set", `where ${s} was shot`),
    country: of("films' countries of origin", `the country of ${s}`),
    other: said && subject && SEQUEL_SAID.test(said) ? `a ${said.replace(/s$/, "")} to ${s}: no other film shares its title, or a tag that names its series` : said ? `what you asked (${said})${subject ? ` about ${subject}` : ""}` : "that",
  };
  return phrases[fact];
}

const CUE_SAID: ReadonlySet<string> = new Set([...CHARACTER_ACTIVE_VERBS, ...CHARACTER_OF_NOUNS, "roles", "parts", "characters"]);

/**
 * The character the KB does not record: a character named ("Captain Miller", "the joker"), who played them; a creature
 * of the story asked by its kind, as asked; someone of a film's story asked about, as asked ("what's wrong with elise");
 * the part a film's cast played, asked by the verb or noun alone ("what role did … play in Rent"); the part people played.
 */
function characterLacking(subject: string | undefined, said: string | undefined, subjectIsFilm: boolean): string {
  if (said && (/^\p{Lu}/u.test(said) || said.startsWith("the "))) return `who played ${said}`;
  if (said?.startsWith("what ")) return said;
  if (!subject) return "the characters actors play";
  if (subjectIsFilm) return !said || CUE_SAID.has(said.toLowerCase()) ? `the characters played in ${subject}` : `the people of ${subject}'s story you asked about (${said})`;
  return subject.includes(" in ") ? `the character ${subject.replace(" in ", " played in ")}` : `the character ${subject} played`;
}

/** What the knowledge base does hold, said after what it lacks. */
export const HOLDS = "It lists films' directors, writers, cast, release years, languages, genres and tags, with plots and TMDB figures (ratings, popularity, runtime, budget, revenue) for some.";
