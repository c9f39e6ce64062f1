/**
 * How people name kinds of film, mapped to what the data calls them: the KB's genres and tags and
 * TMDB's genres and keywords. Each entry's keys are folded phrases (singular and plural both work:
 * the stage also tries the singular). The stage also links concept words that match a KB genre or
 * tag or a TMDB genre or keyword by name; these entries are for the words that do not.
 */
export interface ConceptSynonym {
  label: string;
  genres?: string[];
  tags?: string[];
  tmdbGenres?: string[];
  keywords?: string[];
}

export const CONCEPT_SYNONYMS: Readonly<Record<string, ConceptSynonym>> = {
  "sci fi": { label: "science fiction", genres: ["Sci-Fi"], tags: ["science fiction", "sci-fi"], tmdbGenres: ["Science Fiction"] },
  scifi: { label: "science fiction", genres: ["Sci-Fi"], tags: ["science fiction", "sci-fi"], tmdbGenres: ["Science Fiction"] },
  "science fiction": { label: "science fiction", genres: ["Sci-Fi"], tags: ["science fiction", "sci-fi"], tmdbGenres: ["Science Fiction"] },
  cartoon: { label: "animation", genres: ["Animation"], tags: ["animation", "animated", "cartoon"], tmdbGenres: ["Animation"] },
  animated: { label: "animation", genres: ["Animation"], tags: ["animation", "animated"], tmdbGenres: ["Animation"] },
  anime: { label: "anime", genres: ["Animation"], tags: ["anime"], keywords: ["anime"] },
  war: { label: "war", genres: ["War"], tags: ["war"], tmdbGenres: ["War"] },
  western: { label: "western", genres: ["Western"], tags: ["western"], tmdbGenres: ["Western"] },
  cowboy: { label: "western", genres: ["Western"], tags: ["western"], tmdbGenres: ["Western"] },
  scary: { label: "horror", genres: ["Horror"], tags: ["horror"], tmdbGenres: ["Horror"] },
  horror: { label: "horror", genres: ["Horror"], tags: ["horror"], tmdbGenres: ["Horror"] },
  funny: { label: "comedy", genres: ["Comedy"], tags: ["comedy"], tmdbGenres: ["Comedy"] },
  comedy: { label: "comedy", genres: ["Comedy"], tags: ["comedy"], tmdbGenres: ["Comedy"] },
  comedic: { label: "comedy", genres: ["Comedy"], tags: ["comedy"], tmdbGenres: ["Comedy"] },
  "romantic comedy": { label: "romantic comedy", tags: ["romantic comedy"], keywords: ["romantic comedy"] },
  romcom: { label: "romantic comedy", tags: ["romantic comedy"], keywords: ["romantic comedy"] },
  "rom com": { label: "romantic comedy", tags: ["romantic comedy"], keywords: ["romantic comedy"] },
  romantic: { label: "romance", genres: ["Romance"], tags: ["romance"], tmdbGenres: ["Romance"] },
  romance: { label: "romance", genres: ["Romance"], tags: ["romance"], tmdbGenres: ["Romance"] },
  "love story": { label: "romance", genres: ["Romance"], tags: ["romance"], tmdbGenres: ["Romance"] },
  action: { label: "action", genres: ["Action"], tags: ["action"], tmdbGenres: ["Action"] },
  thriller: { label: "thriller", genres: ["Thriller"], tags: ["thriller"], tmdbGenres: ["Thriller"] },
  suspense: { label: "thriller", genres: ["Thriller"], tags: ["thriller", "suspense"], tmdbGenres: ["Thriller"] },
  crime: { label: "crime", genres: ["Crime"], tags: ["crime"], tmdbGenres: ["Crime"] },
  gangster: { label: "gangster", genres: ["Crime"], tags: ["gangster", "mafia"], keywords: ["gangster", "mafia"] },
  mob: { label: "mafia", tags: ["mafia", "gangster"], keywords: ["mafia"] },
  drama: { label: "drama", genres: ["Drama"], tags: ["drama"], tmdbGenres: ["Drama"] },
  documentary: { label: "documentary", genres: ["Documentary"], tags: ["documentary"], tmdbGenres: ["Documentary"] },
  doc: { label: "documentary", genres: ["Documentary"], tags: ["documentary"], tmdbGenres: ["Documentary"] },
  musical: { label: "musical", genres: ["Musical"], tags: ["musical"], keywords: ["musical"] },
  kids: { label: "family", genres: ["Family"], tags: ["family", "children"], tmdbGenres: ["Family"] },
  children: { label: "family", genres: ["Family"], tags: ["family", "children"], tmdbGenres: ["Family"] },
  family: { label: "family", genres: ["Family"], tags: ["family"], tmdbGenres: ["Family"] },
  fantasy: { label: "fantasy", genres: ["Fantasy"], tags: ["fantasy"], tmdbGenres: ["Fantasy"] },
  mystery: { label: "mystery", genres: ["Mystery"], tags: ["mystery"], tmdbGenres: ["Mystery"] },
  whodunit: { label: "mystery", genres: ["Mystery"], tags: ["mystery", "whodunit"], tmdbGenres: ["Mystery"] },
  adventure: { label: "adventure", genres: ["Adventure"], tags: ["adventure"], tmdbGenres: ["Adventure"] },
  biopic: { label: "biography", genres: ["Biography"], tags: ["biography", "biopic"], keywords: ["biography"] },
  biographical: { label: "biography", genres: ["Biography"], tags: ["biography"], keywords: ["biography"] },
  historical: { label: "history", genres: ["History"], tags: ["historical", "history"], tmdbGenres: ["History"] },
  sports: { label: "sport", genres: ["Sport"], tags: ["sports", "sport"], keywords: ["sport"] },
  sport: { label: "sport", genres: ["Sport"], tags: ["sports", "sport"], keywords: ["sport"] },
  "film noir": { label: "film noir", tags: ["film noir", "noir"], keywords: ["film noir"] },
  noir: { label: "film noir", tags: ["film noir", "noir"], keywords: ["film noir"] },
  slasher: { label: "slasher", tags: ["slasher"], keywords: ["slasher"] },
  heist: { label: "heist", tags: ["heist"], keywords: ["heist"] },
  caper: { label: "heist", tags: ["heist"], keywords: ["heist"] },
  "bank robbery": { label: "heist", tags: ["heist", "bank robbery"], keywords: ["heist", "bank robbery"] },
  vampire: { label: "vampire", tags: ["vampire", "vampires"], keywords: ["vampire"] },
  dracula: { label: "vampire", tags: ["vampire", "vampires", "dracula"], keywords: ["vampire", "dracula"] },
  zombie: { label: "zombie", tags: ["zombie", "zombies"], keywords: ["zombie"] },
  undead: { label: "zombie", tags: ["zombie", "zombies"], keywords: ["zombie"] },
  werewolf: { label: "werewolf", tags: ["werewolf", "werewolves"], keywords: ["werewolf"] },
  alien: { label: "aliens", tags: ["aliens", "alien"], keywords: ["alien"] },
  extraterrestrial: { label: "aliens", tags: ["aliens", "alien"], keywords: ["alien"] },
  "time travel": { label: "time travel", tags: ["time travel"], keywords: ["time travel"] },
  superhero: { label: "superhero", tags: ["superhero"], keywords: ["superhero"] },
  "comic book": { label: "comic book", tags: ["comic book", "superhero"], keywords: ["based on comic book", "superhero"] },
  spy: { label: "espionage", tags: ["spy", "espionage"], keywords: ["spy", "espionage"] },
  espionage: { label: "espionage", tags: ["espionage", "spy"], keywords: ["espionage", "spy"] },
  "martial arts": { label: "martial arts", tags: ["martial arts", "kung fu"], keywords: ["martial arts"] },
  "kung fu": { label: "martial arts", tags: ["kung fu", "martial arts"], keywords: ["kung fu", "martial arts"] },
  "world war ii": { label: "world war ii", genres: ["War"], tags: ["world war ii", "wwii"], keywords: ["world war ii"] },
  wwii: { label: "world war ii", tags: ["world war ii", "wwii"], keywords: ["world war ii"] },
  ww2: { label: "world war ii", tags: ["world war ii", "wwii"], keywords: ["world war ii"] },
  "high school": { label: "high school", tags: ["high school"], keywords: ["high school"] },
  teen: { label: "teen", tags: ["teen", "high school"], keywords: ["teenager"] },
  christmas: { label: "christmas", tags: ["christmas"], keywords: ["christmas"] },
  holiday: { label: "christmas", tags: ["christmas"], keywords: ["holiday", "christmas"] },
  disaster: { label: "disaster", tags: ["disaster"], keywords: ["disaster"] },
  "coming of age": { label: "coming of age", tags: ["coming of age"], keywords: ["coming of age"] },
  prison: { label: "prison", tags: ["prison"], keywords: ["prison"] },
  space: { label: "space", tags: ["space", "outer space"], keywords: ["space"] },
  pirate: { label: "pirates", tags: ["pirates", "pirate"], keywords: ["pirate"] },
  "true story": { label: "true story", tags: ["true story", "based on a true story", "biography"], keywords: ["based on true story", "true story", "biography"] },
  "true stories": { label: "true story", tags: ["true story", "based on a true story", "biography"], keywords: ["based on true story", "true story", "biography"] },
  "real events": { label: "true story", tags: ["true story", "based on a true story", "biography"], keywords: ["based on true story", "true story", "biography"] },
  dinosaur: { label: "dinosaurs", tags: ["dinosaurs", "dinosaur"], keywords: ["dinosaur"] },
  robot: { label: "robots", tags: ["robots", "robot"], keywords: ["robot"] },
  "serial killer": { label: "serial killer", tags: ["serial killer"], keywords: ["serial killer"] },
  "road trip": { label: "road trip", tags: ["road trip"], keywords: ["road trip"] },
  mafia: { label: "mafia", tags: ["mafia", "gangster"], keywords: ["mafia"] },
  ghost: { label: "ghosts", tags: ["ghosts", "ghost"], keywords: ["ghost"] },
  haunted: { label: "ghosts", tags: ["ghosts", "haunted house"], keywords: ["haunted house", "ghost"] },
  witch: { label: "witches", tags: ["witches", "witch"], keywords: ["witch"] },
  shark: { label: "sharks", tags: ["shark", "sharks"], keywords: ["shark"] },
  // The shark people name by its kind ("a great white terrorizing an island").
  "great white": { label: "sharks", tags: ["shark", "sharks"], keywords: ["shark"] },
  "post apocalyptic": { label: "post-apocalyptic", tags: ["post-apocalyptic", "apocalypse"], keywords: ["post-apocalyptic"] },
  dystopia: { label: "dystopia", tags: ["dystopia", "dystopian"], keywords: ["dystopia"] },
  dystopian: { label: "dystopia", tags: ["dystopia", "dystopian"], keywords: ["dystopia"] },
  silent: { label: "silent film", tags: ["silent film", "silent"], keywords: ["silent film"] },
  indie: { label: "independent film", tags: ["independent film", "indie"], keywords: ["independent film"] },
};

