import type { EdgeType } from "../../kb/schema";

/**
 * Words that name a relation in a movie question, by edge type, with a weight: 1 for words that
 * say it plainly, less for words that usually but not always do. Written for this domain (and for
 * the round-trip-through-French paraphrases of MetaQA's NTM set: "exit" for release, "led" for
 * directed, "nature" for genre), not learned from any question set.
 */
/** "the lead", "the female lead": the leading part, after "the" or "the" and a word of which part; a cast word, not a director's. */
export const CAST_LEAD_WORDS = ["lead", "leads"];
export const CAST_LEAD_OPENERS = ["female", "male", "main", "romantic", "two"];
/** Words that make "role" the leading part in a cast, not a character asked: "the main role" ("the title role" is the character the title names). */
export const LEAD_ROLE_OPENERS = ["main", "lead", "leading", "starring", "principal", "central"];
/** The nouns of a part played ("the main role", "what role did X play"). */
export const ROLE_PART_WORDS = ["role", "roles"];
/** Words before a person said in company ("with Leonardo DiCaprio"): someone the films also have, not whose they are. */
export const COMPANY_WORDS = ["with", "alongside", "starring", "featuring"];
/** Words that ask the women or the men of a cast ("which actress", "the female lead", "the leading man"). "Actor" asks either. */
export const CAST_GENDER_WORDS: Readonly<Record<string, "female" | "male">> = {
  actress: "female", actresses: "female", female: "female", woman: "female", women: "female", lady: "female", heroine: "female",
  male: "male", man: "male", men: "male", hero: "male",
};
export const RELATION_WORDS: Readonly<Record<EdgeType, Readonly<Record<string, number>>>> = {
  DIRECTED: weights(1, "direct directs directed directing director directors directorial codirected codirect helmed helm helms filmmaker filmmakers", 0.6, "led lead leads charge headed head heads manager"),
  WROTE: weights(1, "write writes wrote written writing writer writers screenwriter screenwriters scriptwriter scriptwriters screenplay screenplays script scripts scripted cowriter cowriters cowrote penned pen author authors authored", 0.5, "story"),
  ACTED_IN: weights(1, "act acts acted acting actor actors actress actresses star stars starred starring costar costars appear appears appeared appearing cast casts casting", 0.7, "play plays played playing role roles performed perform performs featured featuring features protagonist protagonists"),
  RELEASED_IN: weights(1, "release releases released releasing year years when date dates premiere premiered premieres debut debuted", 0.7, "exit came published publish publication publishing freed launched"),
  IN_LANGUAGE: weights(1, "language languages spoken speak speaks tongue tongues", 0.5, "dialogue"),
  HAS_GENRE: weights(1, "genre genres", 0.8, "type types kind kinds category categories categorize categorized categorise categorised classify classified classification sort sorts style styles nature"),
  HAS_TAG: weights(1, "tag tags tagged describe describes described describing description descriptions keyword keywords topic topics", 0.7, "words word about subject subjects theme themes terms term"),
  HAS_RATING: weights(1, "rate rates rated rating ratings", 0.8, "good bad considered score scores reviewed review reviews quality fantastic"),
  HAS_VOTES: weights(1, "popular popularity votes vote voted", 0.8, "famous known"),
};

function weights(strong: number, strongWords: string, weak: number, weakWords: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of weakWords.split(" ")) out[w] = weak;
  for (const w of strongWords.split(" ")) out[w] = strong;
  return out;
}

/** Each folded word → the edge types it can name, with weights. */
export const WORD_TO_EDGES: ReadonlyMap<string, { edge: EdgeType; weight: number }[]> = (() => {
  const m = new Map<string, { edge: EdgeType; weight: number }[]>();
  for (const [edge, words] of Object.entries(RELATION_WORDS) as [EdgeType, Record<string, number>][]) {
    for (const [w, weight] of Object.entries(words)) {
      const list = m.get(w) ?? [];
      list.push({ edge, weight });
      m.set(w, list);
    }
  }
  return m;
})();

/** Plain verbs of making or doing a thing ("who made the score", "who did the music"). */
export const MAKING_VERB_FORMS = ["made", "make", "makes", "did", "do", "does", "done"];
/** The plain verb of making a film, right after "who": who made it is who directed it ("who made the wizard of oz"). */
export const PLAIN_MAKING_VERBS = ["made", "makes", "make"];

