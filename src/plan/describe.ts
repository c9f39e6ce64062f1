import { tmdbOnlyName, type Facet, type FilmConstraint, type PartOf, type PlanPart, type QueryPlan, type ValueRef } from "./schema";

/** A plan in one line for traces and logs: each part with its kind and slots, the answered parts marked. */
export function describePlan(plan: QueryPlan): string {
  return plan.parts.map((p) => `${plan.answer.includes(p.id) ? "*" : ""}${p.id} ${describePart(p)}`).join("; ");
}

const value = (v: ValueRef) => ("ref" in v ? v.ref : v.id);

function constraint(c: FilmConstraint): string {
  const not = c.negated ? "not " : "";
  switch (c.on) {
    case "person":
      return `${not}${value(c.who)}${c.role ? ` ${c.role}` : ""}`;
    case "kind":
      return `${not}${c.kind.label}`;
    case "group":
      return `${not}any of ${c.name} (${c.members.map((m) => m.id).join(", ")})${c.role ? ` ${c.role}` : ""}`;
    case "series":
      return `${not}series ${c.name} (${c.films.length}${c.tmdbOnly ? ` + ${c.tmdbOnly.length} TMDB only` : ""})`;
    case "years":
      return `${not}${c.from}–${c.to}`;
    case "language":
      return `${not}in ${c.language}`;
    case "title":
      return `${not}${c.film}`;
    case "figure":
      return `${not}${c.metric} ${c.cmp === "gt" ? ">" : "<"} ${c.value}`;
  }
}

const facet = (f: Facet) => `${f.against ? "not " : ""}${f.kind} ${f.said}`;

/** `; label a, b` when the list has items, else nothing. */
const listed = <T>(sep: string, items: readonly T[], show: (t: T) => string, join = ", ") => (items.length ? `${sep}${items.map(show).join(join)}` : "");
const when = (cond: unknown, text: () => string) => (cond ? text() : "");

function lookupTarget(p: PartOf<"lookup">): string {
  if (p.figure) return ` → ${p.figure}`;
  if (p.story) return " → story";
  if (p.path) return ` → ${p.path.map((h) => `${h.edge} ${h.dir}`).join(" → ")}`;
  return p.asks ? ` → ? ${p.asks}` : " → all";
}

function checkTest(t: PartOf<"check">["test"]): string {
  if (t.op === "compare") return `${t.a.id} ${t.cmp} ${t.b.id} by ${t.by}`;
  if (t.op === "every") return `every ${t.of.ref} in ${t.meeting.ref}`;
  return t.op === "member" ? `${t.item.id} in ${t.of.ref}` : t.atLeast ? `≥ ${t.atLeast} in ${t.of.ref}` : `any in ${t.of.ref}`;
}

type Describe<K extends PlanPart["kind"]> = (p: PartOf<K>) => string;

const DESCRIBE: { [K in PlanPart["kind"]]: Describe<K> } = {
  lookup: (p) => `lookup(${p.from.map(value).join(", ")}${lookupTarget(p)}${when(p.join !== "each", () => `, ${p.join}`)}${listed("; within ", p.within, constraint)}${listed("; except ", p.except, (e) => e.id)}${listed("; among ", p.among, (e) => e.id)}${when(p.gender !== undefined, () => `; ${p.gender}`)}${when(p.lead === true, () => "; lead")})`,
  films: (p) => `films(${p.where.map(constraint).join(", ")}${when(p.show, () => `; show ${p.show}`)})`,
  aggregate: (p) => `${p.op}(${p.of.ref}${when(p.over, () => ` over ${p.over!.edge} ${p.over!.dir}`)}${when(p.n, () => ` ≥ ${p.n}`)}${listed("; ", p.options, (o) => o.said, " or ")})`,
  order: (p) => `order(${p.of.ref} by ${p.by} ${p.direction}${when(p.nth, () => `, nth ${p.nth}`)}${when(!p.nth && p.limit !== 10, () => `, top ${p.limit}`)})`,
  compare: (p) => `compare(${p.items.map((i) => i.id).join(" vs ")} by ${p.by}${when(p.role, () => ` ${p.role}`)}, ${p.pick})`,
  check: (p) => `check(${checkTest(p.test)})`,
  similar: (p) => `similar(${[...p.seeds.map((s) => s.id), ...(p.tmdbOnly ?? []).map((t) => `TMDB only ${tmdbOnlyName(t)}`)].join(", ")}${listed("; ", p.where, constraint)}${when(p.age, () => `; ${p.age}`)}${listed("; facets ", p.facets, facet)})`,
  plot: (p) => `plot(${p.story.length > 60 ? `${p.story.slice(0, 57)}…` : p.story}${listed("; ", p.hints, constraint)}${listed("; facets ", p.facets, facet)})`,
  open: (p) => `open(${p.intent}${listed("; like ", p.like, (e) => e.id)}${listed("; like TMDB only ", p.likeTmdbOnly, tmdbOnlyName)}${listed("; ", p.where, constraint)}${listed("; facets ", p.facets, facet)}${listed("; hints ", p.hints, constraint)}${listed("; seen ", p.seen, (e) => e.id)})`,
  describe: (p) => `describe(${p.of.label}${listed("; ", p.options, (o) => o.said, " or ")})`,
  combine: (p) => `${p.op}(${p.parts.map((r) => r.ref).join(", ")})`,
  beyond: (p) => `beyond(${p.fact}${when(p.about, () => ` beside ${p.about!.ref}`)}${when(p.missing, () => `, missing ${p.missing!.ref}`)})`,
  reply: (p) => `reply(${p.reason})`,
  unknown: (p) => `unknown(${p.names.map((n) => (n.tmdb ? `${n.said} = TMDB only ${n.tmdb.map((f) => `${f.title}${f.year ? ` (${f.year})` : ""}`).join(" / ")}` : n.said)).join(", ")}${when(p.asks, () => `; asks ${p.asks}`)})`,
};

export function describePart(p: PlanPart): string {
  return (DESCRIBE[p.kind] as Describe<PlanPart["kind"]>)(p as never);
}
