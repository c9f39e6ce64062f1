import { MOVIE_WORDS } from "../lexicon/relations";
import { ASKING_WORDS } from "../lexicon/cues";
import type { Reading } from "../reading";

/** Facts of lives and places that stories tell: a family, a death, an age, where something is set. */
const LIFE_FACTS: ReadonlySet<string> = new Set(["family", "death", "age", "other"]);

/**
 * A fact of a life said of the film sought, with no film or person named: what happens in it, not a fact asked
 * ("movie about a little girl whose father dies", "coming of age movie", "film that takes place at Christmas"). The
 * fact word comes after the film word, or the message asks nothing at all ("Father banging on hospital's baby room
 * window", "Children's movie with a man in red armor"); "who is the father in Jaws" names its film and asks.
 */
export function lifeFactInStory(r: Pick<Reading, "cues" | "words" | "named">): boolean {
  const fact = r.cues.fact;
  if (!fact || !LIFE_FACTS.has(fact.fact) || r.named.some((t) => t.types.includes("Movie") || t.type === "Person")) return false;
  if (r.words.slice(0, fact.at).some((w) => MOVIE_WORDS.has(w))) return true;
  // Asking nothing, a life's people and events are the story's; "Based on literature?" still asks of the film in context.
  return asksNothing(r) && fact.fact !== "other";
}

/** No question word and no yes/no opener: a statement or a request, not a question. */
export function asksNothing(r: Pick<Reading, "cues" | "words">): boolean {
  return r.cues.yesNo === undefined && !r.words.some((w) => ASKING_WORDS.has(w));
}

