import type { EdgeType } from "../../../src/kb/schema";
import type { FilmConstraint, PartOf, PlanPart } from "../../../src/plan/schema";
import { roleVerb } from "../../../tools/find-movies";
import { namedTitles, type Figure, type PartResult } from "../../plan/results";
import { joinList } from "./citations";
import { distinctByName, film, inPeriod, label, listed, partOf, resultOf, SHOWN, type RenderContext, type Rendered } from "./context";
import { comparativeWord, figureWords, gapWords, METRIC_WORDS, PERSON_FACT } from "./words";

/** Renderers of the parts that work on sets of films. */

type RankedType = PartResult["items"][number]["type"];

/** A films part's constraints in words: "Tom Hanks acted in, comedy, 1990–1999, not Steven Spielberg directed". */
export function constraintWords(where: readonly FilmConstraint[], ctx: RenderContext): string {
  if (!where.length) return "all films";
  const one = (c: FilmConstraint): string => {
    const not = c.negated ? "not " : "";
    switch (c.on) {
      case "person": {
        const who = "id" in c.who ? c.who.id : joinList(resultOf(ctx, c.who.ref).items.slice(0, 3).map((i) => i.name), "or");
        return c.role ? `${not}${c.negated ? `${roleVerb(c.role)} by ${who}` : `${who} ${roleVerb(c.role)}`}` : `${not}with ${who}`;
      }
      case "kind":
        return `${not}${c.kind.label}`;
      case "group": {
        const who = `${groupName(c.name)} (${joinList(c.members.map((m) => m.id))})`;
        return c.role ? `${not}${c.negated ? `${roleVerb(c.role)} by ${who}` : `${who} ${roleVerb(c.role)}`}` : `${not}with ${who}`;
      }
      case "series":
        return `${not}the ${c.name.replace(/^the /i, "")} films`;
      case "years":
        return `${not}${c.from === c.to ? `from ${c.from}` : c.to >= 9999 ? `after ${c.from - 1}` : c.from <= 0 ? `before ${c.to + 1}` : `from ${c.from}–${c.to}`}`;
      case "language":
        return `${not}in ${c.language}`;
      case "title":
        return `${not}${film(ctx, c.film)}`;
      case "figure":
        return `${not}${METRIC_WORDS[c.metric].noun} ${c.cmp === "gt" ? "above" : "below"} ${figureWords(c.metric, c.value)}`;
    }
  };
  return where.map(one).join(", ");
}

/** A group as said, with its article: "the Coen brothers". */
export function groupName(said: string): string {
  return /^the\s/i.test(said) ? said.replace(/^The\s/, "the ") : `the ${said}`;
}

/** The one period a set of films must fall in, if it has one. */
function periodOf(where: readonly FilmConstraint[]): { from: number; to: number } | undefined {
  const y = where.find((c) => c.on === "years" && !c.negated);
  return y?.on === "years" ? { from: y.from, to: y.to } : undefined;
}

export function renderFilms(part: PartOf<"films">, r: PartResult, outer: RenderContext): Rendered {
  const ctx = inPeriod(outer, periodOf(part.where));
  const said = constraintWords(part.where, ctx);
  const summary = r.evidence.find((e) => e.meta?.role === "summary" && e.meta?.atLeast === undefined);
  const none = () => `No film in the knowledge base meets all of: ${said} ${ctx.cite.cite(summary ? [summary.id] : [])}.`.replace(" .", ".");
  if (r.relaxed && r.items.length) return { text: `${none()} Closest, meeting ${r.relaxed.atLeast} of the ${r.relaxed.of}: ${listed(ctx, r.items, 5)}.`, answers: r.items, count: 0 };
  const left = leftOut(part.where);
  // "what else did she direct" when she directed only the film in context: nothing besides it, said as such.
  if (!r.items.length && left.length && left.length < part.where.length) {
    const rest = part.where.filter((c) => !left.includes(c));
    return { text: `No film in the knowledge base fits (${constraintWords(rest, ctx)}), leaving out ${joinList(left.map((c) => (c.on === "title" ? film(ctx, c.film) : "")))} ${ctx.cite.cite(summary ? [summary.id] : [])}.`.replace(" .", "."), answers: [], count: 0 };
  }
  if (!r.items.length) return { text: none(), answers: [], count: 0 };
  const n = r.total ?? r.items.length;
  // "three comedies from 2005": that many, the best known first, and of how many.
  if (part.show !== undefined && part.show < n) {
    const shown = r.items.slice(0, part.show);
    return { text: `${shown.length} of the ${n} films (${said}), the best known first: ${listed(ctx, shown, part.show)}.`, answers: shown, count: n };
  }
  return { text: `${n} film${n === 1 ? "" : "s"} (${said}): ${listed(ctx, r.items)}${n > SHOWN && r.items.length <= SHOWN ? ` and ${n - r.items.length} more` : ""}.`, answers: r.items, count: n };
}

/** The films said against by title ("other than Jaws"). */
function leftOut(where: readonly FilmConstraint[]): FilmConstraint[] {
  return where.filter((c) => c.on === "title" && c.negated);
}

function ordinalWord(n: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"][n - 1] ?? `${n}th`;
}

