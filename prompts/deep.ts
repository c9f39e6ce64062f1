/**
 * The deep route's prompts, when a chat model is configured: words to search for each facet of an open
 * request, a yes/no per film on whether it is about a facet (LazyGraphRAG's relevance test, in
 * batches), and the final order of the best films. Short and flat, for small local models too.
 */
export const DEEP_SYSTEM = "You help find films in a movie knowledge graph. Reply with JSON only.";

export function subQueryPrompt(request: string, facets: readonly { id: string; said: string }[]): { system: string; prompt: string } {
  return {
    system: DEEP_SYSTEM,
    prompt: [
      `Request: ${request.slice(0, 600)}`,
      "For each facet below, write the words a film's plot summary or keywords would use for it (2 to 8 words, no film titles).",
      ...facets.map((f) => `${f.id}: ${f.said}`),
      'Reply as {"queries":[{"facet":"f1","words":"..."}]}.',
    ].join("\n"),
  };
}

export function relevancePrompt(facet: string, films: readonly { film: string; text: string }[]): { system: string; prompt: string } {
  return {
    system: DEEP_SYSTEM,
    prompt: [`Which of these films are about: ${facet}?`, ...films.map((f, i) => `${i + 1}. ${f.film}: ${f.text.slice(0, 300)}`), 'Reply as {"about":[numbers of the films that are about it]}; [] when none.'].join("\n"),
  };
}

export function reducePrompt(request: string, films: readonly { film: string; reasons: string }[]): { system: string; prompt: string } {
  return {
    system: DEEP_SYSTEM,
    prompt: [`Request: ${request.slice(0, 600)}`, "Candidate films, with why each was found:", ...films.map((f, i) => `${i + 1}. ${f.film}: ${f.reasons.slice(0, 200)}`), 'Order them from the best answer to the request to the worst. Reply as {"order":[numbers]}.'].join("\n"),
  };
}
