import { z } from "zod";
import { EDGE_TYPES, NODE_TYPES } from "../kb/schema";
import { MOVIE_METRICS, RANK_METRICS } from "../ports/movie-catalog";

/**
 * The query plan: what a question asks, independent of its wording. Every planner writes one (the
 * heuristic from rules, a model through the flat schema in flat.ts); one compiler turns it into tool
 * calls and one renderer per part kind writes the answer. A plan is a small list of parts; a part may
 * use an earlier part's answers as values (`{ ref: "p1" }`: "the director of Titanic"), and `answer`
 * lists the parts the reply is about, in order.
 */

export const PART_KINDS = ["lookup", "films", "aggregate", "order", "compare", "check", "similar", "plot", "describe", "open", "combine", "beyond", "reply", "unknown"] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** Kinds of fact people ask about films that the knowledge base does not hold. */
export const FACT_KINDS = [
  "birthplace", "birth_date", "death", "age", "nationality", "family", "education", "character", "award", "tv", "music",
  "box_office", "budget", "runtime", "studio", "producer", "crew", "filming_location", "country", "other",
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** Figures a set can be ordered or compared by: a TMDB figure, the KB release year, or how many films a person made. */
export const METRICS = [...RANK_METRICS, "filmCount"] as const;
export type Metric = (typeof METRICS)[number];

/** Figures a set of films can be ordered by (every metric but a person's number of films). */
export const RANK_METRICS_SET: ReadonlySet<Metric> = new Set(RANK_METRICS);

export const ROLES = ["DIRECTED", "WROTE", "ACTED_IN"] as const;
export type Role = (typeof ROLES)[number];

const Name = z.string().trim().min(1).max(300);
const PartId = z.string().regex(/^p\d{1,2}$/, "a part id is p1, p2, …");
const Year = z.number().int().min(0).max(9999);

/** A KB node, by its exact KB name, as the question said it. */
export const EntityRef = z.object({ id: Name, type: z.enum(NODE_TYPES), said: z.string().max(300).optional() }).strict();
export type EntityRef = z.infer<typeof EntityRef>;

/** An earlier part's answers used as values. */
/** A film TMDB lists that the KB lacks, by its TMDB title and year. */
export const TmdbOnlyRef = z.object({ title: z.string().trim().min(1).max(300), year: z.string().regex(/^\d{4}$/).optional() }).strict();

export type TmdbOnlyRef = z.infer<typeof TmdbOnlyRef>;

/** A film TMDB lists and the KB lacks, as a plan refers to it: its title and year (a row's other fields left). */
export function tmdbOnlyRef(film: { title: string; year?: string | undefined }): TmdbOnlyRef {
  return { title: film.title, ...(film.year ? { year: film.year } : {}) };
}

/** How a film the KB lacks is named in a plan and its answers: its TMDB title and year ("Star Wars (1977)"). */
export function tmdbOnlyName(film: { title: string; year?: string }): string {
  return film.year ? `${film.title} (${film.year})` : film.title;
}

export const PartRef = z.object({ ref: PartId }).strict();
export type PartRef = z.infer<typeof PartRef>;

export const ValueRef = z.union([EntityRef, PartRef]);
export type ValueRef = z.infer<typeof ValueRef>;

/** One hop of a relation path, read from the node it leaves: from a film, DIRECTED `in` reaches its directors. */
export const Hop = z.object({ edge: z.enum(EDGE_TYPES), dir: z.enum(["out", "in"]) }).strict();
export type Hop = z.infer<typeof Hop>;

/** A kind of film by every name the data uses for it. */
export const KindRef = z
  .object({
    label: z.string().trim().min(1).max(100),
    genres: z.array(Name).max(10).default([]),
    tags: z.array(Name).max(10).default([]),
    tmdbGenres: z.array(Name).max(10).default([]),
    keywords: z.array(Name).max(10).default([]),
  })
  .strict();
export type KindRef = z.infer<typeof KindRef>;

const negated = z.boolean().default(false);

/** One constraint on a set of films; a film set is every film that meets all of them. */
export const FilmConstraint = z.discriminatedUnion("on", [
  z.object({ on: z.literal("person"), who: ValueRef, role: z.enum(ROLES).optional(), negated }).strict(),
  z.object({ on: z.literal("kind"), kind: KindRef, negated }).strict(),
  /** People named together ("the Coen brothers"): a film of any of them, in the role when one is said. */
  z.object({ on: z.literal("group"), name: Name, members: z.array(EntityRef).min(2).max(6), role: z.enum(ROLES).optional(), negated }).strict(),
  /** A title family ("the Rocky movies"), its films found by title when the plan was written. */
  /** `tmdbOnly`: the family's films TMDB lists and the KB lacks, said beside the KB's (never among its films). */
  /** `films` is empty for a family the KB holds none of ("the Star Wars movies"): its films are then all `tmdbOnly`. */
  z.object({ on: z.literal("series"), name: Name, films: z.array(Name).max(40), tmdbOnly: z.array(TmdbOnlyRef).min(1).max(12).optional(), negated }).strict(),
  z.object({ on: z.literal("years"), from: Year, to: Year, negated }).strict(),
  z.object({ on: z.literal("language"), language: Name, negated }).strict(),
  z.object({ on: z.literal("title"), film: Name, negated }).strict(),
  /** A TMDB figure above (gt) or below (lt) a value, in the figure's own unit ("longer than 2.5 hours": runtime gt 150). */
  z.object({ on: z.literal("figure"), metric: z.enum(MOVIE_METRICS), cmp: z.enum(["gt", "lt"]), value: z.number().min(0).max(1e12), negated }).strict(),
]);
export type FilmConstraint = z.infer<typeof FilmConstraint>;
export type FilmConstraintInput = z.input<typeof FilmConstraint>;

const base = { id: PartId };

export const LookupPart = z
  .object({
    ...base,
    kind: z.literal("lookup"),
    from: z.array(ValueRef).min(1).max(5),
    /** The relation path when it is known; absent with `asks`: the path is discovered (Think-on-Graph); absent without: every direct relation. */
    path: z.array(Hop).min(1).max(4).optional(),
    asks: z.enum(NODE_TYPES).optional(),
    /** A TMDB figure of the one film started from ("how long is Titanic"). */
    figure: z.enum(MOVIE_METRICS).optional(),
    /** The film's story as the data tells it, its plot and its TMDB overview ("what is Memento about"). */
    story: z.literal(true).optional(),
    /** Several starting points: each answered alone, or the answers they share, or all of them. */
    join: z.enum(["each", "both", "either"]).default("each"),
    /** Films a path passes through must meet these ("the directors of his 90s films"). */
    within: z.array(FilmConstraint).max(6).default([]),
    /** Never an answer: the people named beside the film ("who acted with Fred Astaire in X" is X's cast but him). */
    except: z.array(EntityRef).max(5).default([]),
    /** Only these may be answers: the choices offered ("which of Al Pacino and Val Kilmer was in The Godfather"); none: any. */
    among: z.array(EntityRef).max(12).default([]),
    /** People of this gender asked ("which actress", "the female lead"): the KB records none, so it is read from first names. */
    gender: z.enum(["female", "male"]).optional(),
    /** The lead asked ("the male lead in X"): the KB records no billing, so the cast is given best-known first. */
    lead: z.literal(true).optional(),
    /** The clause as asked: what a discovered path is scored against. */
    text: z.string().trim().min(1).max(2000),
  })
  .strict();

/** A set of films: every film that meets all its constraints (none: every film). */
export const FilmsPart = z
  .object({
    ...base,
    kind: z.literal("films"),
    where: z.array(FilmConstraint).max(8),
    /** How many films the reply gives: the number asked ("three comedies from 2005"); absent, the first ten and how many more. */
    show: z.number().int().min(1).max(50).optional(),
  })
  .strict();

export const AggregatePart = z
  .object({
    ...base,
    kind: z.literal("aggregate"),
    op: z.enum(["count", "most_common", "at_least", "distribution"]),
    of: PartRef,
    /** What is counted per film (its directors, its genres); absent for count: the films themselves. */
    over: Hop.optional(),
    n: z.number().int().min(1).max(1000).optional(),
    /** distribution: the options asked between ("horror or drama"), as KB genres. */
    options: z.array(z.object({ said: Name, genre: Name }).strict()).max(5).default([]),
  })
  .strict();

export const OrderPart = z
  .object({
    ...base,
    kind: z.literal("order"),
    of: PartRef,
    by: z.enum(RANK_METRICS),
    direction: z.enum(["asc", "desc"]),
    /** 1 is the first in that direction ("third" is 3 ascending, "second to last" 2 descending); absent: the whole ranking. */
    nth: z.number().int().min(1).max(100).optional(),
    limit: z.number().int().min(1).max(50).default(10),
  })
  .strict();

export const ComparePart = z
  .object({
    ...base,
    kind: z.literal("compare"),
    items: z.array(EntityRef).min(2).max(12),
    by: z.enum(METRICS),
    /** filmCount: films in this role. */
    role: z.enum(ROLES).optional(),
    /** Which end wins, or `difference`: how far apart the two figures are ("how many years after Jaws did Jaws 2 come out"). */
    pick: z.enum(["max", "min", "difference"]),
    /** Items that are films TMDB lists and the KB lacks: each item's id is the film's title and year ("Star Wars (1977)"). */
    tmdbOnly: z.array(TmdbOnlyRef).min(1).max(3).optional(),
  })
  .strict();

export const CheckTest = z.discriminatedUnion("op", [
  /** Is this entity among the answers of that part ("was Tom Hanks in Cast Away")? */
  z.object({ op: z.literal("member"), item: EntityRef, of: PartRef }).strict(),
  /** Does that part have any answer ("did X ever work with Y"), or at least `atLeast` ("did Kubrick direct more than 10 films")? */
  z.object({ op: z.literal("nonempty"), of: PartRef, atLeast: z.number().int().min(1).max(10000).optional() }).strict(),
  /**
   * Does every film of `of` meet the rest ("did Nolan direct all the Batman films", "is every Pixar film animated")?
   * `meeting` is the films of `of` that also meet it (a films part holding `of`'s constraints and the rest): yes when
   * it holds them all.
   */
  z.object({ op: z.literal("every"), of: PartRef, meeting: PartRef }).strict(),
  /** Is a's figure greater (gt) or less (lt) than b's ("is Goodfellas older than Casino": release year lt)? */
  z.object({ op: z.literal("compare"), a: EntityRef, b: EntityRef, by: z.enum(METRICS), cmp: z.enum(["gt", "lt"]), role: z.enum(ROLES).optional(), tmdbOnly: z.array(TmdbOnlyRef).min(1).max(2).optional() }).strict(),
]);
export type CheckTest = z.infer<typeof CheckTest>;

export const CheckPart = z.object({ ...base, kind: z.literal("check"), test: CheckTest }).strict();

/**
 * What an open request asks of a film that is no KB relation: a theme ("drug addiction"), a setting
 * ("the American Southwest"), a character ("Abby"), a mood ("mysterious"), a plot element ("outlaws
 * riding to their doom"). Soft: films are ranked by the facets they meet, and a facet no film meets is
 * said. The deep route maps each to concepts and text at run time.
 */
export const FACET_KINDS = ["theme", "setting", "character", "mood", "plot", "genre", "person"] as const;
export type FacetKind = (typeof FACET_KINDS)[number];

export const Facet = z
  .object({
    id: z.string().regex(/^f\d{1,2}$/, "a facet id is f1, f2, …"),
    /** The request's own words for it. */
    said: z.string().trim().min(1).max(200),
    kind: z.enum(FACET_KINDS),
    /** Said against ("nothing too violent"): films that have it are left out, not sought. */
    against: z.boolean().optional(),
  })
  .strict();
export type Facet = z.infer<typeof Facet>;

/**
 * Films like others: `seeds` are KB films; `tmdbOnly` are films TMDB lists and the KB lacks ("something like Star
 * Wars"), started from by what their TMDB row says they are about (keywords, genres, overview). At least one of either.
 */
export const SimilarPart = z
  .object({
    ...base,
    kind: z.literal("similar"),
    seeds: z.array(EntityRef).max(5),
    tmdbOnly: z.array(TmdbOnlyRef).min(1).max(3).optional(),
    where: z.array(FilmConstraint).max(6).default([]),
    age: z.enum(["newer", "older"]).optional(),
    facets: z.array(Facet).max(12).default([]),
  })
  .strict();

/** A film told in the user's words (a known item): `hints` lift the films they fit (a cast member, a decade) without excluding others, since people misremember. */
export const PlotPart = z
  .object({ ...base, kind: z.literal("plot"), story: z.string().trim().min(1).max(2000), /** The request's first paragraph, when it has more (a post's title): its words say most. */ headline: z.string().trim().min(1).max(300).optional(), hints: z.array(FilmConstraint).max(10).default([]), facets: z.array(Facet).max(12).default([]) })
  .strict();

export const DescribePart = z
  .object({ ...base, kind: z.literal("describe"), of: KindRef, options: z.array(z.object({ said: Name, genre: Name }).strict()).max(5).default([]) })
  .strict();

export const OPEN_INTENTS = ["recommend", "known_item", "explore"] as const;
export type OpenIntent = (typeof OPEN_INTENTS)[number];

/**
 * An open request, taken by the deep route: films that meet the hard constraints (`where`: people,
 * kinds, periods, languages, series), ranked by the soft facets they meet; like the `like` films
 * when given (by shared concepts), never one of the films the person has `seen`; `hints` lift a
 * film without excluding others (a half-remembered decade or actor may be wrong).
 */
export const OpenPart = z
  .object({
    ...base,
    kind: z.literal("open"),
    intent: z.enum(OPEN_INTENTS),
    facets: z.array(Facet).max(12).default([]),
    where: z.array(FilmConstraint).max(8).default([]),
    like: z.array(EntityRef).max(5).default([]),
    /** Films to start from that TMDB lists and the KB lacks, read by their TMDB row. */
    likeTmdbOnly: z.array(TmdbOnlyRef).max(3).default([]),
    seen: z.array(EntityRef).max(20).default([]),
    hints: z.array(FilmConstraint).max(6).default([]),
    /** The request as asked (what text search reads for a known item). */
    text: z.string().trim().min(1).max(2000),
  })
  .strict();

export const CombinePart = z.object({ ...base, kind: z.literal("combine"), op: z.enum(["both", "either", "minus"]), parts: z.array(PartRef).min(2).max(10) }).strict();

export const BeyondPart = z
  .object({
    ...base,
    kind: z.literal("beyond"),
    fact: z.enum(FACT_KINDS),
    /** The words that asked for it ("born", "play", "oscar"). */
    said: z.string().trim().min(1).max(100),
    /** The part the knowledge base can answer, said beside what it lacks ("he directed Titanic"). */
    about: PartRef.optional(),
    /** An unknown part: names the user gave that the knowledge base lacks ("leslie odom jr"), said first. */
    missing: PartRef.optional(),
  })
  .strict();

export const ReplyPart = z.object({ ...base, kind: z.literal("reply"), reason: z.enum(["greeting", "thanks", "about_service", "out_of_domain"]), said: z.string().max(200).optional() }).strict();

/** What a question asks of a film the KB lacks and TMDB lists: one of its TMDB facts, or its people (which no source here holds). */
/** What no source here holds of a film the KB lacks: its people and its languages (asked, nothing answers them). */
export const TMDB_ONLY_UNHELD_ASKS = [...ROLES, "people", "language"] as const;
export const TMDB_ONLY_ASKS = [...RANK_METRICS, "genre", "story", ...TMDB_ONLY_UNHELD_ASKS] as const;
export type TmdbOnlyAsk = (typeof TMDB_ONLY_ASKS)[number];
export type TmdbOnlyUnheldAsk = (typeof TMDB_ONLY_UNHELD_ASKS)[number];


export const UnknownPart = z
  .object({
    ...base,
    kind: z.literal("unknown"),
    /** `tmdb`: the films TMDB lists under the name said, when the KB lacks it. */
    names: z.array(z.object({ said: z.string().trim().min(1).max(300), closest: z.array(Name).max(5), tmdb: z.array(TmdbOnlyRef).min(1).max(3).optional() }).strict()).min(1).max(5),
    /** What is asked of the films TMDB lists: said first, from their TMDB row. */
    asks: z.enum(TMDB_ONLY_ASKS).optional(),
  })
  .strict();

export const PlanPart = z.discriminatedUnion("kind", [LookupPart, FilmsPart, AggregatePart, OrderPart, ComparePart, CheckPart, SimilarPart, PlotPart, DescribePart, OpenPart, CombinePart, BeyondPart, ReplyPart, UnknownPart]);
export type PlanPart = z.infer<typeof PlanPart>;
export type PlanPartInput = z.input<typeof PlanPart>;
export type PartOf<K extends PartKind> = Extract<PlanPart, { kind: K }>;

export const QueryPlan = z
  .object({
    question: z.string().max(2000),
    parts: z.array(PlanPart).min(1).max(12),
    /** The parts the reply answers, in order (the others feed them). */
    answer: z.array(PartId).min(1).max(6),
    /** Ids of the rules that built it (the heuristic) or "model" edits. */
    rules: z.array(z.string().max(80)).max(40).default([]),
  })
  .strict()
  .superRefine((plan, ctx) => {
    const seen = new Set<string>();
    for (const [i, part] of plan.parts.entries()) {
      if (seen.has(part.id)) ctx.addIssue({ code: "custom", path: ["parts", i, "id"], message: `part id ${part.id} is used twice` });
      for (const ref of refsOf(part)) if (!seen.has(ref)) ctx.addIssue({ code: "custom", path: ["parts", i], message: `${part.id} refers to ${ref}, which is not an earlier part` });
      if (part.kind === "similar" && !part.seeds.length && !part.tmdbOnly?.length) ctx.addIssue({ code: "custom", path: ["parts", i, "seeds"], message: `${part.id} asks for films like others: give at least one film to start from (seeds or tmdbOnly)` });
      for (const c of constraintsOf(part)) if (c.on === "series" && !c.films.length && !c.tmdbOnly?.length) ctx.addIssue({ code: "custom", path: ["parts", i], message: `${part.id}: the family "${c.name}" has no film; give its KB films (films) or the films TMDB lists of it (tmdbOnly)` });
      if (part.kind === "compare" && part.pick === "difference" && part.items.length !== 2) ctx.addIssue({ code: "custom", path: ["parts", i, "items"], message: `${part.id} asks how far apart figures are: that needs exactly two items, not ${part.items.length}` });
      seen.add(part.id);
    }
    for (const [i, id] of plan.answer.entries()) if (!seen.has(id)) ctx.addIssue({ code: "custom", path: ["answer", i], message: `answer names ${id}, which is not a part` });
  });
export type QueryPlan = z.infer<typeof QueryPlan>;
export type QueryPlanInput = z.input<typeof QueryPlan>;

/** The family a set's constraints name that the KB holds none of (its films are all TMDB's), if any. */
export function heldNoneSeries(where: readonly FilmConstraint[]): Extract<FilmConstraint, { on: "series" }> | undefined {
  return where.find((c): c is Extract<FilmConstraint, { on: "series" }> => c.on === "series" && !c.negated && !c.films.length);
}

/** The film constraints a part holds, wherever it holds them. */
function constraintsOf(part: PlanPart): FilmConstraint[] {
  return part.kind === "films" || part.kind === "open" ? part.where : part.kind === "lookup" ? part.within : part.kind === "plot" ? part.hints : [];
}

function isRef(v: unknown): v is PartRef {
  return typeof v === "object" && v !== null && "ref" in v;
}

/** The ids of the earlier parts a part uses. */
export function refsOf(part: PlanPartInput | PlanPart): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (isRef(v)) out.push(v.ref);
  };
  switch (part.kind) {
    case "lookup":
      part.from.forEach(add);
      (part.within ?? []).forEach((c) => c.on === "person" && add(c.who));
      break;
    case "films":
    case "open":
      (part.where ?? []).forEach((c) => c.on === "person" && add(c.who));
      break;
    case "aggregate":
    case "order":
      add(part.of);
      break;
    case "check":
      if (part.test.op !== "compare") add(part.test.of);
      if (part.test.op === "every") add(part.test.meeting);
      break;
    case "combine":
      part.parts.forEach(add);
      break;
    case "beyond":
      add(part.about);
      add(part.missing);
      break;
    default:
      break;
  }
  return out;
}

/** Validates a plan; the error names each bad field. */
export function parsePlan(raw: unknown): QueryPlan {
  return QueryPlan.parse(raw);
}