/** "latest", "third latest", "second", "second highest": the place an ordinal asks for. */
function placeWords(part: PartOf<"order">, nth: number): string {
  if (part.by === "releaseYear") return part.direction === "desc" ? (nth === 1 ? "latest" : `${ordinalWord(nth)} latest`) : ordinalWord(nth);
  return `${nth === 1 ? "" : `${ordinalWord(nth)} `}${rankEnd(part, PLACE_ADJECTIVES[part.by])}`;
}

/** How a ranked list's order reads: "earliest first" for release order, "longest first", else "highest first". */
function orderWords(part: PartOf<"order">): string {
  return rankEnd(part, part.by === "releaseYear" ? ["latest", "earliest"] : PLACE_ADJECTIVES[part.by]);
}

/** The word for the end of a ranking the part starts from: its figure's own pair, else highest or lowest. */
function rankEnd(part: PartOf<"order">, words: readonly [string, string] = ["highest", "lowest"]): string {
  return part.direction === "desc" ? words[0] : words[1];
}

/** The superlative a figure is ranked by in plain words ("the longest", "the costliest"); the rest are highest/lowest. */
const PLACE_ADJECTIVES: Readonly<Partial<Record<PartOf<"order">["by"], [string, string]>>> = {
  runtime: ["longest", "shortest"],
  budget: ["costliest", "cheapest"],
  popularity: ["most popular", "least popular"],
};

/** Films TMDB alone lists placed among the KB's are ranked by TMDB's figure: said when the figure's source is the KB's. */
function tmdbRankedToo(r: PartResult, source: string): string {
  return r.figures.some((f) => f.tmdbOnly) && !source.includes("TMDB") ? " and TMDB 5000 for the films only it lists" : "";
}

/** A film placed that TMDB alone lists is said to be TMDB's. */
function lackedSaid(figure: Figure | undefined): string {
  return figure?.tmdbOnly ? ", a film TMDB 5000 lists and the knowledge graph lacks" : "";
}

export function renderOrder(part: PartOf<"order">, r: PartResult, outer: RenderContext): Rendered {
  const of = partOf(outer, part.of.ref);
  const ctx = inPeriod(outer, of?.kind === "films" ? periodOf(of.where) : undefined);
  const set = of?.kind === "films" ? constraintWords(of.where, ctx) : "those films";
  const m = METRIC_WORDS[part.by];
  if (!r.ranking?.length) {
    // A list asked in an order none of its films has a figure for is still the list ("what else did she direct" when no film is rated).
    const n = r.total ?? r.items.length;
    if (part.nth === undefined && r.items.length) return { text: `${n} film${n === 1 ? "" : "s"} (${set}): ${listed(ctx, r.items.slice(0, SHOWN))}${n > Math.min(SHOWN, r.items.length) ? ` and ${n - Math.min(SHOWN, r.items.length)} more` : ""}. None has a ${m.noun} in ${m.source} to order them by.`, answers: r.items };
    return { text: `None of the films that fit (${set}) has a ${m.noun} in ${m.source}.`, answers: [] };
  }
  const fig = (id: string) => r.figures.find((f) => f.id === id);
  const named = (id: string) => (fig(id)?.year ? `${id} (${fig(id)!.year})` : film(ctx, id));
  const valueOf = (id: string, lead: string) => (fig(id) && part.by !== "releaseYear" ? `${lead}${figureWords(part.by, fig(id)!.value)}` : "");
  const ranked = r.ranked ?? r.ranking.length;
  const all = r.total ?? ranked;
  const among = `among ${all} film${all === 1 ? "" : "s"} that fit (${set})${ranked < all ? `, ${ranked} with a ${m.noun}` : ""}, by ${m.noun} from ${m.source}${tmdbRankedToo(r, m.source)}`;
  if (part.nth === undefined) {
    const line = (a: { name: string; evidenceIds: string[] }, i: number) => `${i + 1}. ${named(a.name)}${valueOf(a.name, ": ")} ${ctx.cite.cite(a.evidenceIds, 1)}`.trimEnd();
    // A size asked ("the three best", "top 20") is the list's; otherwise the first five.
    return { text: `${r.ranking.slice(0, part.limit === 10 ? 5 : part.limit).map(line).join("\n")}\n(${orderWords(part)} first, ${among})`, answers: r.ranking };
  }
  const place = placeWords(part, part.nth);
  const picked = r.items[0];
  if (!picked) {
    // Say which films there are, so "no second" reads as what the KB holds, not as a failure.
    const held = r.ranking.slice(0, SHOWN).map((a) => `${named(a.name)} ${ctx.cite.cite(a.evidenceIds, 1)}`.trimEnd());
    const fit = ranked === 1 ? "film fits" : "films fit";
    return { text: `The knowledge base has no ${place}: only ${ranked} ${fit} (${set})${ranked < all ? ` with a ${m.noun}` : ""}, by ${m.noun} from ${m.source}: ${joinList(held)}${ranked > held.length ? ` and ${ranked - held.length} more` : ""}.`, answers: [] };
  }
  const before = r.ranking.slice(Math.max(0, part.nth - 3), part.nth - 1).map((a) => named(a.name));
  const context = before.length && part.by === "releaseYear" ? ` It follows ${joinList(before)}.` : "";
  return { text: `The ${place} is ${named(picked.name)}${valueOf(picked.name, ", with ")}${lackedSaid(fig(picked.name))} ${ctx.cite.cite(picked.evidenceIds, 1)} (${among}).${context}`, answers: r.items };
}

