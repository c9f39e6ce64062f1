/** Decades said in words, and the qualifiers that narrow one to part of it. Folded words. */
export const DECADE_WORDS: Readonly<Record<string, number>> = {
  twenties: 1920, thirties: 1930, forties: 1940, fifties: 1950, sixties: 1960, seventies: 1970, eighties: 1980, nineties: 1990,
};
export const DECADE_PARTS: Readonly<Record<string, [number, number]>> = { early: [0, 3], mid: [3, 6], late: [6, 9] };
/** Words that, just before a period, exclude it ("not from the 90s", "weren't made in the 80s", "outside the 2000s"). Folded. */
export const PERIOD_NEGATIONS = "not never no isnt arent wasnt werent dont doesnt didnt excluding except outside besides".split(" ");
