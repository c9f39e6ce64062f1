import type { RankMetric } from "../../ports/movie-catalog";
import type { FactKind, Metric } from "../../plan/schema";
import { DESCRIBED_PEOPLE, KIN_WORDS, PERSON_WORDS } from "./relations";

/**
 * Wording that says what shape of answer a question wants — yes or no, which of two, the nth,
 * what the knowledge base lacks — as data. Phrases are folded text matched on word boundaries; the
 * rules (src/question/rules/) decide with these and with what was linked, never per question.
 */

/** Copulas that open a yes/no question about what something is ("is die hard a good movie"). */
/** The forms of "to be" a clause is asked with, one thing or many ("what color wizards are in …", "who is playing …"). */
export const BE_FORMS = "is was are were".split(" ");
export const COPULA_OPENERS = [...BE_FORMS, "isnt", "wasnt"];
/** A question that opens with one of these (and names what it asks about) wants yes or no. */
export const YES_NO_OPENERS = [...COPULA_OPENERS.filter((w) => !w.endsWith("nt")), ..."did does do has have had can could will would should".split(" ")];

/** A statement closed by one of these asks yes or no too ("schindler's list is a comedy right?", "up came out in 2009, correct?"). */
export const YES_NO_TAILS = ["right", "correct", "true", "isnt it", "wasnt it", "didnt it", "didnt he", "didnt she", "or not", "yes or no", "am i right", "is that right", "is that true"];

/** A verb of release in every form a question puts it ("did X come out", "X came out", "was X released", "X releases"). */
const RELEASE_VERB_FORMS = ["came out", "come out", "comes out", "released", "release", "releases", "made", "premiered", "premiere", "premieres", "hit theaters", "hit theatres", "hit cinemas"];
/** Release verbs said after a title, with no "out" to follow ("what year was black panther released"). */
export const RELEASED_VERBS = ["released", "premiered"];
/** Verbs a question of a film closes with, after the film's name ("when does X come out", "where was X filmed"). */
export const CLOSING_FACT_VERBS = ["come out", "comes out", "came out", "coming out", "released", "premiered", "made", "filmed", "shot", "set", "take place", "takes place", "took place", "happen", "happens"];
/** Words that say a song ("the song feels like home"): a name right after one is the song's. */
export const SONG_WORDS = ["song", "songs", "tune", "track"];
/** Verbs of singing: what is sung right after one is a song ("who sings the circle of life"). */
export const SINGING_VERBS = ["sing", "sings", "sang", "sung", "singing"];
/** Words that qualify a name asked ("the joker's real name", "her full name"). */
export const NAME_QUALIFIERS = ["real", "full", "first", "last", "actual", "true", "middle"];
/** The verb of "come out" in every form: with "out" after it, the release asked, never a title's word ("when is peter rabbit coming out"). */
export const COMING_OUT_VERBS = ["come", "comes", "came", "coming"];
/** Which end of the release order a word after the verb points to ("came out first", "was released before"). */
const RELEASE_ORDER_WORDS: Readonly<Record<string, "max" | "min">> = { first: "min", before: "min", earlier: "min", sooner: "min", last: "max", after: "max", later: "max" };

/** Verbs of a money figure in the forms a question puts them ("did X earn more", "which costs more"), by the figure. */
const MONEY_VERB_FORMS: Readonly<Record<string, "budget" | "revenue">> = { cost: "budget", costs: "budget", earn: "revenue", earns: "revenue", gross: "revenue", grosses: "revenue", make: "revenue", makes: "revenue" };

/** Every money verb form with more or less: a comparison of that figure, whatever the tense. */
function moneyComparatives(): Record<string, { by: Metric; pick: "max" | "min" }> {
  return Object.fromEntries(Object.entries(MONEY_VERB_FORMS).flatMap(([verb, by]) => [[`${verb} more`, { by, pick: "max" as const }], [`${verb} less`, { by, pick: "min" as const }]]));
}

/** Every release verb form with every order word: a comparison of release, whatever the tense. */
function releaseComparatives(): Record<string, { by: Metric; pick: "max" | "min" }> {
  return Object.fromEntries(RELEASE_VERB_FORMS.flatMap((verb) => Object.entries(RELEASE_ORDER_WORDS).map(([word, pick]) => [`${verb} ${word}`, { by: "releaseYear" as Metric, pick }])));
}

/**
 * Comparatives, by the figure they compare and which end wins: "older" picks the earliest release,
 * "longer" the longest runtime. `cmp` is how "is A <word> than B" holds: gt when A's figure must be higher.
 */
