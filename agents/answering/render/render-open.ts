import { tmdbOnlyName, type FilmConstraint, type PartOf } from "../../../src/plan/schema";
import type { DeepMemory, RankedFilm } from "../../deep/memory";
import type { PartResult } from "../../plan/results";
import { joinList, snippet } from "./citations";
import { kinOfTmdbOnly, tmdbOnlyLikeNote } from "./render-tmdb-only";
import { film, type RenderContext, type Rendered } from "./context";

/** Films shown with their reasons; the ranked answers keep them all. */
const SHOWN = 5;

/**
 * An open request answered by the deep route: the films ranked by the facets they meet, each with
 * why ("strong woman (TMDB keyword)"), the constraints they all meet said once, the facets no film met
 * said plainly, and what was left out (seen, the same series). A known item: the likeliest film first.
 */
export function renderOpen(part: PartOf<"open"> | PartOf<"plot"> | PartOf<"similar">, r: PartResult, ctx: RenderContext): Rendered {
  const m = r.deep;
  if (!m?.result) return { text: "I found no film that fits that request.", answers: [] };
  const films = m.result.films;
  const unmet = unmetText(m);
  if (!films.length) return { text: `I found no film that fits ${asked(m)}.${unmet}`, answers: [] };
  if (m.intent === "known_item") return knownItem(films, r, ctx, unmet);
  const shown = films.slice(0, SHOWN).map((f) => `${film(ctx, f.film)}${why(f, m)} ${ctx.cite.cite(r.items.find((i) => i.name === f.film)?.evidenceIds ?? [], 1)}`.trimEnd());
  const partial = m.result.unmetConstraints
    ? ` No film in the knowledge base is ${constraintsText(m.where).slice(1, -1)} all at once; these come closest.`
    : m.result.facetsTotal > 1 && films[0]!.met < m.result.facetsTotal
      ? ` None I found meets every part of the request; these meet the most.`
      : "";
  const left = m.result.excluded.length && (m.intent === "recommend" || m.facets.some((f) => f.against)) ? ` Left out: ${leftOut(m)}.` : "";
  return { text: `${lead(m)}: ${shown.join("; ")}${films.length > SHOWN ? `; and ${films.length - SHOWN} more` : ""}.${tmdbOnlyLikeNote(m.likeTmdbOnly, kinOfTmdbOnly(m.like, m.likeTmdbOnly), r, ctx)}${partial}${unmet}${left}`, answers: r.items };
}

function knownItem(films: readonly RankedFilm[], r: PartResult, ctx: RenderContext, unmet: string): Rendered {
  const [best, ...others] = films;
  const quote = r.evidence.find((e) => e.focus === best!.film && (e.sources.some((s) => s.tool === "full_text") || e.kind === "passage")) ?? r.evidence.find((e) => e.focus === best!.film);
  const said = quote ? `: "${snippet(quote.text.replace(/^[^:]{1,120}:\s*/, ""), 180)}"` : "";
  const hints = best!.reasons.filter((x) => x.facet === "hint").map((x) => x.text);
  const also = others.length ? ` Other candidates: ${joinList(others.slice(0, 4).map((f) => film(ctx, f.film)))}.` : "";
  const cite = ctx.cite.cite(r.items[0]?.evidenceIds ?? [], 1);
  return { text: `Most likely ${film(ctx, best!.film)}${hints.length ? ` (${hints.join("; ")})` : ""} ${cite}${said}.${also}${unmet}`.replace(/ \./g, "."), answers: r.items };
}

/** The reasons a film is here, at most three, the facets first. */
function why(f: RankedFilm, m: DeepMemory): string {
  const reasons = f.reasons.filter((x) => x.facet !== "hint").slice(0, 3).map((x) => x.text);
  // With no concept named, a film came by the graph's own films' neighbours (people, tags): the graph's seed is what it shares.
  const first = m.like[0]?.id ?? m.likeTmdbOnly.map(tmdbOnlyName)[0];
  if (!reasons.length && first) return ` (shares what ${first} is about)`;
  return reasons.length ? ` — ${reasons.join("; ")}` : "";
}

/** The films started from, as said: the graph's named, then those TMDB lists and the graph lacks ("Star Wars (1977)"), then the graph's earlier films of their series. */
function liked(m: DeepMemory): string[] {
  const kin = new Set(kinOfTmdbOnly(m.like, m.likeTmdbOnly));
  return [...m.like.filter((l) => !kin.has(l.id)).map((l) => l.id), ...m.likeTmdbOnly.map(tmdbOnlyName), ...kin];
}

function lead(m: DeepMemory): string {
  const like = liked(m).length ? `like ${joinList(liked(m).slice(0, 3))}` : "";
  const wanted = m.facets.filter((f) => !f.against);
  const against = m.facets.filter((f) => f.against);
  const about = wanted.length ? `about ${joinList(wanted.map((f) => `"${f.said}"`))}` : "";
  const not = against.length ? `and not ${joinList(against.map((f) => `"${f.said}"`))}` : "";
  const where = m.where.length ? constraintsText(m.where) : "";
  const head = m.intent === "recommend" ? "Films to watch" : "Films";
  return [head, like, where, about, not].filter(Boolean).join(" ");
}

function asked(m: DeepMemory): string {
  const wanted = m.facets.filter((f) => !f.against);
  const against = m.facets.filter((f) => f.against);
  return [liked(m).length ? `like ${joinList(liked(m))}` : "", m.where.length ? constraintsText(m.where) : "", wanted.length ? `about ${joinList(wanted.map((f) => `"${f.said}"`))}` : "", against.length ? `not ${joinList(against.map((f) => `"${f.said}"`))}` : ""].filter(Boolean).join(", ") || "that request";
}

/** Years open at one end are said so ("like Jaws but newer": from 1976 on; older: before 1975), not as year 0 or 9999. */
function yearsText(from: number, to: number): string {
  if (from <= 0) return `before ${to + 1}`;
  if (to >= OPEN_END) return `from ${from} on`;
  return `from ${from}${to !== from ? `–${to}` : ""}`;
}
/** A year past this is no year: the range is open. */
const OPEN_END = 3000;

function constraintsText(where: readonly FilmConstraint[]): string {
  const parts = where.map((c) => {
    const not = c.negated ? "not " : "";
    switch (c.on) {
      case "kind":
        return `${not}${c.kind.label}`;
      case "person":
        return `${not}with ${"id" in c.who ? c.who.id : "them"}`;
      case "group":
        return `${not}by ${c.name}`;
      case "years":
        return `${not}${yearsText(c.from, c.to)}`;
      case "language":
        return `${not}in ${c.language}`;
      case "series":
        return `${not}in the ${c.name.replace(/^the /i, "")} series`;
      case "title":
        return `${not}${c.film}`;
    }
  });
  return `(${parts.join(", ")})`;
}

/** The facets no film met, said plainly. */
function unmetText(m: DeepMemory): string {
  const unmet = m.result?.unmet ?? [];
  if (!unmet.length) return "";
  return ` No film in the knowledge base showed ${joinList(unmet.map((u) => `"${u.said}"`), "or")}${m.result!.films.length ? ", so the films above do not meet that part" : ""}.`;
}

function leftOut(m: DeepMemory): string {
  const byWhy = new Map<string, string[]>();
  for (const e of m.result!.excluded) byWhy.set(e.why, [...(byWhy.get(e.why) ?? []), e.film]);
  return [...byWhy].map(([w, fs]) => `${joinList(fs.slice(0, 3))}${fs.length > 3 ? ` and ${fs.length - 3} more` : ""} (${w})`).join("; ");
}
