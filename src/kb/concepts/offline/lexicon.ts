/**
 * The word lists the offline concept builder decides with, as data in one place (folded text, the
 * form `foldText` gives). The builder reads them; no list is written out in its code.
 */

/** Prepositions after which a proper name is a place: "moves to prague", "a night in paris". */
export const LOCATIVE_PREPOSITIONS = [
  "in", "at", "to", "from", "near", "across", "through", "around", "outside", "inside", "into", "throughout", "within",
  "toward", "towards", "onto", "beyond", "across", "via", "aboard",
];

/** Words that make the next word a common noun, not a name ("the pilot", "his daughter"). */
export const DETERMINERS = [
  "a", "an", "the", "his", "her", "their", "its", "my", "our", "your", "this", "that", "these", "those", "some", "every", "each",
  "another", "any", "no", "whose",
];

/** Words right before a character's name: "a girl named abby", "a man called horse". */
export const NAME_CUES = ["named", "called", "nicknamed", "dubbed", "known as"];

/** Titles and roles written before a character's name: "detective jack crawford", "young dorothy". */
export const CHARACTER_TITLES = [
  "mr", "mrs", "ms", "miss", "dr", "doctor", "captain", "capt", "detective", "agent", "sergeant", "sgt", "officer", "lieutenant", "lt",
  "professor", "prof", "lord", "lady", "sir", "king", "queen", "prince", "princess", "uncle", "aunt", "father", "sister", "brother",
  "colonel", "general", "major", "private", "pvt", "inspector", "sheriff", "judge", "reverend", "count", "baron", "duke", "emperor",
  "pastor", "coach", "nurse", "cousin", "grandpa", "grandma",
  // Relatives and companions: "his daughter abby", "her friend max".
  "wife", "husband", "son", "daughter", "mother", "brother", "friend", "girlfriend", "boyfriend", "partner", "fiance", "fiancee",
  "boss", "neighbor", "neighbour", "grandmother", "grandfather", "niece", "nephew", "lover", "sweetheart", "roommate", "mentor", "dog",
  "cat", "horse", "pet", "twin", "stepmother", "stepfather", "sidekick",
];

/** Adjectives too empty to make a concept with the noun after them ("other people", "same day"). */
export const EMPTY_ADJECTIVES = [
  "other", "own", "same", "many", "several", "few", "much", "such", "certain", "various", "different", "next", "last", "first", "second",
  "third", "whole", "entire", "only", "main", "more", "most", "less", "least", "further", "former", "latter", "previous", "following",
  "particular", "real", "true", "very", "recent", "early", "late", "later", "final", "ultimate", "due", "able", "unable", "likely",
];

/**
 * Proper names that are never places or characters though they look like names: weekdays, months,
 * nationalities' nouns used as adjectives are handled by the data; these are the fixed ones.
 */
export const NOT_NAMES = [
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june",
  "july", "august", "september", "october", "november", "december", "christmas", "easter", "halloween", "thanksgiving", "god", "mr",
  "mrs", "ms", "dr", "st", "i", "ii", "iii", "iv", "tv", "usa", "us", "uk", "ok",
];

/**
 * Head nouns that make a phrase a place the story is set in: "small town", "prison", "desert island".
 * (Proper places come from the data: names after a locative preposition.)
 */
export const SETTING_NOUNS = [
  "city", "town", "village", "island", "prison", "jail", "penitentiary", "school", "high school", "boarding school", "college",
  "university", "hospital", "asylum", "ship", "submarine", "spaceship", "space station", "spacecraft", "desert", "jungle", "forest",
  "mountains", "farm", "ranch", "hotel", "motel", "mansion", "castle", "suburb", "suburbs", "suburbia", "countryside", "neighborhood",
  "ghetto", "slum", "casino", "nightclub", "circus", "carnival", "monastery", "convent", "orphanage", "battlefield", "camp",
  "concentration camp", "prison camp", "army base", "military base", "trenches", "outer space", "space", "ocean", "sea", "river",
  "lake", "beach", "swamp", "arctic", "antarctica", "wilderness", "frontier", "plantation", "laboratory", "lab", "train", "subway", "harbor", "port", "mine", "underworld", "afterlife", "heaven", "hell", "kingdom", "planet", "moon",
  "galaxy", "metropolis", "capital", "courtroom", "boxing ring", "stadium", "newsroom", "restaurant", "diner", "bar", "saloon",
  "haunted house", "cabin", "apartment building", "skyscraper", "lighthouse", "church", "cathedral", "temple", "palace",
];

/**
 * Time settings said in words (decades and centuries are recognised by their form, below): wars,
 * eras, periods.
 */
export const TIME_SETTINGS = [
  "world war ii", "world war i", "world war 2", "world war 1", "second world war", "first world war", "civil war", "american civil war",
  "spanish civil war", "cold war", "vietnam war", "korean war", "iraq war", "gulf war", "napoleonic wars", "hundred years war",
  "great depression", "depression era", "prohibition", "prohibition era", "middle ages", "medieval", "renaissance", "victorian era",
  "victorian england", "edwardian era", "wild west", "old west", "american revolution", "french revolution", "russian revolution",
  "ancient rome", "ancient greece", "ancient egypt", "roman empire", "stone age", "ice age", "prehistoric", "prehistory", "bronze age",
  "dark ages", "colonial era", "gold rush", "reconstruction era", "jazz age", "roaring twenties", "future", "near future",
  "distant future", "post apocalyptic", "post-apocalyptic", "dystopic future", "world war iii", "holocaust", "reformation",
  "tudor era", "feudal japan", "edo period", "meiji era", "cultural revolution", "belle epoque", "cuban revolution", "occupation",
];

