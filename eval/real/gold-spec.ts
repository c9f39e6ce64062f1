import { z } from "zod";
import { KB_RELATIONS, TMDB_FIGURES, type KbRelation, type RawKb, type TmdbFigure } from "./raw-kb";

/**
 * GoldSpec: a small declarative language that says what a real question asks, so its gold is
 * computed from the raw data files at eval time instead of being stored (see README.md here).
 *
 * Expr — a set of KB names:
 *   {"entity": "Titanic"} | {"entities": ["A", "B"]}
 *   {"follow": Expr, "rel": "directed_by"}   forward: film -> objects
 *   {"follow": Expr, "rel": "~directed_by"}  reverse: object -> films
 *   {"and": [Expr, ...]} | {"or": [Expr, ...]} | {"minus": [Expr, Expr]}
 *   {"years": Expr, "from": 1990, "to": 1999}  films of Expr with a KB year in the range
 *   {"title_family": "Rocky"}                  see TITLE FAMILY below
 *   {"value": "budget", "of": Expr}            a figure of each item, as a decimal string
 *   {"all_films": true}                        every film of the KB (for "the most ... of all")
 *
 * Gold:
 *   {"answers": Expr} | {"count": Expr}
 *   {"verdict": {"nonempty": Expr}} | {"verdict": {"empty": Expr}}
 *   {"verdict": {"compare": [Expr, Expr], "by": Metric, "op": "lt" | "gt"}}   yes iff left op right
 *   {"pick": Expr, "by": Metric, "max": true}                                  the best item
 *   {"pick": Expr, "by": Metric, "max": true, "skip_missing": true}            the best of the items
 *                                                that HAVE the figure (others are left out)
 *   {"nth": Expr, "by": "release_year", "n": 1, "from_end": false}            n-th (1-based)
 *   {"most_common": Expr, "rel": "has_genre", "exclude": Expr?}              most frequent object
 *   {"lacks": FactKind, "about": Expr, "partial": Expr?}  the KB has no such fact about `about`;
 *                                                         `partial` is what it can still offer
 *   {"reply": true}                                                           chit-chat / off-domain
 *
 * Metric: release_year (a film's EARLIEST KB year) | runtime | budget | revenue | vote_average |
 * vote_count | popularity (TMDB, joined by exact title and a year equal to one of the film's KB
 * years; TMDB zeros are unknown) | film_count:<relation> (films linked to a person in that role).
 */

export const RELATIONS = KB_RELATIONS;
const RelPath = z.union([z.enum(KB_RELATIONS), z.templateLiteral(["~", z.enum(KB_RELATIONS)])]);
export type RelPath = z.infer<typeof RelPath>;

const FilmCount = z.templateLiteral(["film_count:", z.enum(KB_RELATIONS)]);
export const Metric = z.union([z.literal("release_year"), z.enum(TMDB_FIGURES), FilmCount]);
export type Metric = z.infer<typeof Metric>;

export const FACT_KINDS = [
  "birthplace",
  "birth_date",
  "death",
  "age",
  "nationality",
  "family",
  "education",
  "character",
  "award",
  "tv",
  "music",
  "box_office",
  "budget",
  "runtime",
  "studio",
  "producer",
  "crew",
  "filming_location",
  "country",
  "other",
] as const;
export const FactKind = z.enum(FACT_KINDS);
export type FactKind = z.infer<typeof FactKind>;

export type Expr =
  | { entity: string }
  | { entities: string[] }
  | { follow: Expr; rel: RelPath }
  | { and: Expr[] }
  | { or: Expr[] }
  | { minus: [Expr, Expr] }
  | { years: Expr; from?: number | undefined; to?: number | undefined }
  | { title_family: string }
  | { value: TmdbFigure; of: Expr }
  | { all_films: true };

