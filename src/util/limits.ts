/**
 * What a text over its length limit is told, at every door alike: how long it is, the limit, and
 * what to do about it. Lengths are characters as people count them (code points).
 */
export function overLimitMessage(what: string, chars: number, limit: number): string {
  const over = chars - limit;
  return `${what} is ${chars} characters; the limit is ${limit}: shorten it by ${over} character${over === 1 ? "" : "s"} (keep what identifies the film: names, years, what happens), or ask it as several shorter questions`;
}