/** A verb of making a film, whose object is the film made ("who directed X", "who wrote X"), not a part played ("who plays X"). */
export function makesFilm(folded: string): boolean {
  return WORD_TO_EDGES.get(folded)?.some((e) => (e.edge === "DIRECTED" || e.edge === "WROTE") && e.weight >= 1) ?? false;
}

/**
 * Relation words that name their relation only as nouns ("the release date", "the tags"). Said where a verb comes, after
 * "does" and its subject ("who does patrick date"), they are something done in the story, not that relation.
 */
export const NOUN_ONLY_RELATION_WORDS: ReadonlySet<string> = new Set("date dates tag tags score scores".split(" "));
/** Words after such a verb that keep the relation's sense ("what year does it date from" is its release). */
export const NOUN_VERB_KEEPERS: ReadonlySet<string> = new Set(["from", "back"]);
/**
 * Nouns that, said before a maker's role word, name a post in a film's making ("the assistant director", "the executive
 * producer", "the screen writer"); any other noun there makes the role one in the story ("the camp director").
 */
export const CREW_ROLE_MODIFIERS: ReadonlySet<string> = new Set("assistant associate executive line co second unit dialogue animation animated creative technical musical music art casting stunt voice screen script screenplay story series head chief lead principal senior".split(" "));

/** Words that announce a round trip through a shared value ("films that share directors with X"). */
export const SHARING_WORDS: ReadonlySet<string> = new Set("share shares shared sharing same also together co other others common".split(" "));

/** Words that name the answer as a set of films. */
export const MOVIE_WORDS: ReadonlySet<string> = new Set("movie movies film films picture pictures flick flicks".split(" "));

/** The film words in the plural ("scary movies" is a kind of film, not the title Scary Movie). */
export const PLURAL_MOVIE_WORDS: ReadonlySet<string> = new Set("movies films pictures flicks".split(" "));
/** The film words said of one film ("movie", "film"): closing a title, they say what it names ("the kissing booth movie"). */
export const SINGLE_MOVIE_WORDS: ReadonlySet<string> = new Set([...MOVIE_WORDS].filter((w) => !PLURAL_MOVIE_WORDS.has(w)));

/** Relation words that name the work, not the person: "how many screenplays has X written" counts X's films. */
export const WORK_WORDS: ReadonlySet<string> = new Set("screenplay screenplays script scripts".split(" "));

/** Words of quality, which may ask a rating ("was it good") or describe what is asked ("a good movie", "the bad guy"). */
export const QUALITY_WORDS: ReadonlySet<string> = new Set("good bad great fantastic excellent decent awesome popular famous acclaimed".split(" "));
/** Of those, the ones that rank by how widely a film is seen, not how well it is rated. */
export const POPULARITY_WORDS: ReadonlySet<string> = new Set(["popular", "famous"]);

/** Plain words for a person in a story, which a quality word may describe ("the bad guy", "the good girl"). */
export const DESCRIBED_PEOPLE: ReadonlySet<string> = new Set("guy guys girl girls man men woman women boy boys kid kids lady ladies cop cops".split(" "));

/** People of a story by kinship ("Dad reborns as a dog", "the name of the mother in …"). */
export const KIN_WORDS: ReadonlySet<string> = new Set(
  "mother mothers mom moms mum mums father fathers dad dads parent parents grandpa grandma grandfather grandmother grandparents son sons daughter daughters brother brothers sister sisters uncle aunt wife husband baby babies child children family families".split(" "),
);
/** People of a story by their bond to someone else in it, besides kin ("his best friend", "her boyfriend"). */
export const BOND_WORDS: ReadonlySet<string> = new Set("friend friends boyfriend girlfriend fiance fiancee partner lover boss roommate sidekick stepdad stepmom stepfather stepmother stepson stepdaughter".split(" "));

/** Words that name the answer as people (the role comes from a relation word nearby). */
export const PERSON_WORDS: ReadonlySet<string> = new Set("person people persons someone somebody player players hero heroes heroine villain villains".split(" "));