export function renderAggregate(part: PartOf<"aggregate">, r: PartResult, ctx: RenderContext): Rendered {
  const of = partOf(ctx, part.of.ref);
  const set = of?.kind === "films" ? constraintWords(of.where, ctx) : "the answers";
  if (part.op === "count") {
    const n = r.total ?? r.items.length;
    const summary = r.evidence.find((e) => e.meta?.role === "summary");
    if (n === 0 && of?.kind === "films") return { text: `0: no film in the knowledge base meets all of: ${set} ${ctx.cite.cite(summary ? [summary.id] : [])}.`.replace(" .", "."), answers: [], count: 0 };
    return { text: `${n}${of?.kind === "films" ? ` film${n === 1 ? "" : "s"} (${set})` : ""}${r.items.length ? `: ${listed(ctx, r.items)}${n > r.items.length ? ` and ${n - r.items.length} more` : ""}` : ""}.`, answers: r.items, count: n };
  }
  const counted = (a: { name: string; score: number; evidenceIds: string[] }) => `${label(ctx, a)} (${a.score} film${a.score === 1 ? "" : "s"}) ${ctx.cite.cite(a.evidenceIds, 1)}`.trimEnd();
  if (part.op === "distribution") return renderDistribution(part.options, r, ctx, set);
  if (!r.items.length) {
    const near = r.nearest ? ` The most is ${r.nearest.support}, by ${joinList(r.nearest.names)}.` : "";
    return { text: `${part.op === "at_least" ? `No one reaches ${part.n ?? 2} films` : "Nothing to count"} among the films that fit (${set}).${near}`, answers: [] };
  }
  if (part.op === "at_least") return { text: `${r.items.length} in at least ${part.n ?? 2} of the ${r.total ?? "matching"} films (${set}): ${r.items.slice(0, SHOWN).map(counted).join(", ")}${r.items.length > SHOWN ? ` and ${r.items.length - SHOWN} more` : ""}.`, answers: r.items };
  const [top, ...rest] = r.items;
  const ties = rest.filter((a) => a.score === top!.score);
  const lead = ties.length ? `Most often, tied: ${[top!, ...ties].map(counted).join(", ")}` : `Most often: ${counted(top!)}`;
  const next = rest.filter((a) => a.score !== top!.score).slice(0, 4);
  return { text: `${lead}, of the ${r.total ?? "matching"} films (${set}).${next.length ? ` Next: ${next.map((a) => `${label(ctx, a)} (${a.score})`).join(", ")}.` : ""}`, answers: r.items };
}

/** A genre split: the options asked between first, else the commonest genres, each with its share. */
export function renderDistribution(options: readonly { said: string; genre: string }[], r: PartResult, ctx: RenderContext, set: string): Rendered {
  const shares = r.evidence.filter((e) => e.meta?.role === "share").sort((a, b) => Number(a.meta?.rank) - Number(b.meta?.rank));
  const pct = (x: unknown) => `${Math.round(Number(x ?? 0) * 100)}%`;
  if (!shares.length) return { text: `No film that fits (${set}) has a genre in the knowledge base.`, answers: [] };
  if (options.length) {
    const rows = options.map((o) => ({ o, e: shares.find((s) => s.focus === o.genre) })).sort((a, b) => Number(b.e?.meta?.share ?? 0) - Number(a.e?.meta?.share ?? 0));
    const said = rows.map(({ o, e }) => `${o.said} (${o.genre}): ${e ? `${pct(e.meta?.share)}, ${e.meta?.count} films ${ctx.cite.cite([e.id], 1)}` : "0%"}`.trimEnd());
    return { text: `Mostly ${rows[0]!.o.said}: of the ${shares[0]!.meta?.of ?? ""} films with a genre (${set}), ${said.join("; ")}.`, answers: r.items };
  }
  return { text: `By genre (${set}): ${shares.slice(0, 5).map((e) => `${e.focus} ${pct(e.meta?.share)} ${ctx.cite.cite([e.id], 1)}`.trimEnd()).join(", ")}.`, answers: r.items };
}

/** The compared figures, winner first: "Titanic (1997) is longer: 194 minutes, against 162 minutes for Avatar (2009)". */
export function renderCompare(part: PartOf<"compare">, r: PartResult, ctx: RenderContext): Rendered {
  const m = METRIC_WORDS[part.by];
  if (!r.items.length) return { text: `I cannot compare them: ${r.missing ?? "a figure is missing"} (${m.noun} from ${m.source}).${figuresSaid(part.by, r.figures, ctx)}`, answers: [] };
  if (part.pick === "difference") return renderGap(part, r, ctx);
  const [win, ...rest] = r.items;
  const fig = (id: string) => r.figures.find((f) => f.id === id)!;
  // A TMDB figure is of one film: named with that film's year ("Titanic (1997)"), not every year of a merged title.
  const name = (a: { name: string; type?: RankedType }) => (fig(a.name).year && part.by !== "releaseYear" ? `${a.name} (${fig(a.name).year})` : part.by === "releaseYear" ? a.name : label(ctx, a));
  const first = ctx.cite.cite([fig(win!.name).evidenceId], 1);
  const others = rest.map((a) => `${figureWords(part.by, fig(a.name).value)} for ${name(a)} ${ctx.cite.cite([fig(a.name).evidenceId], 1)}`.trimEnd());
  const role = part.by === "filmCount" && part.role ? ` (films ${PERSON_FACT[part.role] ?? "made"})` : "";
  // Some of those asked lack the figure: the comparison is among the rest, and says so.
  const among = r.missing ? ` That is among those with a ${m.noun}: ${r.missing}.` : "";
  const pick = part.pick === "min" ? "min" : "max";
  return { text: `${name(win!)} ${comparativeWord(part.by, pick, part.items.length)}${role}: ${figureWords(part.by, fig(win!.name).value)} ${first}, against ${joinList(others)} (${m.noun} from ${m.source}).${among}${tmdbOnlySaid(r.figures)}`.replace(" ,", ","), answers: r.items };
}

