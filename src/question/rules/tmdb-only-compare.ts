import { RANK_METRICS_SET, tmdbOnlyName, tmdbOnlyRef } from "../../plan/schema";
import type { TopicEntity } from "../analyze";
import type { Reading } from "../reading";
import { entityRef } from "./helpers";
import type { Built, DraftPart } from "./types";

/**
 * "was Jaws released after Star Wars", "is Star Wars longer than Titanic", "how many years after Jaws did Star Wars
 * come out": a comparison whose other side is a film TMDB lists and the KB lacks is made all the same, with that
 * film's figure read from its TMDB row (a release year, a running time, money, a rating). The sides keep the order
 * the question says them in; a yes/no question is checked, a "which" compared, a gap measured.
 */
export function compareWithTmdbOnly(r: Reading, film: TopicEntity): Built | undefined {
  const c = r.cues.gap ?? r.cues.comparative;
  const other = r.notFound.find((n) => n.tmdb?.length);
  if (!c || !other || !RANK_METRICS_SET.has(c.by)) return undefined;
  const f = other.tmdb![0]!;
  const ref = tmdbOnlyRef(f);
  const lacked = { id: tmdbOnlyName(ref), type: "Movie" as const, said: other.text.slice(0, 300) };
  const held = entityRef(film);
  const otherAt = r.text.indexOf(other.text);
  const [a, b] = otherAt >= 0 && otherAt < r.tokens[film.tokenStart]!.start ? [lacked, held] : [held, lacked];
  const by = c.by as Exclude<typeof c.by, "filmCount">;
  const part: DraftPart = r.cues.gap
    ? { kind: "compare", items: [a, b], by, pick: "difference", tmdbOnly: [ref] }
    : r.cues.yesNo
      ? { kind: "check", test: { op: "compare", a, b, by, cmp: r.cues.comparative!.pick === "max" ? "gt" : "lt", tmdbOnly: [ref] } }
      : { kind: "compare", items: [a, b], by, pick: r.cues.comparative!.pick, tmdbOnly: [ref] };
  return { parts: [part] };
}

/** The films TMDB lists that a built part already holds, compared or started from (said there, not again as missing). */
export function tmdbOnlyHeld(parts: readonly DraftPart[]): Set<string> {
  const refs = parts.flatMap((p) => {
    if (p.kind === "compare") return p.tmdbOnly ?? [];
    if (p.kind === "check" && p.test.op === "compare") return p.test.tmdbOnly ?? [];
    // A film started from ("films like se7en but older") is the request's, not missing either.
    if (p.kind === "similar") return p.tmdbOnly ?? [];
    return p.kind === "open" ? (p.likeTmdbOnly ?? []) : [];
  });
  return new Set(refs.map(tmdbOnlyName));
}