export const COMPARATIVE_PHRASES: Readonly<Record<string, { by: Metric; pick: "max" | "min" }>> = {
  ...releaseComparatives(),
  ...moneyComparatives(),
  older: { by: "releaseYear", pick: "min" },
  earlier: { by: "releaseYear", pick: "min" },
  "came first": { by: "releaseYear", pick: "min" },
  newer: { by: "releaseYear", pick: "max" },
  "more recent": { by: "releaseYear", pick: "max" },
  later: { by: "releaseYear", pick: "max" },
  younger: { by: "releaseYear", pick: "max" },
  longer: { by: "runtime", pick: "max" },
  "run longer": { by: "runtime", pick: "max" },
  "longer running": { by: "runtime", pick: "max" },
  shorter: { by: "runtime", pick: "min" },
  "higher duration": { by: "runtime", pick: "max" },
  "longer duration": { by: "runtime", pick: "max" },
  "greater duration": { by: "runtime", pick: "max" },
  "longer runtime": { by: "runtime", pick: "max" },
  "higher runtime": { by: "runtime", pick: "max" },
  "longer running time": { by: "runtime", pick: "max" },
  "shorter duration": { by: "runtime", pick: "min" },
  "lower duration": { by: "runtime", pick: "min" },
  "shorter runtime": { by: "runtime", pick: "min" },
  "better rated": { by: "voteAverage", pick: "max" },
  "higher rated": { by: "voteAverage", pick: "max" },
  "rated higher": { by: "voteAverage", pick: "max" },
  "rated better": { by: "voteAverage", pick: "max" },
  "higher rating": { by: "voteAverage", pick: "max" },
  "better rating": { by: "voteAverage", pick: "max" },
  "better reviewed": { by: "voteAverage", pick: "max" },
  "lower rated": { by: "voteAverage", pick: "min" },
  "rated lower": { by: "voteAverage", pick: "min" },
  "worse rated": { by: "voteAverage", pick: "min" },
  "lower rating": { by: "voteAverage", pick: "min" },
  better: { by: "voteAverage", pick: "max" },
  worse: { by: "voteAverage", pick: "min" },
  "more popular": { by: "popularity", pick: "max" },
  "less popular": { by: "popularity", pick: "min" },
  "more votes": { by: "voteCount", pick: "max" },
  "more expensive": { by: "budget", pick: "max" },
  "cost more": { by: "budget", pick: "max" },
  "bigger budget": { by: "budget", pick: "max" },
  "larger budget": { by: "budget", pick: "max" },
  "higher budget": { by: "budget", pick: "max" },
  cheaper: { by: "budget", pick: "min" },
  "less expensive": { by: "budget", pick: "min" },
  "cost less": { by: "budget", pick: "min" },
  "smaller budget": { by: "budget", pick: "min" },
  "grossed more": { by: "revenue", pick: "max" },
  "made more money": { by: "revenue", pick: "max" },
  "made more": { by: "revenue", pick: "max" },
  "earned more": { by: "revenue", pick: "max" },
  "more successful": { by: "revenue", pick: "max" },
  "higher grossing": { by: "revenue", pick: "max" },
  "more money": { by: "revenue", pick: "max" },
  "bigger hit": { by: "revenue", pick: "max" },
  "grossed less": { by: "revenue", pick: "min" },
  "made less": { by: "revenue", pick: "min" },
  "more films": { by: "filmCount", pick: "max" },
  "more movies": { by: "filmCount", pick: "max" },
  "fewer films": { by: "filmCount", pick: "min" },
  "fewer movies": { by: "filmCount", pick: "min" },
  "less films": { by: "filmCount", pick: "min" },
  "less movies": { by: "filmCount", pick: "min" },
};

/**
 * A gap between two figures ("how many years after Jaws did Jaws 2 come out", "how much longer is Titanic"):
 * the words that open it, the units it is counted in (by the figure they measure), and the words that make a
 * count of years or a length a gap rather than a count or one film's figure.
 */
export const GAP_LEADS = ["how many", "how much", "how long"];
export const GAP_UNITS: Readonly<Record<string, Metric>> = { years: "releaseYear", year: "releaseYear", decades: "releaseYear", minutes: "runtime", mins: "runtime", hours: "runtime" };
export const GAP_WORDS = ["after", "before", "apart", "between", "later", "earlier", "separate", "separated", "difference", "passed", "elapsed", "gap", "ago"];
/** "the same director", "share an actor": with a person or role noun within two words after, people both named films have. */
export const SHARED_LEADS = ["same", "share", "shares", "shared"];
/** "how much more did Titanic make": more or less before the figure's verb. */
export const GAP_MORE_LESS = ["more", "less"];

