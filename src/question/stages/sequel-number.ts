import { linksWhole } from "../../linking/match";
import type { EntityCandidate, EntityLinker } from "../../ports/entity-linker";
import { linkKey } from "../../util/text";
import { FIRST_SEQUEL_NUMBERS, SEQUEL_FORMAT_SUFFIXES, SEQUEL_LEADS, SEQUEL_NUMERALS, SEQUEL_SUBTITLE_WORDS } from "../lexicon/linking";

const FIRST: ReadonlySet<string> = new Set(FIRST_SEQUEL_NUMBERS);

const SEQUEL_NUMBER = new RegExp(`^\\s+(?:(?:${SEQUEL_LEADS.join("|")})\\s+)?(?:\\d{1,2}|${SEQUEL_NUMERALS.join("|")})(?![\\p{L}\\p{N}])`, "iu");

/**
 * The sequel's number said at the start of `rest` ("part ii", " 7", " chapter 3"), with the space before
 * it, or undefined. Two digits at most: "the godfather 1972" names a year.
 */
export function sequelNumberAfter(rest: string): string | undefined {
  return SEQUEL_NUMBER.exec(rest)?.[0];
}

const SEQUEL_SUBTITLE = new RegExp(`^\\s+(?:${SEQUEL_SUBTITLE_WORDS.map((w) => w.replace(/ /g, "\\s+")).join("|")})(?![\\p{L}\\p{N}])`, "iu");

/** A sequel's subtitle word said at the start of `rest` (" reloaded", " returns"), with the space before it, or undefined. */
export function sequelSubtitleAfter(rest: string): string | undefined {
  return SEQUEL_SUBTITLE.exec(rest)?.[0];
}

/**
 * The film whose title is a name and sequel number as said, with the format the sequel was shown in ("jaws 3" is
 * Jaws 3-D, "step up 3" Step Up 3D), or undefined.
 */
export function sequelShownAs(said: string, linker: EntityLinker): EntityCandidate | undefined {
  if (!/\d$/.test(said)) return undefined;
  for (const suffix of SEQUEL_FORMAT_SUFFIXES) {
    const name = `${said}${suffix}`;
    const found = linker.link(name, { types: ["Movie"], limit: 1, exact: true })[0];
    if (found && linksWhole(found) && linkKey(found.name) === linkKey(name)) return found;
  }
  return undefined;
}

/** A sequel's number that says the first of a family ("1", "part i", "one"): that film is the one of the name itself. */
export function namesTheFirst(number: string): boolean {
  return FIRST.has((number.trim().split(/\s+/).at(-1) ?? "").toLowerCase());
}
