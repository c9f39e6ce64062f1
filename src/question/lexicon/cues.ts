import type { MovieMetric, RankMetric } from "../../ports/movie-catalog";

/**
 * The wording that signals each intent, as data. Phrases are folded text matched on word
 * boundaries; the intent stage decides with these and with what was linked, never per question.
 */

/** Verbs of a money figure in every tense a superlative puts them ("made the least", "grossed the most", "cost the most"), by the figure. */
const MONEY_SUPERLATIVE_VERBS: Readonly<Record<string, "budget" | "revenue">> = {
  made: "revenue", make: "revenue", makes: "revenue", earned: "revenue", earn: "revenue", earns: "revenue", grossed: "revenue", gross: "revenue", grosses: "revenue", cost: "budget", costs: "budget",
};

/** Each money verb with "the most" or "the least" (and "most money"/"least money"): a ranking by that figure, whatever the tense. */
function moneySuperlatives(): Record<string, { metric: RankMetric; order: "desc" | "asc" }> {
  const ends = { most: "desc", least: "asc" } as const;
  return Object.fromEntries([
    ...Object.entries(MONEY_SUPERLATIVE_VERBS).flatMap(([verb, metric]) => Object.entries(ends).map(([end, order]) => [`${verb} the ${end}`, { metric, order }])),
    ...Object.entries(ends).map(([end, order]) => [`${end} money`, { metric: "revenue", order }]),
  ]);
}

/** A figure's nouns, by metric: what a superlative adjective may rank ("the highest revenue", "the longest running time"). */
const FIGURE_NOUNS: Readonly<Record<string, readonly string[]>> = {
  revenue: ["revenue", "revenues", "box office", "gross", "earnings", "takings"],
  budget: ["budget", "production budget"],
  voteAverage: ["rating", "ratings", "score", "reviews", "review score"],
  runtime: ["runtime", "running time", "length"],
  popularity: ["popularity"],
  voteCount: ["votes", "number of votes", "vote count"],
};
const HIGH_WORDS = ["highest", "biggest", "largest", "greatest", "top", "best", "most"];
const LOW_WORDS = ["lowest", "smallest", "least", "worst"];

/** Every high or low adjective before every noun of a figure: a superlative on that figure. */
function figureSuperlatives(): Record<string, { metric: RankMetric; order: "desc" | "asc" }> {
  return Object.fromEntries(
    Object.entries(FIGURE_NOUNS).flatMap(([metric, nouns]) =>
      nouns.flatMap((noun) => [...HIGH_WORDS.map((w) => [`${w} ${noun}`, { metric: metric as RankMetric, order: "desc" as const }]), ...LOW_WORDS.map((w) => [`${w} ${noun}`, { metric: metric as RankMetric, order: "asc" as const }])]),
    ),
  );
}