/** Ordinals: the nth film in release order ("the third film X directed"), or from the end ("his second to last film"). */
export const ORDINAL_WORDS: Readonly<Record<string, { nth: number; fromEnd?: true }>> = {
  first: { nth: 1 }, "1st": { nth: 1 }, second: { nth: 2 }, "2nd": { nth: 2 }, third: { nth: 3 }, "3rd": { nth: 3 },
  fourth: { nth: 4 }, "4th": { nth: 4 }, fifth: { nth: 5 }, "5th": { nth: 5 }, sixth: { nth: 6 }, "6th": { nth: 6 },
  seventh: { nth: 7 }, "7th": { nth: 7 }, eighth: { nth: 8 }, "8th": { nth: 8 }, ninth: { nth: 9 }, "9th": { nth: 9 }, tenth: { nth: 10 }, "10th": { nth: 10 },
  debut: { nth: 1 },
  last: { nth: 1, fromEnd: true }, final: { nth: 1, fromEnd: true }, latest: { nth: 1, fromEnd: true }, "most recent": { nth: 1, fromEnd: true }, newest: { nth: 1, fromEnd: true },
  "second to last": { nth: 2, fromEnd: true }, "second last": { nth: 2, fromEnd: true }, penultimate: { nth: 2, fromEnd: true }, "third to last": { nth: 3, fromEnd: true },
  ...careerEnds(),
};

/** "when did X start acting", "what year did Y stop directing": a career's start is its first film in that role, its end the last. */
function careerEnds(): Record<string, { nth: number; fromEnd?: true }> {
  const roles = ["acting", "directing", "writing", "making movies", "making films"];
  const starts = ["start", "started", "starts", "begin", "began", "begins"];
  const stops = ["stop", "stopped", "stops", "quit", "quits"];
  return Object.fromEntries(roles.flatMap((role) => [...starts.map((v) => [`${v} ${role}`, { nth: 1 }] as const), ...stops.map((v) => [`${v} ${role}`, { nth: 1, fromEnd: true as const }] as const)]));
}

/** The figure an ordinal counts in: release order. */
export const ORDINAL_METRIC: RankMetric = "releaseYear";

/** How a reply names a story's setting, which the KB does not hold. */
const SETTING_SAID = "where the story is set";
const STORY_TIME_SAID = "when the story is set";
/** The question words that ask a time ("what era is my fair lady set in", "which decade does grease take place in"). */
const STORY_TIME_ASKERS = ["when", ...["year", "era", "decade", "century", "time period", "period", "time"].flatMap((unit) => [`what ${unit}`, `which ${unit}`])];

/** Words that ask for a kind of the noun after them ("what kind of sport", "what breed of dog"). */
export const KIND_OF_LEADS = ["kind of", "kinds of", "type of", "types of", "sort of", "sorts of", "breed of", "species of"];
/** Words that ask what someone or something is called ("the name of the shark in jaws"). */
export const NAME_OF_LEADS = ["name of", "names of"];
/**
 * Creatures a story has: a kind of one asked of a film is a character of its story ("what kind of puppy was in
 * john wick", "what breed is toto"). "breed" and "species" ask it by themselves.
 */
export const CREATURE_WORDS = "animal animals creature creatures dog dogs puppy puppies cat cats kitten fish bird birds horse horses monkey monkeys ape apes pet pets snake snakes shark sharks bear bears lion lions tiger tigers pig pigs rabbit rabbits mouse mice rat rats insect insects dinosaur dinosaurs alien aliens monster monsters robot robots frog frogs duck ducks wolf wolves fox foxes owl owls crab crabs turtle turtles cow cows goat goats elephant elephants penguin penguins whale whales dolphin dolphins parrot parrots donkey donkeys deer squirrel squirrels chicken chickens seagull seagulls crocodile crocodiles hamster hamsters gorilla gorillas unicorn unicorns dragon dragons snowman".split(" ");
/** Whom or what a story is about: people by kind or kinship, creatures ("a woman", "dad", "a dog", "aliens"). */
/** People of a story said again by a pronoun ("Plane hijackers. They land …"); "it" is as often the weather or the film itself. */
export const STORY_PRONOUNS = ["he", "she", "they"];
export const STORY_BEINGS: ReadonlySet<string> = new Set([...CREATURE_WORDS, ...DESCRIBED_PEOPLE, ...PERSON_WORDS, ...KIN_WORDS]);
/** Kinds only creatures have: asked by themselves ("what breed is toto") or before a creature ("breed of dog"). */
export const CREATURE_KIND_WORDS = ["breed", "species"];
/** Words that put a part, person or thing in a film said right after them at the clause's end ("the shark in jaws", "the kid from home alone"). */
export const IN_FILM_WORDS = ["in", "from", "on"];
/** Words after which the rest of a clause may be the film a fact is asked of ("in", "from", "the score for …"). */
export const FILM_SLOT_PREPOSITIONS = [...IN_FILM_WORDS, "for"];
/** Words that ask one thing of a film's story ("what war was it about"), and the words after them that ask the story itself or its kind. */
export const STORY_THING_ASKERS = ["what", "which"];
export const STORY_ITSELF_WORDS = ["kind", "type", "sort", "genre", "else", "exactly"];
/** Nouns for a film's story told whole ("the plot of titanic", "a synopsis of alien"); "story" itself also tells one ("the story of a boy"). */
export const STORY_TOLD_NOUNS = "plot plots synopsis synopses storyline storylines summary premise gist".split(" ");
/** Things of a film's story or soundtrack a question may ask about, besides people and creatures ("the song from titanic", "pepper's real name from iron man"). */
export const STORY_THING_WORDS = "song songs theme name names character characters".split(" ");
/** Things a film may be about whose kinds the KB holds no relation for ("what kind of sport is played in the blind side"). */
export const THING_KIND_WORDS = "sport sports war wars car cars vehicle vehicles weapon weapons gun guns plane planes aircraft ship ships boat boats instrument instruments".split(" ");