/** "The difference is 3 years: Jaws 2, 1978 [1]; Jaws, 1975 [2]": the gap first, then each figure it comes from. */
function renderGap(part: PartOf<"compare">, r: PartResult, ctx: RenderContext): Rendered {
  const m = METRIC_WORDS[part.by];
  const total = r.total ?? 0;
  const each = r.items.map((a) => {
    const f = r.figures.find((x) => x.id === a.name)!;
    const named = part.by === "releaseYear" ? a.name : f.year ? `${a.name} (${f.year})` : label(ctx, a);
    return `${named}, ${figureWords(part.by, f.value)} ${ctx.cite.cite([f.evidenceId], 1)}`.trimEnd();
  });
  const said = total === 0 ? `There is no difference: ${each.join("; ")}` : `The difference is ${gapWords(part.by, total)}: ${each.join("; ")}`;
  return { text: `${said} (${m.noun} from ${m.source}).${tmdbOnlySaid(r.figures)}`, answers: r.items, count: total };
}

function figuresSaid(by: PartOf<"compare">["by"], figures: readonly Figure[], ctx: RenderContext): string {
  return figures.length ? ` Known: ${figures.map((f) => `${film(ctx, f.id)} ${figureWords(by, f.value)} ${ctx.cite.cite([f.evidenceId], 1)}`.trimEnd()).join("; ")}.` : "";
}

/** Yes or no first, then the facts it rests on: the figures compared, or what the knowledge base lists for the film asked about. */
export function renderCheck(part: PartOf<"check">, r: PartResult, ctx: RenderContext, renderOf?: (p: PlanPart) => Rendered): Rendered {
  const t = part.test;
  if (t.op === "compare") return renderCheckCompare(t, r, ctx);
  if (t.op === "every") return renderEvery(t, r, ctx);
  const of = partOf(ctx, t.of.ref);
  if (!r.verdict) return { text: `I cannot tell: ${r.missing ?? "the knowledge base says nothing about it"}.`, answers: [] };
  if (of?.kind === "order" && t.op === "member") return checkTop(of, t.item.id, r, ctx);
  // "did Stallone direct the sequel to Rocky": yes or no, then the relation as the KB lists it.
  // "are Heat and Collateral by the same director": yes or no, then the people as the lookup finds them, or whom each film lists.
  if (of?.kind === "lookup" && renderOf) return verdictFirst(r.verdict, renderOf(of).text, r.verdict === "yes" ? r.items : []);
  if (t.op === "nonempty" && t.atLeast && of?.kind === "films") return verdictFirst(r.verdict, countedFacts(of.where, t.atLeast, r, ctx), r.items);
  const options = of?.kind === "combine" && of.op === "either" ? eitherFilms(of, ctx) : undefined;
  if (t.op === "nonempty" && options) return verdictFirst(r.verdict, eitherFacts(options, r, ctx), r.verdict === "yes" ? r.items : []);
  const said = of?.kind === "films" ? checkFacts(of.where, r, ctx) : listed(ctx, r.items.slice(0, 5), 5);
  return verdictFirst(r.verdict, said, r.verdict === "yes" ? r.items : []);
}

/**
 * "Did Nolan direct all the Batman films": yes or no, how many of the set meet the rest and which, then the ones
 * that do not. With no film in the set, no verdict: the set said missing.
 */
function renderEvery(t: Extract<PartOf<"check">["test"], { op: "every" }>, r: PartResult, ctx: RenderContext): Rendered {
  const of = partOf(ctx, t.of.ref);
  const meeting = partOf(ctx, t.meeting.ref);
  if (of?.kind !== "films" || meeting?.kind !== "films") return { text: `I cannot tell: ${r.missing ?? "the set is not one of films"}.`, answers: [] };
  const set = constraintWords(of.where, ctx);
  if (!r.verdict) return { text: `I cannot tell: the knowledge base lists no film that fits (${set}).`, answers: [] };
  const rest = constraintWords(meeting.where.filter((c) => !of.where.some((o) => JSON.stringify(o) === JSON.stringify(c))), ctx);
  // Films named one by one ("was he in The Departed and The Shining"): said by name, not as a set.
  if (of.where.every((c) => c.on === "title" && !c.negated)) return everyNamed(of, rest, r, ctx);
  const total = r.total ?? 0;
  const met = r.items.map((i) => i.name);
  const others = resultOf(ctx, of.id).items.filter((i) => !met.includes(i.name));
  const films = total === 1 ? "film" : "films";
  const share = r.verdict === "yes" ? (total === 1 ? "The one" : total === 2 ? "Both" : `All ${total}`) : met.length ? `${met.length} of the ${total}` : total === 1 ? "The one" : `None of the ${total}`;
  const which = met.length ? `: ${listed(ctx, r.items, 10)}` : "";
  const not = others.length ? ` The knowledge base does not list ${others.length === 1 ? "the other" : `the other ${others.length}`} as ${rest}: ${listed(ctx, others, 10)}.` : "";
  return verdictFirst(r.verdict, `${share} ${films} that fit (${set}) ${met.length || r.verdict === "yes" ? "also fit" : total === 1 ? "does not fit" : "fit"} (${rest})${which}.${not}`, r.items);
}

