/**
 * Word lists for open requests (recommendations, half-remembered films, films about something):
 * which words say what kind of request it is, which are talk about the asking itself (remembering,
 * watching, thanking) rather than about a film, and which describe a film's mood. Folded text;
 * written for this domain, not learned from any request set.
 */

/** Asking to identify one film the person has seen and cannot name. */
export const KNOWN_ITEM_PHRASES = [
  "trying to remember", "trying to find", "trying to figure out", "trying to think of", "cant remember", "cannot remember", "cant recall",
  "dont remember the name", "forgot the name", "forget the name", "remember the name", "tip of my tongue", "tomt", "name of this movie", "name of this film",
  "what movie is this", "what film is this", "what is this movie", "whats this movie", "help me find", "help me identify", "help identifying", "identify this movie", "identify a movie", "looking for a movie", "looking for a film",
  "looking for this movie", "looking for an old movie", "i remember a movie", "i remember a film", "i remember watching", "i remember seeing", "i saw a movie", "i saw a film",
  "i watched a movie", "i watched a film", "there was a movie", "there was this movie", "there is a movie", "theres a movie", "this movie where", "a movie i saw",
  "a film i saw", "movie i watched", "film i watched", "anyone know", "does anyone know", "anybody know", "any ideas",
];

/** Asking for films to watch. */
export const RECOMMEND_PHRASES = [
  "recommend", "recommendation", "recommendations", "suggest", "suggestion", "suggestions", "tips", "what should i watch", "what to watch", "watch next", "something to watch",
  "something similar", "anything similar", "similar", "something like", "anything like", "more like", "in the mood for", "looking for something", "looking for movies",
  "looking for films", "looking for some",
  // A film wanted for its quality is one to watch, not one remembered ("looking for a good movie to watch with my kids").
  "looking for a good", "looking for a great", "looking for a fun", "looking for a funny", "looking for a new", "i want to watch", "i would like to watch", "id like to watch", "any good", "good movies", "good films",
];

/**
 * Saying what one wants ("I want a funny movie", "I need a good horror film", "give me something scary"): a request for
 * films to watch when a film word follows within a few words, none of them a break below.
 */
export const WANT_LEADS = ["i want", "i need", "i would like", "id like", "i wanna", "give me", "show me", "find me", "get me", "we want", "we need", "im after", "i am after", "how about", "what about"];
/**
 * Leads that tell rather than want: a film to watch only when an indefinite word follows ("give me something scary"); "give
 * me films starring X" asks a list. A suggestion is one too ("how about a comedy"; "what about the sequel" asks of a film).
 */
export const SHOW_LEADS = ["give me", "show me", "find me", "get me", "how about", "what about"];
export const INDEFINITE_OPENERS = ["a", "an", "some", "something", "anything", "one"];
/** Words between a want and a film word that make it something else ("I want a list of films", "I want to know which films"). */
export const WANT_BREAKS = ["all", "every", "each", "of", "to", "know", "which", "what", "who", "how", "where", "when", "list", "names", "name"];
/** Heads of a wanted film besides the film words and kinds of film ("something scary", "a comedy"). */
export const WANTED_HEADS = ["something", "anything", "one", "ones", "comedy", "comedies", "thriller", "thrillers", "western", "westerns", "drama", "dramas", "documentary", "documentaries", "musical", "musicals", "romance", "romcom", "cartoon", "cartoons"];

/** Asking which films hold something (no taste or memory said). */
export const EXPLORE_PHRASES = [
  "movies about", "films about", "movies featuring", "films featuring", "movies where", "films where",
  "are there any", "is there any", "is there a", "any movies", "any films", "what movies", "what films", "which movies", "which films", "list of movies", "list of films",
];

/** Films the person has seen: never recommended back. */
export const SEEN_PHRASES = ["i have seen", "ive seen", "i already saw", "already seen", "i already watched", "already watched", "i have watched", "ive watched", "i watched", "i saw", "seen all", "watched all", "i have already seen", "ive already seen", "i have already watched", "ive already watched"];