/**
 * Facts the knowledge base lacks, by the words that ask for them. `wh` narrows a phrase to the
 * question word it must come with ("when … born" is a birth date, "where … born" a birthplace).
 */
export const FACT_PHRASES: readonly { phrase: string; fact: FactKind; wh?: string; says?: string; askedOnly?: true }[] = [
  // Longer and more specific phrases first: the first one found is the fact asked.
  { phrase: "cause of death", fact: "death" },
  { phrase: "place of death", fact: "death" },
  { phrase: "last day alive", fact: "death" },
  { phrase: "passed away", fact: "death" },
  { phrase: "died", fact: "death" },
  { phrase: "die", fact: "death" },
  { phrase: "death", fact: "death" },
  { phrase: "deceased", fact: "death" },
  { phrase: "killed", fact: "death", wh: "what" },
  { phrase: "dead", fact: "death", wh: "is" },
  { phrase: "alive", fact: "death" },
  { phrase: "born", fact: "birth_date", wh: "when" },
  { phrase: "born", fact: "birth_date", wh: "what year" },
  { phrase: "born", fact: "birthplace" },
  { phrase: "birthplace", fact: "birthplace" },
  { phrase: "birth place", fact: "birthplace" },
  { phrase: "place of birth", fact: "birthplace" },
  { phrase: "hometown", fact: "birthplace" },
  { phrase: "grew up", fact: "birthplace" },
  { phrase: "is from", fact: "birthplace", wh: "where" },
  { phrase: "from", fact: "birthplace", wh: "where" },
  { phrase: "birthday", fact: "birth_date" },
  { phrase: "date of birth", fact: "birth_date" },
  { phrase: "birth date", fact: "birth_date" },
  { phrase: "how old", fact: "age" },
  { phrase: "age", fact: "age" },
  { phrase: "nationality", fact: "nationality" },
  { phrase: "citizen", fact: "nationality" },
  { phrase: "citizenship", fact: "nationality" },
  { phrase: "how tall", fact: "other" },
  { phrase: "height", fact: "other" },
  { phrase: "religion", fact: "other" },
  { phrase: "male or female", fact: "other" },
  { phrase: "gender", fact: "other" },
  { phrase: "ethnicity", fact: "other" },
  { phrase: "website", fact: "other" },
  { phrase: "conflict", fact: "other" },
  { phrase: "participate", fact: "other" },
  { phrase: "served in", fact: "other" },
  { phrase: "adapted from", fact: "other" },
  { phrase: "adopted from", fact: "other" },
  { phrase: "adapt from", fact: "other" },
  { phrase: "adaptation of", fact: "other" },
  { phrase: "based on", fact: "other" },
  { phrase: "inspired by", fact: "other" },
  { phrase: "film version of", fact: "other" },
  { phrase: "book", fact: "other", wh: "is" },
  { phrase: "book", fact: "other", wh: "was" },
  { phrase: "literature", fact: "other" },
  { phrase: "planet", fact: "other" },
  { phrase: "true story", fact: "other" },
  // "where did the real texas chainsaw massacre occur": the real events a film tells of.
  { phrase: "the real", fact: "other", says: "the real events behind the story" },
  { phrase: "rights to", fact: "other" },
  { phrase: "basis for", fact: "other" },
  { phrase: "basis of", fact: "other" },
  { phrase: "take to film", fact: "other" },
  { phrase: "take to make", fact: "other" },
  { phrase: "take to shoot", fact: "other" },
  { phrase: "live", fact: "other", wh: "where" },
  { phrase: "live", fact: "other", wh: "in which city" },
  { phrase: "married", fact: "family" },
  { phrase: "marry", fact: "family" },
  { phrase: "wife", fact: "family" },
  { phrase: "husband", fact: "family" },
  { phrase: "spouse", fact: "family" },
  { phrase: "divorced", fact: "family" },
  { phrase: "children", fact: "family" },
  { phrase: "child", fact: "family" },
  { phrase: "son", fact: "family", wh: "who" },
  { phrase: "daughter", fact: "family", wh: "who" },
  { phrase: "kids", fact: "family", wh: "how many" },
  { phrase: "parents", fact: "family" },
  { phrase: "father", fact: "family" },
  { phrase: "mother", fact: "family" },
  { phrase: "siblings", fact: "family" },
  { phrase: "dating", fact: "family" },
  { phrase: "partner", fact: "family", wh: "who" },
  { phrase: "partner", fact: "family", wh: "name" },
  { phrase: "college", fact: "education" },
  { phrase: "university", fact: "education" },
  { phrase: "school", fact: "education", wh: "where" },
  { phrase: "studied", fact: "education" },
  { phrase: "character", fact: "character" },
  { phrase: "characters", fact: "character" },
  { phrase: "portray", fact: "character" },
  { phrase: "portrayed", fact: "character" },
  { phrase: "voice", fact: "character" },
  { phrase: "voiced", fact: "character" },
  { phrase: "name in", fact: "character" },
  { phrase: "name from", fact: "character" },
  { phrase: "part in", fact: "character" },
  // An award category's name is the award, never a ranking of the films "best" would otherwise ask for.
  ...["best picture", "best director", "best actor", "best actress", "best supporting actor", "best supporting actress", "best original screenplay", "best adapted screenplay", "best foreign language film", "best animated feature", "best cinematography", "best original score"].map((phrase) => ({ phrase, fact: "award" as const })),
  { phrase: "academy award", fact: "award" },
  { phrase: "academy awards", fact: "award" },
  { phrase: "golden globe", fact: "award" },
  { phrase: "golden globes", fact: "award" },
  { phrase: "awarded", fact: "award" },
  { phrase: "reward", fact: "award" },
  { phrase: "rewards", fact: "award" },
  { phrase: "prize", fact: "award" },
  { phrase: "prizes", fact: "award" },
  { phrase: "oscar", fact: "award" },
  { phrase: "oscars", fact: "award" },
  { phrase: "award", fact: "award" },
  { phrase: "awards", fact: "award" },
  { phrase: "nominated", fact: "award" },
  { phrase: "nomination", fact: "award" },
  { phrase: "nominations", fact: "award" },
  { phrase: "won", fact: "award" },
  { phrase: "win", fact: "award" },
  { phrase: "tv show", fact: "tv" },
  { phrase: "tv shows", fact: "tv" },
  { phrase: "tv series", fact: "tv" },
  { phrase: "television", fact: "tv" },
  { phrase: "sitcom", fact: "tv" },
  { phrase: "episode", fact: "tv" },
  { phrase: "episodes", fact: "tv" },
  { phrase: "season", fact: "tv" },
  { phrase: "sings", fact: "music", wh: "who" },
  { phrase: "sang", fact: "music", wh: "who" },
  { phrase: "sing", fact: "music", wh: "who" },
  { phrase: "sung", fact: "music" },
  { phrase: "singer", fact: "music" },
  { phrase: "composer", fact: "music" },
  { phrase: "composed", fact: "music" },
  { phrase: "soundtrack", fact: "music" },
  { phrase: "score", fact: "music", wh: "who" },
  { phrase: "song", fact: "music" },
  { phrase: "songs", fact: "music" },
  { phrase: "music", fact: "music" },
  { phrase: "lyrics", fact: "music" },
  { phrase: "lyricist", fact: "music" },
  { phrase: "musician", fact: "music" },
  { phrase: "sang", fact: "music" },
  { phrase: "production company", fact: "studio" },
  { phrase: "record company", fact: "studio" },
  { phrase: "company", fact: "studio" },
  { phrase: "studio", fact: "studio" },
  { phrase: "studios", fact: "studio" },
  { phrase: "distributed", fact: "studio" },
  { phrase: "distributor", fact: "studio" },
  { phrase: "executive producer", fact: "producer" },
  { phrase: "producer", fact: "producer" },
  { phrase: "producers", fact: "producer" },
  { phrase: "produced", fact: "producer" },
  { phrase: "coproduced", fact: "producer" },
  { phrase: "coproduce", fact: "producer" },
  { phrase: "co produced", fact: "producer" },
  { phrase: "co produce", fact: "producer" },
  { phrase: "produce", fact: "producer" },
  { phrase: "producing", fact: "producer" },
  { phrase: "cinematographer", fact: "crew" },
  { phrase: "cinematography", fact: "crew" },
  { phrase: "editor", fact: "crew" },
  { phrase: "edited", fact: "crew" },
  { phrase: "edit", fact: "crew" },
  { phrase: "costume", fact: "crew" },
  { phrase: "costumes", fact: "crew" },
  { phrase: "special effects", fact: "crew" },
  // The crafts of a film's crew, which the KB lists none of ("who did the make up for planet of the apes").
  ...["make up", "makeup", "make-up", "visual effects", "stunts", "stunt", "stunt double", "body double", "choreography", "choreographer", "choreographed", "production design", "production designer", "set design", "set designer", "casting director", "sound design", "art director", "assistant director", "second unit director", "dialogue director", "animation director", "technical director", "creative director", "voice director"].map((phrase) => ({ phrase, fact: "crew" as const, wh: "who" })),
  { phrase: "country of origin", fact: "country" },
  { phrase: "country", fact: "country" },
  { phrase: "countries", fact: "country" },
  { phrase: "nation", fact: "country" },
  { phrase: "originally from", fact: "country" },
  // "where in Europe is X set": a continent asks which country.
  { phrase: "europe", fact: "country", wh: "where in" },
  { phrase: "asia", fact: "country", wh: "where in" },
  { phrase: "africa", fact: "country", wh: "where in" },
  { phrase: "america", fact: "country", wh: "where in" },
  { phrase: "south america", fact: "country", wh: "where in" },
  { phrase: "located", fact: "country" },
  // A place smaller than a country asked by "what" or "which" ("what island is Jaws located in") is a place in the story.
  ...["island", "city", "town", "village", "state", "county", "neighborhood", "street"].map((phrase) => ({ phrase, fact: "other" as const, says: SETTING_SAID, askedOnly: true as const })),
  // Where the story is set is no country of origin: a place in the story, which the KB does not hold.
  // When a story is set is its time, not the film's release ("when is the place beyond the pines set").
  ...["take place", "takes place", "took place", "set", "set in"].flatMap((phrase) => STORY_TIME_ASKERS.map((wh) => ({ phrase, fact: "other" as const, wh, says: STORY_TIME_SAID }))),
  { phrase: "take place", fact: "other", says: SETTING_SAID },
  { phrase: "takes place", fact: "other", says: SETTING_SAID },
  { phrase: "took place", fact: "other", says: SETTING_SAID },
  { phrase: "taking place", fact: "other", says: SETTING_SAID },
  { phrase: "setting", fact: "other", says: SETTING_SAID },
  { phrase: "location", fact: "other", says: SETTING_SAID },
  { phrase: "happen", fact: "other", wh: "where", says: SETTING_SAID },
  { phrase: "happens", fact: "other", wh: "where", says: SETTING_SAID },
  { phrase: "happened", fact: "other", wh: "where", says: SETTING_SAID },
  { phrase: "opening scene", fact: "other", wh: "where", says: SETTING_SAID },
  { phrase: "set in", fact: "other", wh: "where", says: SETTING_SAID },
  { phrase: "set", fact: "other", wh: "where", says: SETTING_SAID },
  { phrase: "released", fact: "country", wh: "where" },
  { phrase: "done", fact: "country", wh: "where" },
  { phrase: "filming location", fact: "filming_location" },
  { phrase: "filmed", fact: "filming_location" },
  { phrase: "filming", fact: "filming_location" },
  { phrase: "shot in", fact: "filming_location" },
  // "where did they film jurassic park", "where was jaws shot": the film word or "shot" as a verb after "where".
  ...["did they film", "do they film", "they film", "they filmed", "did he film", "did she film"].map((phrase) => ({ phrase, fact: "filming_location" as const })),
  { phrase: "shot", fact: "filming_location", wh: "where" },
];

