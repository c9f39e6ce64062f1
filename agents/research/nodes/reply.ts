import { tracedNode } from "../node";

export const CHITCHAT_REPLY =
  "Hello! I answer questions about films from a movie knowledge graph (WikiMovies/MetaQA with TMDB figures): who directed, wrote or starred in a film, when it came out and in what language, films a person made, films like one you enjoyed, the film whose plot you describe, the best or highest-grossing films of a kind or decade, and what kinds of films usually are. Ask away.";
/** Thanks and goodbyes get an acknowledgement first, then what else can be asked. */
export const THANKS_REPLY =
  "You're welcome! Ask me anything else about films: who made or starred in one, films like one you enjoyed, the film whose plot you describe, or the best films of a kind or decade.";
export const OUT_OF_DOMAIN_REPLY =
  "That is outside what this knowledge base covers: it knows films, the people who made them, their genres, tags, languages, years, plots and TMDB figures. Ask me about a film or a person in film.";

/** A film question about something the KB does not hold: what it lacks, and what it has. */
export const UNSUPPORTED_FACT_REPLY = (word: string) =>
  `The knowledge base has no facts of that kind ("${word}"): it holds no awards, ages, births, marriages, composers, cinematographers, producers or studios. It lists films' directors, writers, cast, release years, languages, genres, tags, plots and TMDB figures (ratings, popularity, runtime, budget, revenue).`;

/** Chit-chat and out-of-domain questions: a short reply saying what the service can answer, no retrieval, no answers. */
export const reply = tracedNode("reply", async (state) => {
  const chitchat = state.understanding?.intent === "chitchat";
  const missing = state.understanding?.unsupportedFact;
  const text = chitchat ? (state.understanding?.smalltalk === "thanks" ? THANKS_REPLY : CHITCHAT_REPLY) : missing ? UNSUPPORTED_FACT_REPLY(missing) : OUT_OF_DOMAIN_REPLY;
  const intent = chitchat ? "chitchat" : "out_of_domain";
  return {
    update: { draft: { text, answers: [], citations: [], author: "template", parts: [{ question: state.question, intent, answers: [], text }] } },
    step: { decision: intent, rationale: chitchat ? "small talk: say what the service answers" : "outside the knowledge base: say so, no retrieval", evidenceIds: [], notes: [] },
  };
});
