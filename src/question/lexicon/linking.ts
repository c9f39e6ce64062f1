/**
 * Words right before a span that make it a title or a name even when it is an ordinary word
 * ("the film Her", "watched Up", "directed Go"). Folded.
 */
export const TITLE_CUE_WORDS = (
  "film movie flick picture title titled called named watch watched watching saw see seen rewatch like liked love loved enjoyed enjoy " +
  "directed direct directs wrote write writes starred star stars starring featured produced"
).split(" ");

/** Verbs of a role: a stop word right after one is a title ("who directed her"). */
export const ROLE_VERBS = "directed direct directs wrote write writes starred star stars starring featured produced".split(" ");

/** Words of a role: with one nearby, a bare surname means the person ("what did nolan direct"). */
export const ROLE_WORDS = (
  "direct directs directed directing director directors star stars starred starring starrer act acts acted acting actor actress actors actresses " +
  "write writes wrote written writer writers screenplay films movies film movie flicks work worked works appear appeared appears cast co-star costar costars alongside"
).split(" ");

/** Words that make a lowercase person-like name a tag ("movies about ginger rogers", "described by"). */
export const TAG_CUE_WORDS = "about tagged tag tags described describe describes description words word keywords keyword topics topic terms".split(" ");

/** Verbs of working together: "worked with X" names a collaborator, not the films X starred in. */
export const COLLABORATION_VERBS = "work works worked working collaborate collaborates collaborated collaborating teamed team partnered paired".split(" ");

/** Role nouns name who is asked for ("actors who …"), not the role of the person named in the question. */
/** A film "has" a person: its cast ("which one has clint eastwood"). */
export const HAVING_WORDS = ["has", "have", "had"];
export const ROLE_NOUNS = "actor actors actress actresses director directors writer writers screenwriter screenwriters costar costars cast".split(" ");
/** Words that say which of a film's people in a role ("the lead actress", "the main actor"). */
export const ROLE_LEADS = "lead leading main principal".split(" ");

/** Words before a lowercase "… movie" that make it a description, not a title: "a good scary movie", "any horror film". */
export const DESCRIPTION_OPENERS = "a an any some another good great nice fun decent solid really".split(" ");

/** Words that open the description of a film sought, after its film word ("a movie about …", "the film where …", "a movie set in …"). */
export const DESCRIBING_LEADS = "about where wherein with featuring involving set whose".split(" ");

/** Words besides the articles that make a film word name one film: "that film", "his movie". */
export const FILM_DETERMINERS = ["this", "that", "these", "those", "my", "his", "her", "their", "our", "your"];

/** Words that join two words into one place: "Girl and Boy", "movie or tv show" (as a slash does: "Thief/Heist"). */
export const JOINING_WORDS = ["and", "or"];

/** Pronouns that are a sentence's subject: the word right after one is its verb ("i saw", "we watched"), not a title. */
export const SUBJECT_PRONOUNS = "i we you he she they".split(" ");

/** Words before a pair of names ("in both ocean's eleven and the departed"): a title of several ordinary words after one is still a title. */
export const PAIR_OPENERS = "both between".split(" ");

/** Words after which the rest of the clause is a title ("the film zzqxv", "a movie called Blorp"); "film", "movie" and "flick" only after an article. */
export const TITLE_SLOT_CUES = "film movie flick called titled named".split(" ");

/** Nicknames people type for first names the KB spells out ("Liz Taylor" is Elizabeth Taylor, "Charlie Chaplin" is Charles Chaplin). Folded. */
export const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  al: ["albert", "alfred", "alan"], alex: ["alexander"], andy: ["andrew"], abby: ["abigail"], ben: ["benjamin"], bert: ["albert", "herbert"], beth: ["elizabeth"], betty: ["elizabeth"],
  bill: ["william"], billy: ["william"], bob: ["robert"], bobby: ["robert"], charlie: ["charles"], chuck: ["charles"], chris: ["christopher"], dan: ["daniel"], danny: ["daniel"],
  dave: ["david"], debbie: ["deborah"], dick: ["richard"], doug: ["douglas"], drew: ["andrew"], ed: ["edward"], eddie: ["edward"], fred: ["frederick"], freddie: ["frederick"],
  gene: ["eugene"], greg: ["gregory"], hank: ["henry"], harry: ["henry"], jack: ["john"], jake: ["jacob"], jim: ["james"], jimmy: ["james"], joe: ["joseph"], joey: ["joseph"],
  johnny: ["john"], jon: ["jonathan"], kate: ["katherine", "catherine"], katie: ["katherine"], ken: ["kenneth"], larry: ["lawrence"], liz: ["elizabeth"], lizzie: ["elizabeth"],
  maggie: ["margaret"], marty: ["martin"], matt: ["matthew"], meg: ["margaret"], mick: ["michael"], mike: ["michael"], mikey: ["michael"], nick: ["nicholas"], pat: ["patrick", "patricia"],
  peggy: ["margaret"], phil: ["philip", "phillip"], rick: ["richard"], ricky: ["richard"], rob: ["robert"], ron: ["ronald"], russ: ["russell"], sam: ["samuel"], sandy: ["sandra"],
  stan: ["stanley"], steve: ["steven", "stephen"], sue: ["susan"], ted: ["edward", "theodore"], teddy: ["theodore"], tim: ["timothy"], tom: ["thomas"], tommy: ["thomas"], tony: ["anthony"],
  vince: ["vincent"], walt: ["walter"], will: ["william"],
};

/**
 * Nationalities whose name is not their language's ("iranian drama", "a brazilian film"): the
 * knowledge base records a film's language, so a film of that nationality is read as a film in the
 * language named here. Nationalities spelt like their language (danish, french, japanese) need no entry.
 */