/**
 * Adjectives offered as options in a question about a kind of film ("scary or funny?"), by genre:
 * each option names the genre whose share answers it.
 */
export const OPTION_GENRES: Readonly<Record<string, string>> = {
  scary: "Horror", frightening: "Horror", creepy: "Horror", spooky: "Horror", horror: "Horror", horrifying: "Horror", terrifying: "Horror",
  funny: "Comedy", comedic: "Comedy", comedy: "Comedy", comedies: "Comedy", hilarious: "Comedy", humorous: "Comedy", lighthearted: "Comedy", silly: "Comedy",
  romantic: "Romance", romance: "Romance", romances: "Romance",
  exciting: "Action", action: "Action", violent: "Action", "action packed": "Action",
  sad: "Drama", serious: "Drama", dramatic: "Drama", drama: "Drama", dramas: "Drama", emotional: "Drama",
  thrilling: "Thriller", suspenseful: "Thriller", tense: "Thriller", thriller: "Thriller", thrillers: "Thriller",
  mysterious: "Mystery", mystery: "Mystery", mysteries: "Mystery",
  fantasy: "Fantasy", magical: "Fantasy",
  musical: "Musical", musicals: "Musical",
  animated: "Animation", cartoons: "Animation",
  "family friendly": "Family", "kid friendly": "Family",
  crime: "Crime", adventure: "Adventure", adventurous: "Adventure",
  war: "War", "war movies": "War", "war films": "War", western: "Western", westerns: "Western",
  documentary: "Documentary", documentaries: "Documentary", factual: "Documentary",
  sport: "Sport", sports: "Sport", biography: "Biography", biographical: "Biography", biopic: "Biography", biopics: "Biography",
  historical: "History", history: "History", family: "Family", music: "Music", animation: "Animation",
};

/** Words that can only be concept words when the wording makes them one ("X movies", "films about X"). */
export const CONCEPT_HEAD_WORDS = "movie movies film films flick flicks picture pictures ones stuff cinema story stories".split(" ");
export const CONCEPT_LEAD_WORDS = "about with featuring involving on tagged described regarding concerning".split(" ");