/** Asking outright for films to watch: outranks a known-item phrase ("I'm looking for a movie recommendation"). */
export const ASKING_FOR_FILMS = ["recommend", "tips for", "tip for", "recommendation", "recommendations", "reccomend", "reccomendation", "recomend", "recomendation", "suggest", "suggestion", "suggestions", "what should i watch"];

/** A person's tastes ("I prefer comedies", "I'm into horror"): in a message with no question of its own, films are wanted. */
export const TASTE_PHRASES = ["i prefer", "i like", "i love", "i enjoy", "i really like", "i really love", "i really enjoy", "my favorite", "my favourite", "im into", "i am into", "im in the mood", "i m in the mood", "fan of", "i usually watch", "i watch"];

/** Verbs of liking and watching: a pronoun right after one is its object ("i like them", "saw it"), no title (Them!, It). */
export const TASTE_VERBS = "like likes liked love loves loved enjoy enjoys enjoyed hate hated prefer preferred saw seen see watch watched watching".split(" ");

/** Films the person loved: where "like these" starts. */
export const LOVED_PHRASES = [
  "i loved", "i love", "i liked", "i like", "i really liked", "i really like", "i enjoyed", "i enjoy", "i really enjoyed", "my favorite", "my favourite", "my favorites", "my favourites",
  "fan of", "big fan", "huge fan", "im into", "i am into", "i dig", "enjoyed", "loved", "liked",
];

/**
 * Talk about remembering and watching, never about what happens in a film ("I vaguely remember
 * seeing it, any help appreciated"): left out of a told story's search as well as its facets.
 */
export const MEMORY_TALK_WORDS = (
  "remember remembered recall recalled recollection memory memories vague vaguely think believe guess probably possibly maybe perhaps unsure " +
  "saw seen watched watching rewatch help please thanks thank advance appreciated appreciate anyone anybody tomt edit update solved scene scenes details"
).split(" ");

/**
 * Talk about the asking, the remembering and the watching: words that say nothing about the film
 * itself. They are accounted for as filler, never searched as a facet.
 */
/** Words that say when to watch or when watched, not what ("a funny movie for tonight", "what should I watch now", "I saw it recently"). */
export const WATCHING_TIME_WORDS = ["now", "today", "tonight", "tomorrow", "yesterday", "weekend", "recently", "lately"];
export const REQUEST_TALK_WORDS = (
  "movie movies film films flick flicks cinema picture pictures remember remembered recall recalled recollection memory memories vague vaguely " +
  "think thinking thought believe believed guess guessing suppose probably possibly maybe perhaps sure unsure certain pretty kinda sorta somewhat " +
  "saw seen see seeing watch watched watching rewatch viewing trying try tried find finding found looking look search searched searching " +
  "help helping please thanks thank advance appreciated appreciate anyone anybody someone somebody idea ideas know knows knew name named title titled called identify identifying " +
  "prefer prefers preferred preference preferences ago years recommend recommended recommendation recommendations suggest suggested suggestion suggestions tips tip " +
  "want wanted would like liked love loved enjoy enjoyed enjoying favorite favourite fan fans good great best nice awesome cool amazing interesting " +
  "something anything stuff things thing kind sort type some any few lots lot couple really very also just still even else similar " +
  "scene scenes plot part parts detail details edit update solved tomt agree agreed friend said says " +
  // Talk about credits: who is listed for what, in the words people use ("contributed to", "credited as", "staring" for starring).
  "credit credits credited contribute contributes contributed contributor contributors listed list receive received receives staring stared " +
  // A service that shows films: where a film streams is no fact the KB holds, and no topic of the film.
  "netflix hulu streaming tv television cable channel vhs dvd"
).split(" ");

/** Whom a request asks something of: "help me", "help us". */
export const ASKED_PRONOUNS = ["me", "us"];