/** Words that make an award an adjective or a verb's object ("Oscar-winning", "award nominated", "won an Oscar"): said with them, an award's name is the award, not a film or a tag. */
export const AWARD_ADJECTIVES = ["winning", "winner", "winners", "nominated", "nominee", "nominees"];
export const AWARD_VERBS = ["won", "win", "wins", "winning", "nominated", "an"];
/** The awards' own names, one word each. */
export const AWARD_WORDS = FACT_PHRASES.filter((f) => f.fact === "award" && !f.phrase.includes(" ")).map((f) => f.phrase);

/** "who did X play in Y", "what role did X have in Y": with a person and a film named, these ask for a character. */
export const CHARACTER_VERBS = "play plays played playing role roles portray portrays portrayed".split(" ");

/** Role frames that make a name a character (src/question/characters.ts). "N was played by": the verbs before "by". */
export const CHARACTER_BY_VERBS = "played play plays portrayed portray voiced".split(" ");
/** Words between a character and its "played by" ("N was played by", "N is voiced by"). */
export const CHARACTER_PASSIVE_AUX = "is was are were be been being gets got".split(" ");
/** "starred as N", "cast as N": the verbs before "as" (a common misspelling, "stared", included). */
export const CHARACTER_AS_VERBS = "starred stared stars star starring cast casted appeared appears appearing played plays play playing acted acts".split(" ");
/** "the role of N", "actor of N", "the voice of N": the nouns before "of". */
export const CHARACTER_OF_NOUNS = "role part character actor actress voice".split(" ");
/** Frame nouns that take "for" as well as "of" before whom they are of ("the voice for the dragon"). */
export const CHARACTER_FOR_NOUNS = ["voice", "voices"];
/** Words before an active role verb that ask who took the role ("who played N", "which actress plays N"). */
export const CHARACTER_ASKERS = "who actor actress actors actresses".split(" ");
/** Nouns of someone that ask who played a part when a relative "that" follows ("the man that played jesus"). */
export const CHARACTER_RELATIVE_ASKERS = "man woman guy girl boy lady person kid one".split(" ");
/** "who is N", "who was N": asked of a title, the character it is named after. */
export const CHARACTER_COPULAS = "is was".split(" ");
/** Words joining a noun of a part to what it is of ("the voices of", "the role in", "the voice for"). */
export const PART_OF_WORDS = ["of", "in", "for"];
/** Words after the story told of a film that lead to the film ("the true story of", "the true story behind"). */
export const STORY_OF_WORDS = ["of", "behind"];
/** Two-word names of the story told of a film ("the true story of unstoppable"). */
export const TOLD_STORY_PHRASES = ["true story", "real story"];
/** "who played N", "which actress portrays N": the verbs a character's name follows. */
export const CHARACTER_ACTIVE_VERBS = "played plays play playing portrayed portrays portray portraying voiced voices voicing".split(" ");

