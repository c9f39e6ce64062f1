/** Replies that need no retrieval: small talk, and questions outside what the knowledge base covers. */
export const CHITCHAT_REPLY =
  "Hello! I answer questions about films from a movie knowledge graph (WikiMovies/MetaQA with TMDB figures): who directed, wrote or starred in a film, when it came out and in what language, films a person made, yes/no questions and comparisons, the first, latest or best of a person's films or a series, films like one you enjoyed, the film whose plot you describe, and what kinds of films usually are. Ask away.";
/** Thanks and goodbyes get an acknowledgement first, then what else can be asked. */
export const THANKS_REPLY =
  "You're welcome! Ask me anything else about films: who made or starred in one, how two films compare, films like one you enjoyed, the film whose plot you describe, or the best films of a kind or decade.";
export const OUT_OF_DOMAIN_REPLY =
  "That is outside what this knowledge base covers: it knows films, the people who made them, their genres, tags, languages, years, plots and TMDB figures. Ask me about a film or a person in film.";