/** "Was he in The Departed and The Shining": both, only some (and the others the KB does not list so), or none, by name. */
function everyNamed(of: PartOf<"films">, rest: string, r: PartResult, ctx: RenderContext): Rendered {
  const all = resultOf(ctx, of.id).items;
  const met = r.items.map((i) => i.name);
  const others = all.filter((i) => !met.includes(i.name));
  const named = listed(ctx, all, 10);
  const which = r.verdict === "yes" ? `${all.length === 2 ? "Both" : "All of"} ${named} fit (${rest})` : met.length ? `Of ${named}, only ${listed(ctx, r.items, 10)} ${met.length === 1 ? "fits" : "fit"} (${rest})` : `None of ${named} fits (${rest})`;
  const notListed = r.verdict === "no" && others.length && met.length ? ` The knowledge base does not list ${listed(ctx, others, 10)} as ${rest}.` : "";
  return verdictFirst(r.verdict!, `${which}.${notListed}`, r.items);
}

/** The films sets an "either" joins, when all it joins are films sets ("was Al Pacino or Val Kilmer in The Godfather"). */
function eitherFilms(of: PartOf<"combine">, ctx: RenderContext): PartOf<"films">[] | undefined {
  const members = of.parts.map((p) => partOf(ctx, p.ref));
  return members.every((m) => m?.kind === "films") ? (members as PartOf<"films">[]) : undefined;
}

/** With yes, the facts of each option that holds; with no, every option denied in one sentence, and what the KB lists. */
function eitherFacts(options: readonly PartOf<"films">[], r: PartResult, ctx: RenderContext): string {
  if (r.verdict === "yes") return options.map((o) => ({ o, r: resultOf(ctx, o.id) })).filter((x) => x.r.items.length).map((x) => checkFacts(x.o.where, { ...x.r, verdict: "yes" }, ctx)).join(" ");
  const titleOf = (o: PartOf<"films">) => namedTitles(o.where)[0];
  if (options.some((o) => !titleOf(o))) return `The knowledge base lists no film for any of: ${joinList(options.map((o) => constraintWords(o.where, ctx)), "or")}.`;
  const several = new Set(options.map(titleOf)).size > 1;
  const points = options.flatMap((o) => o.where.filter((c) => c.on !== "title").map((c) => ({ c, title: titleOf(o)! })));
  // Of several films, each film's own listing names the film ("The directors of Jaws (1975): …").
  const facts = [...new Set(points.map(({ c, title }) => listedFact(c, [title], r, ctx, several ? film(ctx, title) : undefined)))];
  return `The knowledge base does not list ${joinList(points.map(({ c, title }) => notSaid(c, film(ctx, title))), "or")}.${facts.length ? ` ${facts.join(" ")}` : ""}`;
}

/** "did Kubrick direct more than 10 films": how many fit, against the number asked, then the films. */
function countedFacts(where: readonly FilmConstraint[], atLeast: number, r: PartResult, ctx: RenderContext): string {
  const n = r.total ?? r.items.length;
  const films = n === 1 ? "film" : "films";
  return `The knowledge base lists ${n} ${films} that fit (${constraintWords(where, ctx)}) — ${n >= atLeast ? `${atLeast} or more` : `fewer than ${atLeast}`}${n ? `: ${listed(ctx, r.items, 10)}` : ""}.`;
}

/** Yes or no first, then the facts it rests on (kept apart, for a reply that needs the facts without the verdict). */
function verdictFirst(verdict: "yes" | "no", facts: string, answers: Rendered["answers"]): Rendered {
  return { text: `${verdict === "yes" ? "Yes" : "No"}. ${facts}`, facts, answers, verdict };
}

/** "Is Iron Man the longest Iron Man film": yes or no, the set's top with its figure, and the film asked with its own. */
function checkTop(order: PartOf<"order">, item: string, r: PartResult, ctx: RenderContext): Rendered {
  const ranked = resultOf(ctx, order.id);
  const top = renderOrder(order, ranked, ctx).text;
  const own = r.verdict === "no" ? ranked.figures.find((f) => f.id === item) : undefined;
  const figure = own && order.by !== "releaseYear" ? ` ${film(ctx, item)}: ${figureWords(order.by, own.value)} ${ctx.cite.cite([own.evidenceId], 1)}.`.replace(" .", ".") : "";
  return verdictFirst(r.verdict!, `${top}${figure}`, r.verdict === "yes" ? r.items : []);
}