/** Words after a title that make it a family of films: "the Rocky movies", "which Godfather film", "the Toy Story series". */
export const SERIES_WORDS = "movie movies film films series franchise trilogy saga sequel sequels installment installments entry entries one ones part parts".split(" ");

/**
 * Words a family's titles put beside its name to say it is a family: after it ("The Twilight Saga: Eclipse") or before
 * it with "of" ("The Chronicles of Narnia: Prince Caspian"). "the twilight movies" and "the narnia films" name them.
 */
export const SERIES_TITLE_WORDS = "saga chronicles trilogy series".split(" ");

/** Words before a title + film word that make it a family rather than the one film: "which Rocky movie", "all the Alien films". */
export const SERIES_OPENERS = "which what all every each the any".split(" ");

/** "the prequel to X", "the sequel to X": the film of X's family released just before (or after) it. */
export const SEQUEL_PHRASES: Readonly<Record<string, "before" | "after">> = {
  prequel: "before", prequels: "before", "previous film": "before", "previous movie": "before", "film before": "before", "movie before": "before",
  sequel: "after", sequels: "after", "follow up": "after", "next film": "after", "next movie": "after", "film after": "after", "movie after": "after",
};

/** "did X and Y ever work together", "have X and Y been in a film together": two people, one film. */
export const TOGETHER_PHRASES = ["together", "work with", "worked with", "working with", "collaborate with", "collaborated with", "collaborate", "collaborated", "team up", "teamed up", "appear with", "appeared with", "act with", "acted with", "star with", "starred with", "alongside", "in the same film", "in the same movie", "in a film together", "in a movie together"];