export const Expr: z.ZodType<Expr> = z.lazy(() =>
  z.union([
    z.object({ entity: z.string().min(1) }).strict(),
    z.object({ entities: z.array(z.string().min(1)).min(1) }).strict(),
    z.object({ follow: Expr, rel: RelPath }).strict(),
    z.object({ and: z.array(Expr).min(2) }).strict(),
    z.object({ or: z.array(Expr).min(2) }).strict(),
    z.object({ minus: z.tuple([Expr, Expr]) }).strict(),
    z.object({ years: Expr, from: z.number().int().optional(), to: z.number().int().optional() }).strict(),
    z.object({ title_family: z.string().min(1) }).strict(),
    z.object({ value: z.enum(TMDB_FIGURES), of: Expr }).strict(),
    z.object({ all_films: z.literal(true) }).strict(),
  ]),
);

export const GoldSpec = z.union([
  z.object({ answers: Expr }).strict(),
  z.object({ count: Expr }).strict(),
  z
    .object({
      verdict: z.union([
        z.object({ nonempty: Expr }).strict(),
        z.object({ empty: Expr }).strict(),
        z.object({ compare: z.tuple([Expr, Expr]), by: Metric, op: z.enum(["lt", "gt"]) }).strict(),
      ]),
    })
    .strict(),
  z.object({ pick: Expr, by: Metric, max: z.boolean(), skip_missing: z.boolean().optional() }).strict(),
  z.object({ nth: Expr, by: Metric, n: z.number().int().min(1), from_end: z.boolean().optional() }).strict(),
  z.object({ most_common: Expr, rel: z.enum(KB_RELATIONS), exclude: Expr.optional() }).strict(),
  z.object({ lacks: FactKind, about: Expr, partial: Expr.optional() }).strict(),
  z.object({ reply: z.literal(true) }).strict(),
]);
export type GoldSpec = z.infer<typeof GoldSpec>;

/** What evaluating a GoldSpec gives. */
export type GoldResult =
  | { form: "answers"; answers: string[] }
  | { form: "count"; count: number; members: string[] }
  | { form: "verdict"; verdict: "yes" | "no"; why: string }
  | { form: "winner"; answers: string[]; why: string }
  | { form: "lacks"; fact: FactKind; partial: string[] }
  | { form: "reply" };

export class GoldError extends Error {
  override name = "GoldError";
}

