import { slug } from "./pool";
import { item, type NaturalItem } from "./types";

/** Small talk: greetings, thanks, questions about the assistant. Gold: no answer, a short reply. */
export const CHITCHAT: readonly string[] = [
  "hi",
  "Hello there!",
  "hey, what's up?",
  "good morning",
  "thanks!",
  "thank you so much, that was helpful",
  "what can you do?",
  "who are you",
  "how are you today?",
  "are you a robot?",
  "what kind of questions can I ask you?",
  "tell me about yourself",
  "ok cool",
  "bye for now",
  "you're awesome",
  "lol that's funny",
  "can you help me?",
  "good night!",
  "nice, cheers",
  "what's your name?",
  "hmm let me think",
  "sorry, never mind",
];

/**
 * Out of domain: nothing a movie knowledge graph can answer. Some name a film title or a person-like
 * word on purpose ("Brazil", "Chicago", "Titanic", "Mona Lisa") to tempt the entity linker.
 */
export const OUT_OF_DOMAIN: readonly string[] = [
  "who is the president of France?",
  "what is the capital of Peru",
  "what's the weather like in Chicago tomorrow?",
  "how do I cook basmati rice",
  "who won the super bowl in 2015?",
  "what is 17 times 23?",
  "what's the population of Brazil",
  "when did the Titanic sink?",
  "who painted the Mona Lisa?",
  "how tall is Mount Everest",
  "what's the square root of 144",
  "who won the world cup in 2018?",
  "how many ounces are in a cup?",
  "what time is it in Tokyo right now",
  "how do I fix a flat bike tire?",
  "recipe for chocolate chip cookies",
  "what's the exchange rate from dollars to euros",
  "who invented the telephone?",
  "is it going to rain in Paris this weekend?",
  "how far away is the moon?",
  "what is the boiling point of water in fahrenheit",
  "who is the prime minister of Canada",
  "translate good morning into spanish",
  "how many calories are in a banana?",
  "what's the best way to learn python",
  "how old is Lionel Messi?",
  "what is Elon Musk's net worth",
];

export function generateChitchat(): NaturalItem[] {
  return CHITCHAT.map((q) => item("chitchat", "small-talk", slug(q), q, [], { kind: "no_answer" }));
}

export function generateOutOfDomain(): NaturalItem[] {
  return OUT_OF_DOMAIN.map((q) => item("out_of_domain", "off-topic", slug(q), q, [], { kind: "no_answer" }));
}
