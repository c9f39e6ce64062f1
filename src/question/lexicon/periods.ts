/** Decades said in words, and the qualifiers that narrow one to part of it. Folded words. */
export const DECADE_WORDS: Readonly<Record<string, number>> = {
  twenties: 1920, thirties: 1930, forties: 1940, fifties: 1950, sixties: 1960, seventies: 1970, eighties: 1980, nineties: 1990,
};
export const DECADE_PARTS: Readonly<Record<string, [number, number]>> = { early: [0, 3], mid: [3, 6], late: [6, 9] };
/** Words whose two-digit decade after them is an age, not a period ("a man in his 40s", "in my early 20s"). Folded. */
export const AGE_OWNERS = "his her their my our your its".split(" ");
/** Words that, just before a period, exclude it ("not from the 90s", "weren't made in the 80s", "outside the 2000s"). Folded. */
export const PERIOD_NEGATIONS = "not never no isnt arent wasnt werent dont doesnt didnt excluding except outside besides".split(" ");

/**
 * How a period in a told plot was meant (a known item: a film the person saw and cannot name). Folded
 * words, read in the period's own clause.
 * - Said of the film's making ("from the 90s", "made in 1985", "a 90s movie"): its release.
 * - Said of the watching ("saw it on TV in the 90s", "as a kid in 2005"): the film is no newer.
 * - Said of the story's time ("set in the 1930s", "takes place in the 80s"), or of the person ("born in
 *   1995"): not the film's years at all.
 */
export const RELEASE_PERIOD_WORDS = "from made released release came come comes produced filmed shot dated era".split(" ");
export const WATCHING_PERIOD_WORDS = "saw seen see watched watch watching rented rent aired airing showed shown childhood tv television vhs dvd netflix cable theater theaters theatre theatres cinema cinemas".split(" ");
/** Phrases of the person's own past that make a period the watching ("as a kid in the 90s", "when I was young"). */
export const WATCHING_PERIOD_PHRASES = ["as a kid", "as a child", "as a teen", "as a teenager", "as kids", "when i was", "growing up", "in school", "at school", "my childhood", "i was little", "i was young", "i was a kid"];
/** Prepositions that put a period inside a told story ("four boys in the fifties", "sent back to the eighties"). */
export const STORY_TIME_PREPOSITIONS = "in during to until through throughout".split(" ");
export const STORY_TIME_PERIOD_PHRASES = ["set in", "set during", "set around", "set back in", "set sometime in", "takes place in", "took place in", "taking place in", "takes place during", "took place during", "born in", "born around"];
/** Words for a film: right after a period or a language they make it the film's own ("90s movie", "an 80s horror flick", "a Korean film"). */
export const FILM_WORDS = "movie movies film films flick flicks cartoon cartoons animation anime picture".split(" ");
/** Words right before a language that make it the film's ("in French", "dubbed in Hindi"). Folded. */
export const FILM_LANGUAGE_LEADS = ["in"];
