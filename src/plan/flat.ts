import { z } from "zod";
import type { EdgeType } from "../kb/schema";
import { FACT_KINDS, type FilmConstraint, type Metric, type PartOf, type PlanPart, type QueryPlan, type Role } from "./schema";

/**
 * The plan as a model writes it: one flat object of enums, numbers and short strings (Gemini and
 * grammar-constrained local models take no unions). It covers a one-clause plan; `keep` leaves the
 * draft as it is. `toFlat` shows a model the rules' draft; agents/planners/flat-edit.ts links the
 * names a model writes back and builds the plan.
 */
export const FLAT_KINDS = ["keep", "lookup", "films", "count", "most_common", "at_least", "order", "compare", "check_in", "check_together", "check_compare", "similar", "plot", "describe", "beyond"] as const;
export const FLAT_RELATIONS = ["none", "director", "writer", "actor", "year", "language", "genre", "tag"] as const;
export const FLAT_ROLES = ["any", "directed", "wrote", "acted"] as const;
export const FLAT_METRICS = ["none", "year", "runtime", "rating", "votes", "popularity", "budget", "revenue", "film_count"] as const;

export const FlatPlan = z
  .object({
    kind: z.enum(FLAT_KINDS),
    entity1: z.string().max(120),
    entity2: z.string().max(120),
    relation: z.enum(FLAT_RELATIONS),
    role: z.enum(FLAT_ROLES),
    kind_of_film: z.string().max(60),
    year_from: z.number().int().min(0).max(2100),
    year_to: z.number().int().min(0).max(2100),
    metric: z.enum(FLAT_METRICS),
    highest: z.boolean(),
    nth: z.number().int().min(0).max(20),
    n: z.number().int().min(0).max(100),
    exclude_entity2: z.boolean(),
    fact: z.enum(["none", ...FACT_KINDS]),
  })
  .strict();
export type FlatPlan = z.infer<typeof FlatPlan>;

export const EDGE_OF_RELATION: Readonly<Record<Exclude<(typeof FLAT_RELATIONS)[number], "none">, EdgeType>> = {
  director: "DIRECTED", writer: "WROTE", actor: "ACTED_IN", year: "RELEASED_IN", language: "IN_LANGUAGE", genre: "HAS_GENRE", tag: "HAS_TAG",
};
export const ROLE_OF: Readonly<Record<(typeof FLAT_ROLES)[number], Role | undefined>> = { any: undefined, directed: "DIRECTED", wrote: "WROTE", acted: "ACTED_IN" };
export const METRIC_OF: Readonly<Record<(typeof FLAT_METRICS)[number], Metric | undefined>> = {
  none: undefined, year: "releaseYear", runtime: "runtime", rating: "voteAverage", votes: "voteCount", popularity: "popularity", budget: "budget", revenue: "revenue", film_count: "filmCount",
};

const relationOf = (edge: EdgeType | undefined): FlatPlan["relation"] => (Object.entries(EDGE_OF_RELATION).find(([, e]) => e === edge)?.[0] as FlatPlan["relation"] | undefined) ?? "none";
const roleOf = (r: Role | undefined): FlatPlan["role"] => (Object.entries(ROLE_OF).find(([, x]) => x === r)?.[0] as FlatPlan["role"] | undefined) ?? "any";
const metricOf = (m: Metric | undefined): FlatPlan["metric"] => (Object.entries(METRIC_OF).find(([, x]) => x === m)?.[0] as FlatPlan["metric"] | undefined) ?? "none";

export const EMPTY_FLAT: FlatPlan = { kind: "keep", entity1: "", entity2: "", relation: "none", role: "any", kind_of_film: "", year_from: 0, year_to: 0, metric: "none", highest: true, nth: 0, n: 0, exclude_entity2: false, fact: "none" };

/** The draft a model sees: the plan's one answered clause as flat fields; undefined when the plan has several clauses or needs none. */
export function toFlat(plan: QueryPlan): FlatPlan | undefined {
  if (plan.answer.length !== 1) return undefined;
  const part = plan.parts.find((p) => p.id === plan.answer[0])!;
  const find = (id: string) => plan.parts.find((p) => p.id === id);
  return flatOf(part, find);
}

type Find = (id: string) => PlanPart | undefined;
type ToFlat<K extends PlanPart["kind"]> = (part: PartOf<K>, find: Find) => FlatPlan | undefined;

const AGGREGATE_KINDS: Readonly<Record<string, FlatPlan["kind"]>> = { count: "count", at_least: "at_least", most_common: "most_common" };

/** The fields of the film set a part refers to, when it is one. */
const setFields = (find: Find, ref: string): Partial<FlatPlan> => {
  const of = find(ref);
  return of?.kind === "films" ? filmFields(of.where) : {};
};