const ROMAN = "(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)";
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * TITLE FAMILY: the KB films whose title is the family name itself, or the name followed by a
 * colon ("Rocky: ..."), or by a space and a sequel number token — Arabic digits or a Roman numeral
 * I–XII, then the end of the title or a space/colon/comma/dot/dash ("Rocky II", "Rocky 5", "Rocky
 * III: ...") — or by " Part" ("... Part 2"). "Rocky Balboa" or "Saw 3D" are not matched: a spec
 * that needs them names them with {"entity"} in an {"or"}.
 */
export function inTitleFamily(title: string, family: string): boolean {
  if (title === family) return true;
  const re = new RegExp(`^${escapeRe(family)}(?::| (?:\\d+|${ROMAN})(?=$|[ :,.-])| Part\\b)`);
  return re.test(title);
}

function sorted(s: Iterable<string>): string[] {
  return [...new Set(s)].sort((a, b) => a.localeCompare(b));
}

export function evaluateExpr(e: Expr, kb: RawKb): Set<string> {
  if ("entity" in e) {
    if (!kb.isEntity(e.entity)) throw new GoldError(`"${e.entity}" is not a KB entity`);
    return new Set([e.entity]);
  }
  if ("entities" in e) {
    for (const x of e.entities) if (!kb.isEntity(x)) throw new GoldError(`"${x}" is not a KB entity`);
    return new Set(e.entities);
  }
  if ("follow" in e) {
    const from = evaluateExpr(e.follow, kb);
    const out = new Set<string>();
    const reverse = e.rel.startsWith("~");
    const rel = (reverse ? e.rel.slice(1) : e.rel) as KbRelation;
    for (const x of from) for (const y of reverse ? kb.reverse(x, rel) : kb.forward(x, rel)) out.add(y);
    return out;
  }
  if ("and" in e) {
    const [first, ...rest] = e.and.map((x) => evaluateExpr(x, kb));
    return new Set([...(first ?? [])].filter((x) => rest.every((s) => s.has(x))));
  }
  if ("or" in e) return new Set(e.or.flatMap((x) => [...evaluateExpr(x, kb)]));
  if ("minus" in e) {
    const [a, b] = e.minus.map((x) => evaluateExpr(x, kb)) as [Set<string>, Set<string>];
    return new Set([...a].filter((x) => !b.has(x)));
  }
  if ("years" in e) {
    const lo = e.from ?? -Infinity;
    const hi = e.to ?? Infinity;
    return new Set([...evaluateExpr(e.years, kb)].filter((f) => kb.years(f).some((y) => y >= lo && y <= hi)));
  }
  if ("title_family" in e) return new Set([...kb.films()].filter((f) => inTitleFamily(f, e.title_family)));
  if ("all_films" in e) return new Set(kb.films());
  const out = new Set<string>();
  for (const x of evaluateExpr(e.of, kb)) {
    const v = metricValue(x, e.value, kb);
    if (v !== undefined) out.add(String(v));
  }
  return out;
}

/** A figure of one item, or undefined when the data has none. Throws on an ambiguous TMDB join. */
export function metricValue(item: string, m: Metric, kb: RawKb): number | undefined {
  if (m === "release_year") return kb.years(item)[0];
  if (m.startsWith("film_count:")) return kb.reverse(item, m.slice("film_count:".length) as KbRelation).size;
  const rows = kb.tmdb(item);
  if (rows.length > 1) throw new GoldError(`"${item}" joins ${rows.length} TMDB rows (a merged remake title); ${m} is ambiguous`);
  return rows[0]?.[m as TmdbFigure];
}

function one(e: Expr, kb: RawKb, what: string): string {
  const s = [...evaluateExpr(e, kb)];
  if (s.length !== 1) throw new GoldError(`${what} must name exactly one item, got ${s.length}: ${s.slice(0, 5).join(", ")}`);
  return s[0] as string;
}

/**
 * Items with their figure, ascending. With skipAmbiguous, an item whose TMDB join is ambiguous (a
 * merged remake title) is left out like an item without the figure, instead of being an error.
 */
function ranked(items: Set<string>, by: Metric, kb: RawKb, skipAmbiguous = false): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const x of items) {
    let v: number | undefined;
    try {
      v = metricValue(x, by, kb);
    } catch (e) {
      if (!skipAmbiguous || !(e instanceof GoldError)) throw e;
    }
    if (v !== undefined) out.push([x, v]);
  }
  return out.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
}

type Spec<K extends string> = Extract<GoldSpec, Record<K, unknown>>;

/** Computes the gold of a spec from the raw data. Throws GoldError when the spec cannot be answered. */
export function evaluateGold(g: GoldSpec, kb: RawKb): GoldResult {
  if ("answers" in g) return { form: "answers", answers: sorted(evaluateExpr(g.answers, kb)) };
  if ("count" in g) {
    const members = sorted(evaluateExpr(g.count, kb));
    return { form: "count", count: members.length, members };
  }
  if ("verdict" in g) return verdictOf(g.verdict, kb);
  if ("pick" in g) return pickOf(g, kb);
  if ("nth" in g) return nthOf(g, kb);
  if ("most_common" in g) return mostCommonOf(g, kb);
  if ("lacks" in g) {
    evaluateExpr(g.about, kb); // the named entity must exist even though its fact does not
    return { form: "lacks", fact: g.lacks, partial: g.partial ? sorted(evaluateExpr(g.partial, kb)) : [] };
  }
  return { form: "reply" };
}

function verdictOf(v: Spec<"verdict">["verdict"], kb: RawKb): GoldResult {
  if ("nonempty" in v || "empty" in v) {
    const wantEmpty = "empty" in v;
    const s = sorted(evaluateExpr("empty" in v ? v.empty : v.nonempty, kb));
    const found = s.length > 0 ? `found ${s.slice(0, 3).join(", ")}` : "none found";
    return { form: "verdict", verdict: (s.length === 0) === wantEmpty ? "yes" : "no", why: found };
  }
  const a = one(v.compare[0], kb, "compare left");
  const b = one(v.compare[1], kb, "compare right");
  const va = metricValue(a, v.by, kb);
  const vb = metricValue(b, v.by, kb);
  if (va === undefined || vb === undefined) throw new GoldError(`no ${v.by} for ${va === undefined ? a : b}`);
  if (va === vb) throw new GoldError(`${a} and ${b} tie on ${v.by} (${va})`);
  const yes = v.op === "lt" ? va < vb : va > vb;
  return { form: "verdict", verdict: yes ? "yes" : "no", why: `${a} ${va} vs ${b} ${vb} (${v.by})` };
}