function renderCheckCompare(t: Extract<PartOf<"check">["test"], { op: "compare" }>, r: PartResult, ctx: RenderContext): Rendered {
  const m = METRIC_WORDS[t.by];
  if (!r.verdict) return { text: `I cannot tell: ${r.missing ?? "a figure is missing"} (${m.noun} from ${m.source}).${figuresSaid(t.by, r.figures, ctx)}`, answers: [] };
  const fa = r.figures.find((f) => f.id === t.a.id)!;
  const fb = r.figures.find((f) => f.id === t.b.id)!;
  // A film the KB lacks is named with its year already ("Star Wars (1977)"): its year asked is said once.
  const name = (f: Figure) => (t.by === "releaseYear" ? (f.tmdbOnly ? f.id.replace(/ \(\d{4}\)$/, "") : f.id) : f.year ? `${f.id} (${f.year})` : label(ctx, { name: f.id }));
  const relation = comparedWord(t.by, fa.value, fb.value);
  return verdictFirst(r.verdict, `${name(fa)} (${figureWords(t.by, fa.value)}) ${ctx.cite.cite([fa.evidenceId], 1)} ${relation} ${name(fb)} (${figureWords(t.by, fb.value)}) ${ctx.cite.cite([fb.evidenceId], 1)} — ${m.noun} from ${m.source}.${tmdbOnlySaid(r.figures)}`, r.items);
}

/** Figures read from the TMDB row of a film the KB lacks: said whose they are, whatever the metric's usual source. */
function tmdbOnlySaid(figures: readonly Figure[]): string {
  const lacked = figures.filter((f) => f.tmdbOnly).map((f) => f.id);
  return lacked.length ? ` The figure for ${joinList(lacked)} is TMDB 5000's: the knowledge graph does not hold ${lacked.length === 1 ? "that film" : "those films"}.` : "";
}

/**
 * What a yes/no question about a film rests on: with yes, the film that meets it and the facts that
 * make it so; with no, what the knowledge base does list for the film on each point asked.
 */
function checkFacts(where: readonly FilmConstraint[], r: PartResult, ctx: RenderContext): string {
  // A film said against ("a prequel to Jaws": not Jaws) is no film the question is about.
  const titles = namedTitles(where);
  const people = where.flatMap((c) => (c.on === "person" && "id" in c.who && !c.negated ? [c.who.id] : []));
  if (r.verdict === "yes" && !titles.length && people.length >= 2) return `${joinList(people)} worked together on ${r.total === 1 ? "a film" : `${r.total} films`} in the knowledge base: ${listed(ctx, r.items.slice(0, 5), 5)}.`;
  // "is there a sequel to Jaws": every film of the family that is, not the first one's fact.
  if (r.verdict === "yes" && !titles.length && where.some((c) => c.on === "series")) return `${listed(ctx, r.items.slice(0, 5), 5)} (${constraintWords(where, ctx)}).`;
  // "is Titanic longer than 3 hours": the film's own figure against the bound, yes or no.
  const bounds = titles.length ? boundFacts(where, titles, r, ctx) : [];
  if (bounds.length && where.every((c) => c.on === "title" || c.on === "figure")) return bounds.join(" ");
  if (r.verdict === "yes") {
    const row = r.evidence.find((e) => e.meta?.role === "result" && e.meta?.metric === undefined);
    const facts = (row?.path ?? []).map((t) => tripleWords(t, ctx)).filter(Boolean);
    const said = facts.length ? `${capitalFirst(joinList([...new Set(facts)]))} ${ctx.cite.cite(row ? [row.id] : [], 1)}.` : `${listed(ctx, r.items.slice(0, 5), 5)} (${constraintWords(where, ctx)}).`;
    return [said, ...bounds].join(" ");
  }
  if (!titles.length) return `The knowledge base lists no film that meets all of: ${constraintWords(where, ctx)}.`;
  // Only the points the film's own listing does not meet are denied ("was Al Pacino and Val Kilmer in The Godfather": Kilmer).
  const points = where.filter((c) => c.on !== "title");
  const unmet = points.filter((c) => !listedFor(c, titles, r));
  const denied = unmet.length ? unmet : points;
  const facts = [...new Set(denied.filter((c) => c.on !== "figure").map((c) => listedFact(c, titles, r, ctx)).filter(Boolean)), ...bounds];
  return `The knowledge base does not list ${joinList(denied.map((c) => notSaid(c, film(ctx, titles[0]!))))}.${facts.length ? ` ${facts.join(" ")}` : ""}`;
}

/** "Titanic (1997): 194 minutes [2], above the 180 minutes asked": each bound on a named film, with the film's own TMDB figure. */
function boundFacts(where: readonly FilmConstraint[], titles: readonly string[], r: PartResult, ctx: RenderContext): string[] {
  return where.flatMap((c) => {
    if (c.on !== "figure") return [];
    const m = METRIC_WORDS[c.metric];
    const rows = r.evidence.filter((e) => e.meta?.metric === c.metric && typeof e.meta?.value === "number" && titles.includes(e.focus));
    if (!rows.length) return [`${m.source} has no ${m.noun} for ${film(ctx, titles[0]!)}.`];
    return rows.slice(0, 3).map((row) => {
      const v = Number(row.meta!.value);
      const side = v > c.value ? "above" : v < c.value ? "below" : "exactly";
      const named = typeof row.meta?.year === "string" ? `${row.focus} (${row.meta.year})` : film(ctx, row.focus);
      return `${named}: ${figureWords(c.metric, v)} ${ctx.cite.cite([row.id], 1)}, ${side} ${side === "exactly" ? "" : "the "}${figureWords(c.metric, c.value)} asked (${m.noun} from ${m.source}).`;
    });
  });
}

