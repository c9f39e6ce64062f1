import { SEQUEL_LEADS, SEQUEL_NUMERALS } from "../lexicon/linking";

const SEQUEL_NUMBER = new RegExp(`^\\s+(?:(?:${SEQUEL_LEADS.join("|")})\\s+)?(?:\\d{1,2}|${SEQUEL_NUMERALS.join("|")})(?![\\p{L}\\p{N}])`, "iu");

/**
 * The sequel's number said at the start of `rest` ("part ii", " 7", " chapter 3"), with the space before
 * it, or undefined. Two digits at most: "the godfather 1972" names a year.
 */
export function sequelNumberAfter(rest: string): string | undefined {
  return SEQUEL_NUMBER.exec(rest)?.[0];
}
