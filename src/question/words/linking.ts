/**
 * Words right before a span that make it a title or a name even when it is an ordinary word
 * ("the film Her", "watched Up", "directed Go"). Folded.
 */
export const TITLE_CUE_WORDS = (
  "film movie flick picture titled called named watch watched watching saw see seen rewatch like liked love loved enjoyed enjoy " +
  "directed direct directs wrote write writes starred star stars starring featured produced"
).split(" ");

/** Words of a role: with one nearby, a bare surname means the person ("what did nolan direct"). */
export const ROLE_WORDS = (
  "direct directs directed directing director directors star stars starred starring starrer act acts acted acting actor actress " +
  "write writes wrote written writer screenplay films movies film movie work worked works appear appeared appears cast"
).split(" ");