/** How a decade or a century is written ("1920s", "the twenties", "19th century"), as patterns over folded text. */
export const TIME_SETTING_FORMS = [/^(?:1[5-9]|20)\d0s$/, /^\d{1,2}(?:st|nd|rd|th) century$/, /^(?:sixteenth|seventeenth|eighteenth|nineteenth|twentieth) century$/];

/** Decade words and the decade they name ("the twenties" in a plot is the 1920s). */
export const DECADE_WORDS: Readonly<Record<string, string>> = {
  twenties: "1920s", thirties: "1930s", forties: "1940s", fifties: "1950s", sixties: "1960s", seventies: "1970s", eighties: "1980s", nineties: "1990s",
};

/**
 * Tone words: a tag or keyword that says how a film feels rather than what it is about. Matched on
 * the whole folded name, so "dark comedy" is a mood and "dark secret" is not.
 */
export const MOOD_WORDS = [
  "atmospheric", "dark", "dark comedy", "black comedy", "dark humor", "feel good", "feel-good", "feel good movie", "funny", "hilarious",
  "quirky", "surreal", "surrealism", "bleak", "depressing", "disturbing", "creepy", "scary", "suspense", "suspenseful", "tense", "thought provoking",
  "thought-provoking", "heartwarming", "heart warming", "touching", "sentimental", "melancholy", "melancholic", "gritty", "stylized",
  "stylish", "whimsical", "witty", "satirical", "campy", "camp", "cheesy", "absurd", "absurdist", "emotional", "uplifting", "inspirational",
  "inspiring", "intense", "mind bending", "mindfuck", "poignant", "philosophical", "slow", "beautiful", "visually appealing", "tearjerker",
  "nostalgic", "nostalgia", "dreamlike", "eerie", "ominous", "gloomy", "lighthearted", "light hearted", "goofy", "silly", "over the top",
  "cute", "charming", "intelligent", "clever", "understated", "haunting", "moody", "raunchy", "crude", "irreverent", "wacky", "zany",
  "offbeat", "bittersweet", "grim", "harsh", "brutal", "violent", "gory", "romantic", "sad", "tragic", "comic", "humorous", "fun",
  "entertaining", "light", "serious", "realistic", "dramatic", "thrilling", "exciting", "epic", "psychological", "mysterious",
  "claustrophobic", "paranoid", "cynical", "hopeful", "wholesome", "cozy", "dreary", "horrifying", "gruesome", "unsettling", "trippy",
  "psychedelic", "sexy", "erotic", "sensual", "quiet", "meditative", "contemplative", "lyrical", "poetic", "playful", "dry humor",
  "deadpan", "slapstick", "screwball", "tongue in cheek",
];

/**
 * Tags and keywords that say something about a copy, a list or the making rather than what a film
 * is about (MovieLens users' shelf tags, TMDB's credit stingers): not concepts.
 */
export const NOT_ABOUT_THE_FILM = [
  "bd r", "r", "g", "f", "na", "ne", "ok", "own", "dvd", "avi", "criterion", "national film registry", "directorial debut", "best picture",
  "imdb top 250", "original", "soundtrack", "score", "cinematography", "editing", "screenplay", "script", "dialogue", "acting",
  "effects", "visual", "cast", "characters", "plot", "ending", "get", "long", "library", "remade", "story", "3d", "imax", "vistavision",
  "70mm", "super panavision 70", "hugo award", "oscar", "oscar best picture", "duringcreditsstinger", "aftercreditsstinger",
  "woman director", "tv", "stage", "good", "bad", "seen", "to see", "netflix", "tivo", "watched", "boring", "overrated", "underrated",
  "great", "classic", "ensemble cast", "foreign", "foreign language", "cgi",
];

/**
 * Nouns too empty to be a concept on their own (a noun phrase's head that says nothing about a film:
 * "one", "way", "thing"). Words that are merely common ("story", "life", "man") stay: the weights
 * make them weak.
 */
export const EMPTY_NOUNS = [
  "one", "ones", "thing", "things", "something", "someone", "somebody", "anything", "anyone", "everything", "everyone", "nothing",
  "nobody", "way", "ways", "lot", "lots", "kind", "sort", "part", "bit", "number", "rest", "side", "other", "others", "self", "fact",
  "course", "order", "sake", "instance", "matter", "point", "deal", "stuff", "hes", "shes", "theyre", "whos", "thats", "s", "t",
];

/**
 * How much a link from each source is trusted: curated TMDB keywords and KB tags most, genres less
 * (broad, and said of most films), noun phrases of plots and overviews least (the parser and the
 * name model err). A link found by several sources combines them (noisy-or).
 */
export const SOURCE_RELIABILITY = {
  tmdb_keyword: 1,
  kb_tag: 1,
  title: 1,
  kb_genre: 0.7,
  tmdb_genre: 0.7,
  overview: 0.6,
  plot: 0.5,
  model: 0.7,
} as const;

/** Plurals the singular/plural matching cannot form by rule ("strong women" finds "strong woman"). */
export const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  men: "man", women: "woman", children: "child", people: "person", mice: "mouse", feet: "foot", teeth: "tooth", geese: "goose",
  wives: "wife", lives: "life", knives: "knife", wolves: "wolf", thieves: "thief", elves: "elf", dwarves: "dwarf", leaves: "leaf",
  halves: "half", selves: "self", shelves: "shelf", heroes: "hero", potatoes: "potato", cacti: "cactus", fungi: "fungus",
};