/** Superlatives, by the figure they rank on and the direction. Longer phrases are tried first. */
export const SUPERLATIVE_PHRASES: Readonly<Record<string, { metric: RankMetric; order: "desc" | "asc" }>> = {
  ...figureSuperlatives(),
  ...moneySuperlatives(),
  "highest grossing": { metric: "revenue", order: "desc" },
  "top grossing": { metric: "revenue", order: "desc" },
  "top of the box office": { metric: "revenue", order: "desc" },
  "biggest box office": { metric: "revenue", order: "desc" },
  "highest box office": { metric: "revenue", order: "desc" },
  "largest box office": { metric: "revenue", order: "desc" },
  "best box office": { metric: "revenue", order: "desc" },
  "highest gross": { metric: "revenue", order: "desc" },
  "biggest grossing": { metric: "revenue", order: "desc" },
  "top earning": { metric: "revenue", order: "desc" },
  "lowest box office": { metric: "revenue", order: "asc" },
  "made the most money": { metric: "revenue", order: "desc" },
  "most at the box office": { metric: "revenue", order: "desc" },
  "biggest hit": { metric: "revenue", order: "desc" },
  "highest earning": { metric: "revenue", order: "desc" },
  "costliest": { metric: "budget", order: "desc" },
  "most successful": { metric: "revenue", order: "desc" },
  "most profitable": { metric: "revenue", order: "desc" },
  "lowest grossing": { metric: "revenue", order: "asc" },
  "biggest budget": { metric: "budget", order: "desc" },
  "largest budget": { metric: "budget", order: "desc" },
  "highest budget": { metric: "budget", order: "desc" },
  "most expensive": { metric: "budget", order: "desc" },
  "smallest budget": { metric: "budget", order: "asc" },
  "lowest budget": { metric: "budget", order: "asc" },
  cheapest: { metric: "budget", order: "asc" },
  "highest rated": { metric: "voteAverage", order: "desc" },
  "highest rating": { metric: "voteAverage", order: "desc" },
  "rated highest": { metric: "voteAverage", order: "desc" },
  "rated the highest": { metric: "voteAverage", order: "desc" },
  "rated best": { metric: "voteAverage", order: "desc" },
  "rated lowest": { metric: "voteAverage", order: "asc" },
  "highest ratings": { metric: "voteAverage", order: "desc" },
  "best rating": { metric: "voteAverage", order: "desc" },
  "top rating": { metric: "voteAverage", order: "desc" },
  "highest score": { metric: "voteAverage", order: "desc" },
  "best reviews": { metric: "voteAverage", order: "desc" },
  "most highly rated": { metric: "voteAverage", order: "desc" },
  "lowest rating": { metric: "voteAverage", order: "asc" },
  "worst rating": { metric: "voteAverage", order: "asc" },
  "top rated": { metric: "voteAverage", order: "desc" },
  "best rated": { metric: "voteAverage", order: "desc" },
  "best reviewed": { metric: "voteAverage", order: "desc" },
  "most acclaimed": { metric: "voteAverage", order: "desc" },
  "critically acclaimed": { metric: "voteAverage", order: "desc" },
  "lowest rated": { metric: "voteAverage", order: "asc" },
  "worst rated": { metric: "voteAverage", order: "asc" },
  best: { metric: "voteAverage", order: "desc" },
  greatest: { metric: "voteAverage", order: "desc" },
  finest: { metric: "voteAverage", order: "desc" },
  top: { metric: "voteAverage", order: "desc" },
  worst: { metric: "voteAverage", order: "asc" },
  "most popular": { metric: "popularity", order: "desc" },
  "most famous": { metric: "popularity", order: "desc" },
  "most well known": { metric: "popularity", order: "desc" },
  "best known": { metric: "popularity", order: "desc" },
  "most watched": { metric: "popularity", order: "desc" },
  "least popular": { metric: "popularity", order: "asc" },
  "most voted": { metric: "voteCount", order: "desc" },
  "most votes": { metric: "voteCount", order: "desc" },
  longest: { metric: "runtime", order: "desc" },
  "longest running": { metric: "runtime", order: "desc" },
  shortest: { metric: "runtime", order: "asc" },
  "first film": { metric: "releaseYear", order: "asc" },
  "first movie": { metric: "releaseYear", order: "asc" },
  "first feature": { metric: "releaseYear", order: "asc" },
  "debut film": { metric: "releaseYear", order: "asc" },
  earliest: { metric: "releaseYear", order: "asc" },
  oldest: { metric: "releaseYear", order: "asc" },
  latest: { metric: "releaseYear", order: "desc" },
  newest: { metric: "releaseYear", order: "desc" },
  "most recent": { metric: "releaseYear", order: "desc" },
  // The same said of the coming out ("which came out most recently", "released earliest").
  "most recently": { metric: "releaseYear", order: "desc" },
  "least recently": { metric: "releaseYear", order: "asc" },
  "last film": { metric: "releaseYear", order: "desc" },
  "last movie": { metric: "releaseYear", order: "desc" },
  // Asked as an order ("kubrick films ranked by rating", "nolan movies in order of release").
  "by rating": { metric: "voteAverage", order: "desc" },
  "by ratings": { metric: "voteAverage", order: "desc" },
  "by score": { metric: "voteAverage", order: "desc" },
  "by popularity": { metric: "popularity", order: "desc" },
  "by box office": { metric: "revenue", order: "desc" },
  "by revenue": { metric: "revenue", order: "desc" },
  "by budget": { metric: "budget", order: "desc" },
  "by runtime": { metric: "runtime", order: "desc" },
  "by length": { metric: "runtime", order: "desc" },
  "by release date": { metric: "releaseYear", order: "asc" },
  "by year": { metric: "releaseYear", order: "asc" },
  "in order of release": { metric: "releaseYear", order: "asc" },
  "in release order": { metric: "releaseYear", order: "asc" },
  "in chronological order": { metric: "releaseYear", order: "asc" },
  chronologically: { metric: "releaseYear", order: "asc" },
  "oldest first": { metric: "releaseYear", order: "asc" },
  "newest first": { metric: "releaseYear", order: "desc" },
};