/** "either … or", "X or Y": the answers of any of them. */
export const EITHER_WORDS = ["either", "or"];

/** Words between a fact word and a name that make the name the fact's subject ("what episode has David Lynch directed"). */
export const FACT_AUXILIARIES = "has have had did does do is was were are".split(" ");
/** The auxiliaries a question opens its subject with ("when will …", "what year was …"): those and "will". */
export const SUBJECT_AUXILIARIES = [...FACT_AUXILIARIES, "will"];
/** Question words that ask which someone of a story is meant ("which character in toy story is a cowboy"). */
export const WHICH_ONE_ASKERS = ["which", "what", "who"];
/** Words that point to something said before, no title's words ("where was most of it filmed"). */
export const POINTING_WORDS = ["it", "this", "that", "these", "those"];
/** Prepositions that may close a fact's phrase at a clause's end ("set in", "filmed at", "shot on"). */
export const FACT_CLOSING_PREPOSITIONS = ["in", "at", "on"];
/** Prepositions before a year said right after a title, which still says which film it is ("titanic in 1997"). */
export const TITLE_YEAR_PREPOSITIONS = ["in", "from"];
/** Question words that ask a fact of a film named right after their auxiliary ("where was titanic filmed"). */
export const FACT_ASKER_WORDS = ["where", "when", "who", "how", "why"];
/** Fact words that are verbs: a name after them is who did or got it, not described by it ("won Marlon Brando his award"). */
export const FACT_VERBS = "won win wins married marry nominated died born awarded killed".split(" ");
/** Words that set a figure's bound before a number ("longer than 2.5 hours", "over $100 million", "rated above 8"), by which side. */
export const BOUND_WORDS: Readonly<Record<string, "gt" | "lt">> = { longer: "gt", more: "gt", over: "gt", above: "gt", greater: "gt", higher: "gt", shorter: "lt", less: "lt", under: "lt", below: "lt", lower: "lt" };
/** Units a bound's number is said in, by the figure they measure and how many of its own units one is. */
export const BOUND_UNITS: Readonly<Record<string, { metric: "runtime" | "money"; times: number }>> = {
  hour: { metric: "runtime", times: 60 }, hours: { metric: "runtime", times: 60 }, hr: { metric: "runtime", times: 60 }, hrs: { metric: "runtime", times: 60 },
  minute: { metric: "runtime", times: 1 }, minutes: { metric: "runtime", times: 1 }, min: { metric: "runtime", times: 1 }, mins: { metric: "runtime", times: 1 },
  million: { metric: "money", times: 1e6 }, millions: { metric: "money", times: 1e6 }, m: { metric: "money", times: 1e6 }, mil: { metric: "money", times: 1e6 },
  billion: { metric: "money", times: 1e9 }, billions: { metric: "money", times: 1e9 }, bn: { metric: "money", times: 1e9 },
};
/** Words that make a money bound the budget rather than the box office ("cost more than $100 million"). */
export const BUDGET_WORDS = ["budget", "budgets", "cost", "costs", "costing", "spent", "expensive"];
/** Words that make a plain number's bound a rating ("rated above 8", "a rating over 7"). */
export const RATING_WORDS = ["rated", "rating", "ratings", "score", "scored"];