function pickOf(g: Spec<"pick">, kb: RawKb): GoldResult {
  const items = evaluateExpr(g.pick, kb);
  const skip = g.skip_missing === true;
  const r = ranked(items, g.by, kb, skip);
  if (r.length < items.size && !skip) {
    const missing = [...items].filter((x) => !r.some(([y]) => y === x));
    throw new GoldError(`no ${g.by} for ${missing.slice(0, 5).join(", ")}`);
  }
  if (r.length < 2) throw new GoldError(`pick needs at least two items with ${g.by}, got ${r.length}`);
  const [best, next] = g.max ? [r[r.length - 1]!, r[r.length - 2]!] : [r[0]!, r[1]!];
  if (best[1] === next[1]) throw new GoldError(`pick: ${best[0]} and ${next[0]} tie on ${g.by} (${best[1]})`);
  const of = skip ? `${r.length} of ${items.size} that have it` : `${r.length}`;
  return { form: "winner", answers: [best[0]], why: `${best[0]} ${best[1]} (${g.by}, ${g.max ? "max" : "min"} of ${of})` };
}

function nthOf(g: Spec<"nth">, kb: RawKb): GoldResult {
  const r = ranked(evaluateExpr(g.nth, kb), g.by, kb);
  const order = g.from_end ? [...r].reverse() : r;
  const hit = order[g.n - 1];
  if (!hit) throw new GoldError(`nth: only ${r.length} items have ${g.by}`);
  const tied = order.filter(([, v]) => v === hit[1]);
  if (tied.length > 1) throw new GoldError(`nth: ${tied.map(([x]) => x).join(", ")} tie on ${g.by} (${hit[1]})`);
  return { form: "winner", answers: [hit[0]], why: `${hit[0]} ${hit[1]} (#${g.n}${g.from_end ? " from the end" : ""} of ${r.length} by ${g.by})` };
}

function mostCommonOf(g: Spec<"most_common">, kb: RawKb): GoldResult {
  const counts = new Map<string, number>();
  const excluded = g.exclude ? evaluateExpr(g.exclude, kb) : new Set<string>();
  for (const f of evaluateExpr(g.most_common, kb)) for (const o of kb.forward(f, g.rel)) if (!excluded.has(o)) counts.set(o, (counts.get(o) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  const answers = sorted([...counts].filter(([, n]) => n === top && top > 0).map(([o]) => o));
  return { form: "winner", answers, why: `${top} films each` };
}

/** Every name a spec uses as a KB entity ({"entity"} and {"entities"}), for the entity check. */
export function namedEntities(g: GoldSpec): string[] {
  const out: string[] = [];
  const walk = (e: Expr): void => {
    if ("entity" in e) out.push(e.entity);
    else if ("entities" in e) out.push(...e.entities);
    else if ("follow" in e) walk(e.follow);
    else if ("and" in e) e.and.forEach(walk);
    else if ("or" in e) e.or.forEach(walk);
    else if ("minus" in e) e.minus.forEach(walk);
    else if ("years" in e) walk(e.years);
    else if ("value" in e) walk(e.of);
  };
  if ("answers" in g) walk(g.answers);
  else if ("count" in g) walk(g.count);
  else if ("verdict" in g) {
    const v = g.verdict;
    if ("nonempty" in v) walk(v.nonempty);
    else if ("empty" in v) walk(v.empty);
    else v.compare.forEach(walk);
  } else if ("pick" in g) walk(g.pick);
  else if ("nth" in g) walk(g.nth);
  else if ("most_common" in g) {
    walk(g.most_common);
    if (g.exclude) walk(g.exclude);
  }
  else if ("lacks" in g) {
    walk(g.about);
    if (g.partial) walk(g.partial);
  }
  return out;
}
