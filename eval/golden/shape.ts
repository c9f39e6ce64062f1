import { describePlan } from "../../src/plan/describe";
import type { QueryPlan } from "../../src/plan/schema";

/**
 * A plan with its names abstracted, in one line: entities become E1, E2, … (titles and people, in
 * order of first appearance), kinds K1…, series S1…, names the KB lacks U1…; the story and the
 * question text are left out. What is kept is what a change in understanding changes: the parts,
 * their kinds, relations, roles, figures, orders, periods, negations and references. Golden files hold
 * this shape, so they carry nothing taken from the data (the natural and probe sets are generated
 * from it) and a diff still shows every change of reading.
 */
export function planShape(plan: QueryPlan): string {
  return describePlan(abstractPlan(plan));
}

class Namer {
  private readonly seen = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  name(space: string, value: string): string {
    const key = `${space}\u0000${value}`;
    const known = this.seen.get(key);
    if (known) return known;
    const n = (this.counts.get(space) ?? 0) + 1;
    this.counts.set(space, n);
    const placeholder = `${space}${n}`;
    this.seen.set(key, placeholder);
    return placeholder;
  }
}

type Json = unknown;

/** Walks the plan, replacing names by placeholders; structure and every other value are kept. */
export function abstractPlan(plan: QueryPlan): QueryPlan {
  const namer = new Namer();
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== "object") return v;
    const o = v as Record<string, Json>;
    // An entity reference: a person, film or other node the KB holds.
    if (typeof o.id === "string" && typeof o.type === "string" && !("kind" in o)) return { id: namer.name("E", o.id), type: o.type };
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(o)) out[k] = field(o, k, x);
    return out;
  };
  const field = (o: Record<string, Json>, k: string, x: Json): Json => {
    if (o.on === "title" && k === "film") return namer.name("E", String(x));
    if (o.on === "series" && k === "name") return namer.name("S", String(x));
    if (o.on === "series" && k === "films") return (x as string[]).map(() => "…");
    if ("label" in o && k === "label") return namer.name("K", String(x));
    if ("label" in o && (k === "genres" || k === "tags" || k === "tmdbGenres" || k === "keywords")) return [];
    if ("closest" in o && k === "said") return namer.name("U", String(x));
    if (k === "closest" || k === "text") return Array.isArray(x) ? [] : "…";
    if (k === "story") return "story";
    // A facet's words are the request's own: abstracted like names, so a golden file holds none.
    if (k === "said" && typeof o.id === "string" && /^f\d+$/.test(o.id)) return namer.name("F", String(x));
    return walk(x);
  };
  return { ...plan, question: "", parts: walk(plan.parts) as QueryPlan["parts"] };
}
