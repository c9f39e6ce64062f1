import { STOP_WORDS, tokenize } from "../../util/text";
import { ABOUT_SERVICE_PHRASES, GREETING_WORDS, SMALLTALK_FILLER, THANKS_WORDS } from "../lexicon/smalltalk";

export type SmallTalk = "greeting" | "thanks" | "about_service";

const GREETINGS = new Set(GREETING_WORDS);
const THANKS = new Set(THANKS_WORDS);
const FILLER = new Set(SMALLTALK_FILLER);
const GENERIC = new Set(["movie", "movies", "film", "films", "cinema"]);

/**
 * Greetings, thanks and questions about the service itself, with nothing else asked: what is left
 * once those phrases and filler words are removed must be empty (or, after a question about the
 * service, only generic words like "movies": "what can you tell me about films?").
 */
export function detectSmallTalk(question: string): SmallTalk | undefined {
  let text = ` ${tokenize(question).join(" ")} `;
  let about = false;
  for (const p of ABOUT_SERVICE_PHRASES) {
    if (text.includes(` ${p} `)) {
      about = true;
      text = text.replace(` ${p} `, " ");
    }
  }
  const words = text.trim().split(" ").filter(Boolean);
  let greeting = false;
  let thanks = false;
  const rest = words.filter((w) => {
    if (GREETINGS.has(w)) return !(greeting = true);
    if (THANKS.has(w)) return !(thanks = true);
    if (FILLER.has(w) || STOP_WORDS.has(w)) return false;
    return !(about && (GENERIC.has(w) || w === "tell" || w === "ask" || w === "know" || w === "answer"));
  });
  if (rest.length > 0 || !(about || greeting || thanks)) return undefined;
  return about ? "about_service" : thanks ? "thanks" : "greeting";
}