/** Phrases of talk around a request ("my friend said", "in the mood for"): filler however their words would read alone. */
export const REQUEST_TALK_PHRASES = [
  // The words before a setting ("set in Tokyo") say where, the setting itself is the facet.
  "set in", "set on", "takes place in", "take place in", "taking place in", "located in","my friend said", "a friend said", "i agree", "in the mood for", "when i was a kid", "when i was young", "as a kid", "a long time ago", "years ago", "thanks in advance", "any help"];

/** When the person watched, not what happens in a film nor its place in a list ("saw it last night"). */
export const WATCHED_WHEN_PHRASES = ["last night", "last week", "last weekend", "the other day", "the other night"];
/** The speaker as the one who watched ("the last film I saw", "the most recent one we watched"). */
export const WATCHER_WORDS = ["i", "we"];
/** What may stand between the speaker and a habit said not done ("I don't usually …", "we do not often …"). */
export const NOT_DOING_WORDS = ["dont", "do", "not"];
/** Whose a thing is when it is the speaker's own ("my husband", "our kids"): no fact asked of a film. */
export const SPEAKER_POSSESSIVES = ["my", "our"];
/** Verbs a listener is asked about films with ("do you have any", "do you know any", "have you seen any"). */
export const LISTENER_HOLDING_VERBS = ["have", "know", "seen", "watched"];
/** Words that ask for some films, not one ("any good westerns", "some comedies"). */
export const ANY_WORDS = ["any", "some"];

/** Words that carry no topic of their own: light verbs, counts, connectives ("come", "gets", "two", "instead"). */
export const GENERIC_WORDS = (
  "come comes came coming go goes went gone going get gets got getting gotten take takes took taken taking make makes made making use uses used using " +
  "say says said saying tell tells told put puts keep keeps kept give gives gave given have has had having do does did done doing be been being become becomes " +
  "involve involves involved involving feature features featured featuring include includes including contain contains containing show shows showing " +
  "one two three four five six seven eight nine ten ones first second third last ever never since though although while because instead way ways times " +
  "least multiple several many much more most every each other others own whole entire main major role roles right left today example " +
  "lot lots bit bunch end ending start starts beginning middle day days night week year based"
).split(" ");

/** Words for how a film feels: a facet made only of these is a mood. */
export const MOOD_WORDS = (
  "dark darker gritty bleak grim depressing sad tragic melancholic melancholy moody atmospheric eerie creepy scary spooky frightening terrifying disturbing " +
  "unsettling tense suspenseful intense thrilling exciting gripping funny hilarious witty quirky whimsical silly goofy lighthearted light hearted heartwarming " +
  "uplifting feel inspiring inspirational touching moving emotional romantic sweet cute charming wholesome cozy mysterious mystical dreamy surreal weird strange " +
  "bizarre trippy mind bending thought provoking philosophical cerebral slow paced fast epic grand violent brutal gory bloody raw realistic gentle calm quiet " +
  "serious lighter upbeat cheerful hopeful haunting beautiful stylish campy cheesy satirical absurd"
).split(" ");

/** Words before a place that make it where the film is set ("set in Prague", "takes place in Texas"). */
export const SETTING_LEADS = ["set in", "takes place in", "taking place in", "take place in", "located in", "in", "at", "across", "around", "through", "from"];

/** Words that say a facet is where or when a film is set, even without a place name. */
export const SETTING_WORDS = (
  "city cities town village island jungle desert forest mountains mountain sea ocean space planet prison school highschool college hospital " +
  "southwest northwest west east south north countryside suburbs suburb farm ranch castle palace church ship submarine train underwater underground " +
  "ancient medieval futuristic future victorian prehistoric postapocalyptic apocalyptic dystopian wartime"
).split(" ");

/** Words before a character's name ("named Abby", "a girl called Rose"). */
export const CHARACTER_LEADS = ["named", "called", "character", "about"];

/**
 * Words people use for what films' keywords and tags say another way ("a strong female lead" is a
 * "strong woman", a "female protagonist"): each facet word's other forms, tried when a facet's own
 * words name no concept.
 */
