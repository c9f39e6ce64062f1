/**
 * Word lists for small talk: a message made only of these (and stop words) is a greeting, thanks or
 * a question about the service, answered without retrieval. Phrases are folded text.
 */
export const GREETING_WORDS = "hi hello hey heya hiya howdy greetings yo sup morning evening afternoon there everyone folks guys bot buddy friend".split(" ");
export const THANKS_WORDS = "thanks thank thx ty cheers appreciate appreciated great awesome cool nice perfect ok okay bye goodbye later helpful useful brilliant wonderful amazing excellent lovely".split(" ");
/** Questions about the service itself ("what can you do", "who are you", "how does this work"). */
export const ABOUT_SERVICE_PHRASES = [
  "what can you do",
  "what can you tell me",
  "what can you tell me about",
  "what do you do",
  "what are you",
  "who are you",
  "how does this work",
  "how do you work",
  "what can i ask",
  "what should i ask",
  "what can you answer",
  "what do you know",
  "can you help",
  "help me",
  "how are you",
  "how is it going",
  "hows it going",
  "whats up",
  "what is up",
  "are you a bot",
  "are you human",
  "what is your name",
  "whats your name",
  "nice to meet you",
  "good morning",
  "good evening",
  "good afternoon",
  "good night",
];
/** Words that may stand beside small talk without making it a question about films. */
export const SMALLTALK_FILLER = "please can could would you u me i im we is are am do does it this that so just very much a lot really what who how today doing".split(" ");

/** Words that answer rather than ask ("yes", "nope"): sent alone, never the film of that name. */
export const REPLY_WORDS = ["yes", "yeah", "yep", "yup", "no", "nope", "nah", "sure", "maybe", "right", "true", "false", "correct", "wrong", "exactly", "indeed", "why", "what", "huh"];

/** Replies that are only chat inside a longer message ("yes i like them"); "right", "true" may be a film's words. */
export const CHAT_REPLIES = ["yes", "yep", "yup", "nope", "nah", "ok", "okay"];

/** The speaker and the listener: a message with one in it is talk, not a story told of others ("hmm let me think"). */
export const TALK_PRONOUNS = "i me my mine we us our you your".split(" ");

/** Sounds and words of talk that carry no request ("oh", "hmm", "lol", "honestly"): talk between people, never a topic. */
export const INTERJECTIONS = "oh ohh ooh ah ahh aha wow whoa woah hmm hmmm hmmmm hm um umm uh uhh er lol lmao haha hahaha omg yay gee geez yea ya yeah yeh honestly actually definitely absolutely totally seriously basically literally".split(" ");

/** How the speaker is, said back to a greeting ("I'm good", "doing well, yourself?"). */
export const WELLBEING_WORDS = "good well fine great alright doing going pretty yourself u too same".split(" ");

/** Phrases of social talk: a question back, a reply to one, a reaction ("what about you", "me too", "sounds good"). */
export const SOCIAL_PHRASES = [
  "how about you", "what about you", "how about yourself", "what about yourself", "and you", "and yourself", "how are u", "how r u",
  "you too", "me too", "same to you", "same here", "sounds good", "sounds great", "sounds fun", "sounds interesting", "that sounds good",
  "not bad", "not too bad", "very much so", "of course", "no problem", "not really", "i see", "glad to hear", "good to hear", "nice to hear",
  "how are you doing", "how have you been", "i am doing", "im doing", "thank you so much", "thanks for asking", "not much",
];

/** Listeners asked back ("Good, yourself?", "you friend?"): a question of social talk names one, or a social phrase. */
export const LISTENER_WORDS = ["you", "yourself", "u"];