/** "like X", "similar to X", "if I enjoyed X": X is the film to start from. */
/**
 * After "what else", these ask what someone else did, films, not more to watch ("what else did he direct", "what else
 * has Tom Hanks been in", "what else did the director of inception make"); "what else should I watch" stays a request.
 */
export const ELSE_DONE_AUXILIARIES = ["did", "does", "do", "has", "have", "had"];
/** The words that open that question ("what else …"). */
export const ELSE_ASKED = ["what", "else"];
export const RECOMMENDATION_PHRASES = [
  "like", "similar to", "similar", "same vibe as", "in the style of", "along the lines of", "reminiscent of", "comparable to", "akin to", "in the vein of",
  "if i enjoyed", "if i liked", "if i loved", "i enjoyed", "i liked", "i loved", "fans of", "fan of", "recommend", "recommendation", "recommendations", "suggest",
  "what should i watch", "what to watch", "watch next", "watch after",
  "if i like", "if you like", "if you liked", "if you enjoyed", "what else", "anything else", "something else", "more like", "more films like", "more movies like",
  "same vein", "in the same vein", "same kind of", "similar films", "similar movies", "similar ones", "similar stuff",
];
/** Cues that may come after the film they start from ("loved the shining, what else would i like", "Shaun of the Dead ..., suggest similar films"). */
export const RECOMMENDATION_AFTER_FILM = [
  "what else", "anything else", "something else", "same vein", "in the same vein", "similar films", "similar movies", "similar ones", "similar stuff", "similar",
  "recommend", "recommendation", "recommendations", "suggest", "what should i watch", "what to watch", "watch next", "watch after",
];
/** Words after a film that say a film like it ("a Christmas Carol type movie", "Airplane! style", "Ninja Turtle-esque", "a Napoleon Dynamite feel"). */
export const LIKE_SUFFIXES = ["esque", "style", "styled", "type", "feel", "vibe", "vibes", "inspired"];
/** "like heat but newer", "something older like casablanca": similar films from after (or before) the film named. */
export const AGE_PHRASES: Readonly<Record<string, "newer" | "older">> = {
  newer: "newer", "more recent": "newer", recent: "newer", "more modern": "newer", modern: "newer", "came out after": "newer", "released after": "newer", "made after": "newer",
  older: "older", "less recent": "older", "came out before": "older", "released before": "older", "made before": "older",
};
/** Phrases that make "like" a comparison ("films like X"), not a verb of taste ("what do people like"). */
export const LIKE_HEADS = (
  "movie movies film films something anything stuff ones flicks more others other " +
  // A kind of film compares too: "romantic comedies like Notting Hill", "thrillers like Se7en".
  "comedies dramas thrillers westerns horrors musicals documentaries romances adventures cartoons animations mysteries fantasies comedy drama thriller western horror musical documentary romance adventure cartoon animation mystery fantasy"
).split(" ");

/** Words joining the two ends of a rough count ("4 or 5 soldiers", "3 to 4 people"); a dash does too ("3-7 days"). */
export const RANGE_JOINERS = ["or", "to"];
/** After a number, words that make it rough ("10 or so years ago"). */
export const ROUGHLY_PHRASES = ["or so"];
/** "on top of a waterfall": "top" said of a place, not a ranking. */
export const PLACE_TOP_PHRASES = ["on top", "on the top"];