/** Each part kind as flat fields; a kind missing here (combine, reply, unknown) has no flat form. */
const FLAT_OF: { [K in PlanPart["kind"]]?: ToFlat<K> } = {
  lookup: (part) => {
    const [a, b] = part.from.filter((f) => "id" in f) as { id: string }[];
    return { ...EMPTY_FLAT, kind: "lookup", entity1: a?.id ?? "", entity2: b?.id ?? "", relation: relationOf(part.path?.at(-1)?.edge) };
  },
  films: (part) => ({ ...EMPTY_FLAT, kind: "films", ...filmFields(part.where) }),
  order: (part, find) => ({ ...EMPTY_FLAT, kind: "order", ...setFields(find, part.of.ref), metric: metricOf(part.by), highest: part.direction === "desc", nth: part.nth ?? 0 }),
  aggregate: (part, find) => {
    const kind = AGGREGATE_KINDS[part.op];
    return kind ? { ...EMPTY_FLAT, kind, ...setFields(find, part.of.ref), relation: relationOf(part.over?.edge), n: part.n ?? 0 } : undefined;
  },
  // A gap has no flat form: a model shown "compare" would answer which is higher instead.
  compare: (part) => (part.pick === "difference" ? undefined : { ...EMPTY_FLAT, kind: "compare", entity1: part.items[0]!.id, entity2: part.items[1]!.id, metric: metricOf(part.by), highest: part.pick === "max", role: roleOf(part.role) }),
  check: (part, find) => checkFlat(part, find),
  // Films like one TMDB lists and the KB lacks have no flat form: the flat plan's entity is a KB name.
  similar: (part) => (part.seeds[0] ? { ...EMPTY_FLAT, kind: "similar", entity1: part.seeds[0].id, ...filmFields(part.where) } : undefined),
  plot: () => ({ ...EMPTY_FLAT, kind: "plot" }),
  describe: (part) => ({ ...EMPTY_FLAT, kind: "describe", kind_of_film: part.of.label }),
  beyond: (part, find) => {
    const about = part.about ? find(part.about.ref) : undefined;
    const inner = about ? flatOf(about, find) : undefined;
    return { ...(inner ?? EMPTY_FLAT), kind: "beyond", fact: part.fact };
  },
};

function flatOf(part: PlanPart, find: Find): FlatPlan | undefined {
  // A figure's bound has no flat field: a draft without it would ask for every film of the rest.
  if (part.kind === "films" && part.where.some((c) => c.on === "figure")) return undefined;
  const of = FLAT_OF[part.kind] as ToFlat<PlanPart["kind"]> | undefined;
  return of ? of(part as never, find) : undefined;
}

function checkFlat(part: PartOf<"check">, find: Find): FlatPlan | undefined {
  const t = part.test;
  if (t.op === "compare") return { ...EMPTY_FLAT, kind: "check_compare", entity1: t.a.id, entity2: t.b.id, metric: metricOf(t.by), highest: t.cmp === "gt", role: roleOf(t.role) };
  // Membership and "every film of a set" have no flat form: a model shown the draft cannot turn them into "any".
  if (t.op === "member" || t.op === "every") return undefined;
  const of = find(t.of.ref);
  if (of?.kind !== "films") return undefined;
  const title = of.where.find((c) => c.on === "title");
  const people = of.where.filter((c) => c.on === "person");
  if (!title && people.length >= 2) return { ...EMPTY_FLAT, kind: "check_together", ...filmFields(of.where) };
  return { ...EMPTY_FLAT, kind: "check_in", ...filmFields(of.where.filter((c) => c.on !== "title")), entity2: title?.on === "title" ? title.film : "" };
}

/** A film set's constraints as flat fields: up to two people (one role), the first kind, the years, the second person excluded. */
function filmFields(where: readonly FilmConstraint[]): Partial<FlatPlan> {
  const people = where.filter((c): c is Extract<FilmConstraint, { on: "person" }> => c.on === "person");
  const kind = where.find((c) => c.on === "kind" || c.on === "series");
  const years = where.find((c) => c.on === "years" && !c.negated);
  const name = (c: (typeof people)[number] | undefined) => (c && "id" in c.who ? c.who.id : "");
  return {
    entity1: name(people[0]),
    entity2: name(people[1]),
    role: roleOf(people[0]?.role),
    exclude_entity2: people[1]?.negated ?? false,
    kind_of_film: kind?.on === "kind" ? kind.kind.label : kind?.on === "series" ? kind.name : "",
    ...(years?.on === "years" ? { year_from: years.from, year_to: Math.min(2100, years.to) } : {}),
  };
}