/** Words that ask what a film is about: its story as the data tells it ("the plot of Memento", "what happens in Jaws"). */
export const STORY_PHRASES = ["plot", "plots", "synopsis", "storyline", "story line", "summary", "summarize", "summarise", "premise", "gist", "what happens", "what happened", "the story", "story of"];
/** The last word of a question that asks what a film is about ("what is Memento about"). */
export const STORY_TAIL = "about";
/** Words before a number that make it no count of films asked: a place, a ranking's size or a whole set ("the first two", "top 5", "all three", "part 2"). */
export const LIST_COUNT_BLOCKER_WORDS = "top first last next past previous all every both part chapter episode number no over than least most".split(" ");
/** Words that ask for a whole set ("all Danish films", "every Czech movie"). */
export const WHOLE_SET_WORDS = "all every".split(" ");
/** Words that say a claim holds of every film of a set ("did Nolan direct all the Batman movies", "is each Pixar film animated"). */
export const UNIVERSAL_WORDS = [...WHOLE_SET_WORDS, "each"];
/** Words before a name and a film word that make the name describe the film ("which Doug Liman movie"). */
export const FILM_DETERMINERS = "which what a an the that any some all every other those these".split(" ");
/** Words that ask for the noun after them ("what company", "which studio"). */
export const WH_NOUN_LEADS = "what which whose".split(" ");

/** The words of a frame that asks what there is to know of a name ("who is X", "tell me about the movie X", "what do you know about X"). */
export const ABOUT_FRAME_WORDS = "who whos is was what whats tell me us about the movie film something anything everything you know do info information on please give some can could".split(" ");

/** Words after a number that make it a count or a measure, no place in a film's family ("rocky 2 hours", "jaws 3 times"). */
export const MEASURE_AFTER_NUMBER_WORDS = "minute minutes hour hours hr hrs min mins year years time times star stars film films movie movies sequel sequels part parts season seasons episode episodes".split(" ");
/** Words of written works a film may come from, released on their own ("when did the book come out"). */
export const BOOK_WORDS = ["book", "books", "novel", "novels", "comic", "comics", "album", "albums"];
/** Parts of a film a question may point at ("the end of dirty dancing", "the opening scene of jaws"): the name after "of" is the film. */
export const FILM_PART_WORDS = "end ending beginning start opening finale climax scene scenes poster trailer soundtrack theme credits".split(" ");

/** Words that set the films listed after them as the choices of a superlative ("which is the longest among Alien, Heat and Jaws"). */
export const AMONG_WORDS = ["among", "amongst", "between"];
/** Phrases that place films in time by another said right after them ("after Jaws", "right before Titanic", "prior to Heat", "in the same year as Heat"). */
export const RELATIVE_TIME_PHRASES: Readonly<Record<string, "before" | "after" | "same">> = {
  after: "after",
  following: "after",
  since: "after",
  before: "before",
  "prior to": "before",
  until: "before",
  "same year as": "same",
};