/** A person the film's listing names in the role asked (the others are not read here). */
function listedFor(c: FilmConstraint, titles: readonly string[], r: PartResult): boolean {
  if (c.on !== "person" || !("id" in c.who)) return false;
  const id = c.who.id;
  const edges = c.role ? [c.role] : ["DIRECTED", "WROTE", "ACTED_IN"];
  return r.evidence.some((e) => e.focus === id && edges.includes(String(e.meta?.edge)) && titles.includes(String(e.meta?.from)));
}

/** One fact in words: "Tom Hanks acted in Cast Away", "Cast Away is tagged tom hanks". */
function tripleWords(t: { subject: string; edge: string; object: string }, ctx: RenderContext): string {
  const f = (id: string) => film(ctx, id);
  switch (t.edge) {
    case "DIRECTED":
      return `${t.subject} directed ${f(t.object)}`;
    case "WROTE":
      return `${t.subject} wrote ${f(t.object)}`;
    case "ACTED_IN":
      return `${t.subject} acted in ${f(t.object)}`;
    case "HAS_GENRE":
      return `${f(t.subject)} is filed under ${t.object}`;
    case "HAS_TAG":
      return `${f(t.subject)} is tagged "${t.object}"`;
    case "RELEASED_IN":
      return `${t.subject} came out in ${t.object}`;
    case "IN_LANGUAGE":
      return `${f(t.subject)} is in ${t.object}`;
    default:
      return "";
  }
}

/** What a no denies, one point: "Steven Spielberg as a director of Heat", "Schindler's List as comedy". */
function notSaid(c: FilmConstraint, title: string): string {
  const ROLE_NOUN: Readonly<Record<string, string>> = { DIRECTED: "a director", WROTE: "a writer", ACTED_IN: "in the cast" };
  switch (c.on) {
    case "person": {
      const who = "id" in c.who ? c.who.id : "them";
      return c.role === "ACTED_IN" ? `${who} in the cast of ${title}` : c.role ? `${who} as ${ROLE_NOUN[c.role]} of ${title}` : `${who} in ${title}`;
    }
    case "kind":
      return `${title} as ${c.kind.label}`;
    case "years":
      return `${title} as released ${c.from === c.to ? `in ${c.from}` : `in ${c.from}–${c.to}`}`;
    case "language":
      return `${title} as being in ${c.language}`;
    case "figure":
      return `${title} with a ${METRIC_WORDS[c.metric].noun} ${c.cmp === "gt" ? "above" : "below"} ${figureWords(c.metric, c.value)}`;
    default:
      return title;
  }
}

function capitalFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const FACT_EDGE: Readonly<Record<string, string[]>> = { kind: ["HAS_GENRE", "HAS_TAG"], years: ["RELEASED_IN"], language: ["IN_LANGUAGE"] };

/** What the KB lists for the film on the point one constraint asks ("its genres are Drama and History"). */
/** What the KB lists for the film on one point; `of` names the film when several are spoken of ("The directors of Jaws: …"). */
function listedFact(c: FilmConstraint, titles: readonly string[], r: PartResult, ctx: RenderContext, of?: string): string {
  const edges = c.on === "person" ? (c.role ? [c.role] : ["DIRECTED", "WROTE", "ACTED_IN"]) : (FACT_EDGE[c.on] ?? []);
  const triples = r.evidence.filter((e) => e.sources.some((s) => s.tool === "neighbors") && edges.includes(String(e.meta?.edge)) && titles.includes(String(e.meta?.from)));
  const genresOnly = c.on === "kind" ? triples.filter((e) => e.meta?.edge === "HAS_GENRE") : triples;
  // One mention a person ("Francis Ford Coppola" directed and wrote it).
  const shown = (genresOnly.length ? genresOnly : triples).filter((e, i, all) => all.findIndex((x) => x.focus === e.focus) === i).slice(0, 6);
  const what = c.on === "person" ? (c.role ? { DIRECTED: "directors", WROTE: "writers", ACTED_IN: "cast" }[c.role] : "people") : c.on === "kind" ? (genresOnly.length ? "genres" : "tags") : c.on === "years" ? "release years" : "languages";
  if (!shown.length) return `It lists no ${what} for ${of ?? "it"}.`;
  return `${of ? `The ${what} of ${of}` : `Its ${what}`}: ${joinList(shown.map((e) => `${e.focus} ${ctx.cite.cite([e.id], 1)}`.trimEnd()))}.`;
}

/** How two figures compare, in words: "came out before", "is longer than". */
function comparedWord(by: PartOf<"compare">["by"], a: number, b: number): string {
  const [more, less, same] = COMPARED[by];
  return a > b ? more : a < b ? less : same;
}