/** Hedges that make "like" a comparison wherever it stands ("kinda like Alice in Wonderland", "a bit like Heat"); spelling reads "kinda" as "kind". */
export const LIKE_HEDGES = ["kinda", "kind", "sorta", "sort", "somewhat", "bit", "little", "almost", "slightly", "similarly"];
/** Two-word hedges: "sort of like Lolita", "kind of like Jaws". */
export const LIKE_HEDGE_PAIRS = ["sort of", "kind of"];

/** A description of a plot: the film is unknown, its story is told. */
export const PLOT_LEADS = [
  "the movie where", "the film where", "movie where", "film where", "a movie where", "a film where", "the one where", "that movie where", "that film where",
  "the movie in which", "the film in which", "movie in which", "film in which", "movie about a", "film about a", "movie about an", "film about an",
  "movie about someone", "film about someone", "movie about some", "film about some", "movie with a", "film with a", "movie with the", "film with the",
  "the movie with", "the film with", "the movie about", "the film about", "what movie has", "what film has", "what is the movie", "whats the movie",
  "what is the film", "whats the film", "name of the movie", "name of the film", "title of the movie", "title of the film", "which movie has a", "which film has a",
  "the one with the", "the one with a", "that movie with", "that film with", "the one about", "that one where", "that one with the", "that one about",
  "cant remember", "can't remember", "cannot remember", "forgot the name", "trying to remember", "trying to find", "looking for a movie", "looking for a film",
  // The film sought said as "it" ("it's about a snow queen", "it was about a man who …"), or its story as one ("the story of a man who …").
  "it about a", "it about an", "it was about a", "it was about an", "it is about a", "it is about an", "story of a", "story of an", "story about a", "story about an",
];
/** Words that can open a told plot when followed by "where", "in which", "about a" ("cartoon about a rodent", "comedy where"). */
export const PLOT_HEADS = "movie movies film films flick picture one show cartoon comedy thriller drama documentary animation anime story horror western romance musical mystery fantasy adventure".split(" ");
/** Openers that may sit a few words from their film word and still open the story ("movie based on the real mission where …"). */
export const PLOT_SCENE_OPENERS = ["where", "in which", "wherein"];
/** Openers that begin a request by themselves, the film sought being implied ("About a runner who becomes a soldier", "where a group of people are stuck somewhere …"). */
export const REQUEST_PLOT_OPENERS = ["about a", "about an", "about some", "about someone", "about somebody", "about two", "about the", "where a", "where an", "where some", "where someone", "where two"];
export const PLOT_OPENERS = ["where", "in which", "about a", "about an", "about some", "about someone", "about somebody", "about two", "about this", "about the", "with a", "with an", "that has a", "whose"];

/** Words of a told story: a clause with one of these is a plot, not a kind of film. */
export const PLOT_CLAUSE_WORDS = "who that where when whose which and then after until while because but gets get finds find tries try wakes discovers must has have is are becomes falls goes meets learns".split(" ");

/** First words of a question, a request or a list of films: a message opening with one is no story told bare. */
export const NOT_STORY_STARTS = (
  "who whom whose what whats which when where why how is was are were did does do can could would should will " +
  "list name tell give show find recommend suggest any all movies films movie film flicks comedies dramas westerns thrillers documentaries " +
  "hi hello hey thanks thank please i im my we our"
).split(" ");

/** Numbers said in words ("more than three", "twice or more"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = { once: 1, one: 1, twice: 2, two: 2, three: 3, thrice: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, dozen: 12 };

/** "how many", "number of". */
export const COUNT_PHRASES = ["how many", "number of", "count of", "count the", "total number"];