export const NATIONALITY_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  iranian: ["Persian"], persian: ["Persian"], brazilian: ["Portuguese"], mexican: ["Spanish"], argentinian: ["Spanish"], argentine: ["Spanish"],
  chilean: ["Spanish"], colombian: ["Spanish"], cuban: ["Spanish"], peruvian: ["Spanish"], austrian: ["German"], israeli: ["Hebrew"], egyptian: ["Arabic"],
  lebanese: ["Arabic"], taiwanese: ["Mandarin"], bollywood: ["Hindi"], indian: ["Hindi", "Tamil", "Telugu", "Malayalam", "Bengali"], pakistani: ["Urdu"], bangladeshi: ["Bengali"],
  senegalese: ["French"], quebecois: ["French"], flemish: ["Flemish", "Dutch"], belgian: ["French", "Dutch", "Flemish"], swiss: ["German", "French", "Italian"],
};

/** Nationalities named by no language of their own (the KB's languages name the rest: "french", "japanese"). */
export const NATIONALITIES_BESIDE_LANGUAGES = [...Object.keys(NATIONALITY_LANGUAGES), ..."american british canadian australian irish scottish welsh kiwi hollywood european asian african latin scandinavian".split(" ")];

/** Numbers a title may spell out or write as digits ("Fifty Shades of Grey", "12 Angry Men"), by their value. */
export const TITLE_NUMBER_WORDS: Readonly<Record<string, number>> = {
  ...Object.fromEntries("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(" ").map((w, n) => [w, n])),
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
};

/** Words that make the name right after them a person ("starring Zendaya", "directed by X", "films with X"). */
export const PERSON_LEAD_WORDS = ["starring", "featuring", "by", "with", "starred", "actor", "actress", "director"];
/** Leads that take things as well as people ("movies with subtitles", "a film by night"): a lowercase word after them is no name. */
export const WEAK_PERSON_LEAD_WORDS = ["by", "with"];
/** Words that make the name right before them a person ("has Zendaya been in", "X starred in", "X directed"). */
export const PERSON_TAIL_WORDS = ["been", "starred", "star", "acted", "directed", "direct", "wrote", "appeared", "played"];
/** Of those, the ones a film never takes after it ("what has Keanu been in"; a film may be "directed"). */
export const PERSON_ONLY_TAIL_WORDS = ["been", "acted", "appeared"];
/** Words right before a slot only a film fills ("movies like se7en", "I loved se7en", "have you seen se7en"). */
export const FILM_SLOT_LEAD_WORDS = ["like", "liked", "loved", "enjoyed", "watched", "seen", "saw"];

/** A sequel's number after a title: "part" or "chapter" may lead it; roman numerals as written ("the godfather part ii", "rocky 7"). */
export const SEQUEL_LEADS = ["part", "chapter", "episode"];
export const SEQUEL_NUMERALS = ["ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"];
/** A sequel's number that says the first of a family ("rocky 1", "part i", "part one"). */
export const FIRST_SEQUEL_NUMBERS = ["1", "i", "one"];
/** Words that pick one version of a film said after them with "the" ("the original death wish", "the new mary poppins"). */
export const VERSION_WORDS = ["original", "new", "old", "latest", "newest", "remade", "classic"];
/** Words of the form a version of a film takes ("the live action scooby doo", "the animated hobbit", "the remake"). */
export const FORM_WORDS = ["live", "animated", "animation", "cartoon", "remake", "reboot", "musical", "version", "anime"];
/** Of those, the ones that pick the earliest film of a title several films share ("the original alice in wonderland"); the rest pick the latest. */
export const EARLIEST_VERSION_WORDS = ["original", "old", "classic"];
/** Words before a family's name and a film word that ask its latest film ("the new predator movie", "the next maze runner movie"). */
export const LATEST_OF_FAMILY_WORDS = ["new", "next"];
/** What a sequel's number may carry of the format it was shown in ("Jaws 3-D", "Step Up 3D"): said without it, it names that sequel. */
export const SEQUEL_FORMAT_SUFFIXES = ["-D", "D"];
/** Requests to describe what follows them ("tell me about memento", "what do you know about heat"). */
export const DESCRIBE_REQUEST_PHRASES = ["tell me about", "you know about"];
/** Words that set two things side by side ("Jaws or Alien", "older than Alien", "Jaws vs Alien"). */
export const COMPARED_SIDE_WORDS = ["or", "than", "vs", "versus"];
/** Words that join two names said side by side ("titanic and jaws", "heat or ronin", "titanic with leonardo dicaprio"). */
export const NAME_JOINING_WORDS = [...COMPARED_SIDE_WORDS, "and", "nor", "with", "&"];
/**
 * Words no title opens with where a longer title is read around a shorter one: prepositions, words joining two names, and
 * words pointing at a film already known ("that titanic", "his batman").
 */
export const TITLE_NON_OPENERS = [...NAME_JOINING_WORDS, ..."in on at of for with by from to about into than as before after since until during like besides except without this that these those his her their its my your our".split(" ")];
/** Words a sequel's title goes on from its family's name with ("The Matrix Reloaded", "Superman Returns", "Batman Begins"). */
export const SEQUEL_SUBTITLE_WORDS = ["reloaded", "revolutions", "returns", "begins", "forever", "resurrection", "reborn", "rises", "strikes back", "awakens"];

/** A language's name before these names the language itself ("the French language"), not a people. */
export const LANGUAGE_NOUN_WORDS = ["language"];

/**
 * Words that name people by their shared surname as one group ("the Coen brothers", "the Dardenne brothers", "the
 * Wachowski sisters"): the KB people of that surname who made films together.
 */
export const GROUP_WORDS = ["brothers", "sisters", "siblings"];