const COMPARED: Readonly<Record<PartOf<"compare">["by"], [string, string, string]>> = {
  releaseYear: ["came out after", "came out before", "came out the same year as"],
  runtime: ["is longer than", "is shorter than", "runs as long as"],
  voteAverage: ["is rated higher than", "is rated lower than", "is rated the same as"],
  voteCount: ["has more TMDB votes than", "has fewer TMDB votes than", "has as many TMDB votes as"],
  popularity: ["is more popular than", "is less popular than", "is as popular as"],
  budget: ["cost more than", "cost less than", "cost as much as"],
  revenue: ["made more than", "made less than", "made as much as"],
  filmCount: ["has more films than", "has fewer films than", "has as many films as"],
};

/** "Who wrote and directed X": a "both" over one film's people in two or more roles; the film and the roles, in order. */
function rolesOfOneFilm(part: PartOf<"combine">, ctx: RenderContext): { film: string; lookups: { role: EdgeType; id: string }[] } | undefined {
  const lookups = part.parts.map((p) => partOf(ctx, p.ref));
  const hops = lookups.map((l) => (l?.kind === "lookup" && l.from.length === 1 && "id" in l.from[0]! && l.path?.length === 1 && l.path[0]!.dir === "in" ? { film: l.from[0].id, role: l.path[0]!.edge, id: l.id } : undefined));
  if (hops.some((h) => !h || h.film !== hops[0]!.film)) return undefined;
  return { film: hops[0]!.film, lookups: hops.map((h) => ({ role: h!.role, id: h!.id })) };
}

function renderRolesBoth(roles: { film: string; lookups: { role: EdgeType; id: string }[] }, r: PartResult, ctx: RenderContext): Rendered {
  const verbs = joinList(roles.lookups.map((l) => roleVerb(l.role)));
  const items = distinctByName(r.items);
  if (items.length) return { text: `${listed(ctx, items, 10)} ${roles.lookups.length === 2 ? "both " : ""}${verbs} ${film(ctx, roles.film)}.`, answers: items };
  const each = roles.lookups.map((l) => {
    const people = resultOf(ctx, l.id).items;
    return `${roleVerb(l.role)} it: ${people.length ? listed(ctx, people, 5) : "no one listed"}`;
  });
  return { text: `The knowledge base lists no one who ${verbs} ${film(ctx, roles.film)}. ${capitalFirst(each.join("; "))}.`, answers: [] };
}

export function renderCombine(part: PartOf<"combine">, r: PartResult, ctx: RenderContext): Rendered {
  const choice = choiceOf(part, ctx);
  if (choice) return renderChoice(choice, r, ctx);
  const roles = part.op === "both" ? rolesOfOneFilm(part, ctx) : undefined;
  if (roles) return renderRolesBoth(roles, r, ctx);
  const names = part.parts.map((p) => startsOfPart(ctx, p.ref)).filter(Boolean);
  const lead = part.op === "both" ? `In common${names.length ? ` (${joinList(names)})` : ""}` : part.op === "either" ? "Either" : `In ${names[0] ?? "the first"} but not ${joinList(names.slice(1), "or") || "the others"}`;
  const items = distinctByName(r.items);
  if (!items.length) return { text: `${lead}: nothing the knowledge base lists.`, answers: [] };
  return { text: `${lead}: ${listed(ctx, items, 15)}.`, answers: items };
}

/** "which was directed by Ridley Scott, Alien or Aliens": the films offered (an either over single titles) met with a set. */
function choiceOf(part: PartOf<"combine">, ctx: RenderContext): { offered: string[]; where: readonly FilmConstraint[] } | undefined {
  if (part.op !== "both" || part.parts.length !== 2) return undefined;
  const [set, options] = part.parts.map((p) => partOf(ctx, p.ref));
  if (set?.kind !== "films" || options?.kind !== "combine" || options.op !== "either") return undefined;
  const titles = options.parts.map((p) => partOf(ctx, p.ref)).map((p) => (p?.kind === "films" && p.where.length === 1 && p.where[0]!.on === "title" && !p.where[0]!.negated ? p.where[0]!.film : undefined));
  return titles.every((t): t is string => t !== undefined) ? { offered: titles, where: set.where } : undefined;
}

/** "Of Alien (1979) and Aliens (1986), the one that fits (Ridley Scott directed): Alien (1979)." — or that none does. */
function renderChoice(choice: { offered: string[]; where: readonly FilmConstraint[] }, r: PartResult, ctx: RenderContext): Rendered {
  const offered = joinList(choice.offered.map((t) => film(ctx, t)));
  const fit = constraintWords(choice.where, ctx);
  const items = distinctByName(r.items);
  if (!items.length) return { text: `Neither of ${offered} fits (${fit}) in the knowledge base.`, answers: [] };
  const which = items.length === 1 ? "the one that fits" : "the ones that fit";
  return { text: `Of ${offered}, ${which} (${fit}): ${listed(ctx, items, 15)}.`, answers: items };
}

function startsOfPart(ctx: RenderContext, id: string): string {
  const p = partOf(ctx, id);
  return p?.kind === "lookup" ? joinList(p.from.map((f) => ("id" in f ? film(ctx, f.id) : "them"))) : "";
}