/** Thresholds on how often something happens: phrase → the least count that meets it. */
export const THRESHOLD_PHRASES: Readonly<Record<string, number>> = {
  "more than once": 2, "multiple times": 2, "several times": 2, "many times": 3, "repeatedly": 2, "again and again": 2, "more than one": 2,
  "at least twice": 2, "at least two": 2, "twice or more": 2, "two or more": 2,
  "more than twice": 3, "at least three": 3, "at least 3": 3, "three or more": 3, "3 or more": 3, "more than two": 3, "more than 2": 3,
  "more than three": 4, "at least four": 4, "more than 3": 4, "four or more": 4,
  "more than four": 5, "at least five": 5, "five or more": 5,
  "over and over": 3,
  "multiple films": 2, "multiple movies": 2, "multiple flicks": 2, "several films": 2, "several movies": 2, "more than one film": 2, "more than one movie": 2,
  "two or more films": 2, "two or more movies": 2, "many films": 3, "many movies": 3,
};

/** "most often", "most common", "who ... with most". */
export const MOST_COMMON_PHRASES = ["most of", "most often", "most frequently", "most frequent", "most common", "most commonly", "the most times", "most times", "the most", "mostly", "usual", "usually", "typically", "favorite", "favourite"];

/** Negation: what follows is subtracted. */
export const NEGATION_PHRASES = ["not", "no", "never", "without", "except", "excluding", "besides", "beside", "other than", "apart from", "aside from", "but not", "minus", "isnt", "arent", "wasnt", "werent", "didnt", "doesnt", "dont", "hasnt", "havent", "non", "someone else", "somebody else", "another person", "others"];

/** "both ... and", "together", "in common": answers that meet every named entity. */
export const INTERSECTION_PHRASES = ["both", "together", "in common", "as well as", "along with", "alongside", "with both", "and also"];

/** A question about a kind of film: how such films usually are, or what kind they mostly are. */
/** With a kind of film and one of KIND_QUANTIFIERS, these ask its genre mix ("most zombie movies are what genre?"). */
export const KIND_NOUNS = "genre genres kind kinds type types sort sorts category language languages".split(" ");
export const KIND_QUANTIFIERS = "most usually typically generally mostly mainly normally often".split(" ");

export const KIND_PHRASES = ["usually", "typically", "generally", "mostly", "tend to", "tend to be", "more often", "in general", "on the whole", "mainly", "mostly", "normally", "what kind of", "what genre are most", "which genre are most", "what genres are"];

/** The question words ("wh-" words): a message with one asks something. */
export const WH_WORDS = "who whom whose what which when where why how".split(" ");
/** A question word run together with "is" as people type it ("whats"). */
export const WH_CONTRACTIONS = ["whats"];
/** Every word that may ask: the question words and their contractions. */
export const ASKING_WORDS: ReadonlySet<string> = new Set([...WH_WORDS, ...WH_CONTRACTIONS]);

/** Words that open a second question in the same message ("who wrote X and when ..."). */
export const PART_OPENERS = "who whom whose what which when where how is was are were did does do can could list name tell give".split(" ");
/** Pronouns that point back at the previous part's film or person. */
export const BACK_REFERENCES = "it its he his she her they them their that this the film the movie that film that movie this film this movie".split(" ");

/** A TMDB figure asked of one named film ("how long is Titanic", "what was Avatar's budget"). */
export const FIGURE_PHRASES: Readonly<Record<string, MovieMetric>> = {
  runtime: "runtime", "run time": "runtime", "running time": "runtime", "how long": "runtime", length: "runtime", duration: "runtime", "how many minutes": "runtime",
  budget: "budget", cost: "budget", "how much did it cost": "budget",
  "how many votes": "voteCount", "number of votes": "voteCount", "vote count": "voteCount",
  "box office": "revenue", gross: "revenue", grossed: "revenue", revenue: "revenue", earn: "revenue", earned: "revenue", "how much money": "revenue", "make at the box office": "revenue",
};

/** Words that set two things side by side: with a figure said, they ask the figures compared. */
export const SIDE_BY_SIDE_PHRASES = ["compared to", "compared with", "in comparison to", "in comparison with", "versus", "vs", "against"];

/** After "how much", a verb names the figure ("how much did titanic make", "how much did it take in"). */
export const HOW_MUCH_VERBS: Readonly<Record<string, MovieMetric>> = { make: "revenue", made: "revenue", bring: "revenue", brought: "revenue", take: "revenue", took: "revenue", spend: "budget", spent: "budget" };