export const FACET_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  female: ["woman", "women"],
  male: ["man"],
  lead: ["protagonist", "hero"],
  leads: ["protagonist", "hero"],
  heroine: ["female protagonist"],
  kid: ["child", "boy"],
  kids: ["children", "child"],
  cop: ["police", "police officer"],
  cops: ["police"],
  robbery: ["heist"],
  heist: ["robbery"],
  ai: ["artificial intelligence"],
  aliens: ["alien"],
  vampires: ["vampire"],
  zombies: ["zombie"],
  future: ["dystopia", "futuristic"],
  dystopian: ["dystopia"],
  mob: ["mafia"],
  gangsters: ["gangster", "mafia"],
  funny: ["comedy"],
  scary: ["horror"],
  stranded: ["survival", "marooned", "castaway"],
  marooned: ["stranded", "survival"],
  outlaws: ["outlaw", "bandit"],
  spaceship: ["spacecraft", "space travel"],
  astronauts: ["astronaut", "space travel"],
};

/** Words that say a facet after them is not wanted ("nothing too violent", "no romance", "without gore"). */
export const AGAINST_WORDS = ["no", "not", "nothing", "without", "avoid", "hate", "dislike", "except", "never"];
/** Words that may stand between a word said against and its facet ("nothing **too** violent"). */
export const AGAINST_SOFTENERS = ["too", "very", "so", "overly", "much", "any", "really", "a", "lot", "of", "with"];

/** Asking for a film, not telling it: what it is called, who might know, where it was looked for (never a told story's search words). */
export const ASKING_TALK_WORDS = "title titled called name named know knows knew ideas anyone anybody someone somebody looking search searched searching identify identifying recommend recommended suggestions tips sure certain pretty".split(" ");

/** What a film like others may be that is left out unless the request asks for it: its series, a documentary about its makers, a parody. */
export const SERIES_ASKED = ["series", "sequel", "sequels"];
export const DOCUMENTARY_ASKED = ["documentary", "documentaries"];
export const PARODY_WORDS = ["parody", "spoof", "satire", "mockumentary"];

/**
 * Ruling a film out as the one sought: the film sought as the subject ("it", "that one", "the movie"), a negation, then
 * the film ("it's not The Mask", "it is definitely not Hush", "this isn't Highlander"). Adverbs and "is"/"was" may stand
 * between; a negation opening a sentence or a bracket needs no subject ("(Not the movie Cabin in the Woods)").
 */
export const RULED_OUT_SUBJECTS = ["it", "its", "that", "this", "one", "movie", "film"];
export const RULED_OUT_NEGATIONS = ["not", "isnt", "wasnt", "aint"];
export const RULED_OUT_BETWEEN = ["is", "was", "definitely", "def", "also", "certainly", "surely", "probably", "obviously", "clearly", "just", "really", "too"];
/** After the film, the same said backwards ("Blast From the Past isn't it", "Ghost Ship was not the one"). */
export const RULED_OUT_AFTER = ["isnt it", "is not it", "wasnt it", "was not it", "isnt the one", "is not the one", "wasnt the one", "was not the one", "isnt what", "is not what"];
/** Leaving named films out of the films asked for ("other than Big", "except Jaws and Alien", "but not Titanic"). */
export const EXCEPT_LEADS = ["except", "except for", "excluding", "besides", "other than", "apart from", "aside from", "but not", "not including", "minus"];
/** Right after a title, a word that makes it another kind of work: "it's not the Last Man on Earth TV show" rules out no film. */
export const OTHER_WORK_AFTER = ["tv", "show", "series", "episode", "sitcom", "miniseries", "book", "novel", "game", "videogame", "comic", "song", "album"];
/** What may join films in one list ruled out together ("not Seraphim Falls or 3:10 to Yuma", "other than Big and Splash"). */
export const RULED_OUT_JOINERS = ["or", "and", "nor", "either"];
