import type { FilmConstraint, PlanPart, QueryPlan, ValueRef } from "./schema";

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
    case "series":
      return `${not}series ${c.name} (${c.films.length})`;
    case "years":
      return `${not}${c.from}–${c.to}`;
    case "language":
      return `${not}in ${c.language}`;
    case "title":
      return `${not}${c.film}`;
  }
}

export function describePart(p: PlanPart): string {
  switch (p.kind) {
    case "lookup":
      return `lookup(${p.from.map(value).join(", ")}${p.figure ? ` → ${p.figure}` : p.path ? ` → ${p.path.map((h) => `${h.edge} ${h.dir}`).join(" → ")}` : p.asks ? ` → ? ${p.asks}` : " → all"}${p.join !== "each" ? `, ${p.join}` : ""}${p.within.length ? `; within ${p.within.map(constraint).join(", ")}` : ""}${p.except.length ? `; except ${p.except.map((e) => e.id).join(", ")}` : ""})`;
    case "films":
      return `films(${p.where.map(constraint).join(", ")})`;
    case "aggregate":
      return `${p.op}(${p.of.ref}${p.over ? ` over ${p.over.edge} ${p.over.dir}` : ""}${p.n ? ` ≥ ${p.n}` : ""}${p.options.length ? `; ${p.options.map((o) => o.said).join(" or ")}` : ""})`;
    case "order":
      return `order(${p.of.ref} by ${p.by} ${p.direction}${p.nth ? `, nth ${p.nth}` : ""})`;
    case "compare":
      return `compare(${p.items.map((i) => i.id).join(" vs ")} by ${p.by}${p.role ? ` ${p.role}` : ""}, ${p.pick})`;
    case "check": {
      const t = p.test;
      return `check(${t.op === "compare" ? `${t.a.id} ${t.cmp} ${t.b.id} by ${t.by}` : t.op === "member" ? `${t.item.id} in ${t.of.ref}` : `any in ${t.of.ref}`})`;
    }
    case "similar":
      return `similar(${p.seeds.map((s) => s.id).join(", ")}${p.where.length ? `; ${p.where.map(constraint).join(", ")}` : ""}${p.age ? `; ${p.age}` : ""})`;
    case "plot":
      return `plot(${p.story.length > 60 ? `${p.story.slice(0, 57)}…` : p.story}${p.hints.length ? `; ${p.hints.map(constraint).join(", ")}` : ""})`;
    case "describe":
      return `describe(${p.of.label}${p.options.length ? `; ${p.options.map((o) => o.said).join(" or ")}` : ""})`;
    case "combine":
      return `${p.op}(${p.parts.map((r) => r.ref).join(", ")})`;
    case "beyond":
      return `beyond(${p.fact}${p.about ? ` beside ${p.about.ref}` : ""})`;
    case "reply":
      return `reply(${p.reason})`;
    case "unknown":
      return `unknown(${p.names.map((n) => n.said).join(", ")})`;
  }
}
