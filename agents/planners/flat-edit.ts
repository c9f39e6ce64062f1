import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { EDGE_SPECS } from "../../src/kb/schema";
import { EDGE_OF_RELATION, METRIC_OF, ROLE_OF, type FlatPlan } from "../../src/plan/flat";
import { QueryPlan, RANK_METRICS_SET, type EntityRef, type FilmConstraintInput, type PlanPartInput } from "../../src/plan/schema";
import { kindOf } from "../../src/question/film-set";
import { familyOf } from "../../src/question/series";
import { findConcepts } from "../../src/question/stages/concepts";
import { wordTokens } from "../../src/util/text";

/** Why a model's plan could not be used (a name the KB lacks, a field the kind needs left empty). */
export class FlatPlanError extends Error {}

/** A name the model wrote, linked as the rules would: exact, accent- and case-insensitive, or one slip. */
function link(kb: KnowledgeBase, name: string, types: ("Movie" | "Person")[]): EntityRef {
  const c = kb.linker.link(name, { types, limit: 1 })[0];
  if (!c || !(c.match === "exact" || c.match === "folded" || (c.match === "fuzzy" && c.score >= 0.8))) throw new FlatPlanError(`"${name}" is not a ${types.join(" or ").toLowerCase()} in the knowledge base`);
  return { id: c.id, type: c.type === "Person" ? "Person" : "Movie", said: name };
}

const linkAny = (kb: KnowledgeBase, name: string) => link(kb, name, ["Movie", "Person"]);

/** The constraints the flat fields give a film set: people (the second excluded when said), a kind or series, years. */
async function filmWhere(f: FlatPlan, kb: KnowledgeBase): Promise<FilmConstraintInput[]> {
  const where: FilmConstraintInput[] = [];
  const role = ROLE_OF[f.role];
  if (f.entity1) where.push({ on: "person", who: link(kb, f.entity1, ["Person"]), ...(role ? { role } : {}), negated: false });
  if (f.entity2) where.push({ on: "person", who: link(kb, f.entity2, ["Person"]), negated: f.exclude_entity2 });
  if (f.kind_of_film) {
    const family = familyOf(f.kind_of_film, kb);
    const concept = (await findConcepts(wordTokens(f.kind_of_film), kb)).find((c) => c.strong);
    if (family.length >= 2) where.push({ on: "series", name: f.kind_of_film, films: family.slice(0, 40), negated: false });
    else if (concept) where.push({ on: "kind", kind: kindOf(concept), negated: false });
    else throw new FlatPlanError(`"${f.kind_of_film}" is no kind of film or title family the knowledge base knows`);
  }
  if (f.year_from || f.year_to) where.push({ on: "years", from: f.year_from || 0, to: f.year_to || 9999, negated: false });
  if (!where.length) throw new FlatPlanError("a film set needs a person, a kind of film or years");
  return where;
}

const need = (v: string, what: string) => {
  if (!v) throw new FlatPlanError(`${what} is empty`);
  return v;
};

function metric(f: FlatPlan) {
  const m = METRIC_OF[f.metric];
  if (!m) throw new FlatPlanError("metric is none");
  return m;
}

/** The parts a flat plan stands for, answered by the last. */
async function partsOf(f: FlatPlan, question: string, kb: KnowledgeBase): Promise<PlanPartInput[]> {
  const edge = f.relation === "none" ? undefined : EDGE_OF_RELATION[f.relation];
  switch (f.kind) {
    case "lookup": {
      const from = [linkAny(kb, need(f.entity1, "entity1")), ...(f.entity2 ? [linkAny(kb, f.entity2)] : [])];
      const hop = edge ? (EDGE_SPECS[edge].from === from[0]!.type ? { edge, dir: "out" as const } : { edge, dir: "in" as const }) : undefined;
      return [{ id: "p1", kind: "lookup", from, ...(hop ? { path: [hop] } : {}), join: from.length > 1 ? "both" : "each", text: question }];
    }
    case "films":
      return [{ id: "p1", kind: "films", where: await filmWhere(f, kb) }];
    case "count":
    case "most_common":
    case "at_least": {
      const over = edge ? { edge, dir: EDGE_SPECS[edge].from === "Movie" ? ("out" as const) : ("in" as const) } : undefined;
      if (f.kind !== "count" && !over) throw new FlatPlanError(`${f.kind} needs the relation counted`);
      return [{ id: "p1", kind: "films", where: await filmWhere(f, kb) }, { id: "p2", kind: "aggregate", op: f.kind, of: { ref: "p1" }, ...(f.kind !== "count" ? { over } : {}), ...(f.kind === "at_least" ? { n: Math.max(1, f.n) } : {}) }];
    }
    case "order": {
      const by = metric(f);
      if (!RANK_METRICS_SET.has(by)) throw new FlatPlanError("order takes a film figure, not film_count");
      return [{ id: "p1", kind: "films", where: await filmWhere(f, kb) }, { id: "p2", kind: "order", of: { ref: "p1" }, by: by as never, direction: f.highest ? "desc" : "asc", ...(f.nth ? { nth: f.nth } : {}) }];
    }
    case "compare":
      return [{ id: "p1", kind: "compare", items: [linkAny(kb, need(f.entity1, "entity1")), linkAny(kb, need(f.entity2, "entity2"))], by: metric(f), pick: f.highest ? "max" : "min", ...(ROLE_OF[f.role] ? { role: ROLE_OF[f.role] } : {}) }];
    case "check_compare":
      return [{ id: "p1", kind: "check", test: { op: "compare", a: linkAny(kb, need(f.entity1, "entity1")), b: linkAny(kb, need(f.entity2, "entity2")), by: metric(f), cmp: f.highest ? "gt" : "lt", ...(ROLE_OF[f.role] ? { role: ROLE_OF[f.role] } : {}) } }];
    case "check_in": {
      const film = link(kb, need(f.entity2, "entity2"), ["Movie"]);
      const person = link(kb, need(f.entity1, "entity1"), ["Person"]);
      const role = ROLE_OF[f.role];
      return [{ id: "p1", kind: "films", where: [{ on: "title", film: film.id }, { on: "person", who: person, ...(role ? { role } : {}) }] }, { id: "p2", kind: "check", test: { op: "nonempty", of: { ref: "p1" } } }];
    }
    case "check_together":
      return [{ id: "p1", kind: "films", where: [{ on: "person", who: link(kb, need(f.entity1, "entity1"), ["Person"]) }, { on: "person", who: link(kb, need(f.entity2, "entity2"), ["Person"]) }] }, { id: "p2", kind: "check", test: { op: "nonempty", of: { ref: "p1" } } }];
    case "similar": {
      const seed = link(kb, need(f.entity1, "entity1"), ["Movie"]);
      const where = f.kind_of_film || f.year_from || f.year_to ? (await filmWhere({ ...f, entity1: "", entity2: "" }, kb)).filter((c) => c.on !== "series") : [];
      return [{ id: "p1", kind: "similar", seeds: [seed], where }];
    }
    case "plot":
      return [{ id: "p1", kind: "plot", story: question }];
    case "describe": {
      const concept = (await findConcepts(wordTokens(need(f.kind_of_film, "kind_of_film")), kb)).find((c) => c.strong);
      if (!concept) throw new FlatPlanError(`"${f.kind_of_film}" is no kind of film the knowledge base knows`);
      return [{ id: "p1", kind: "describe", of: kindOf(concept) }];
    }
    case "beyond": {
      if (f.fact === "none") throw new FlatPlanError("beyond needs the fact asked");
      const about = f.entity1 ? await partsOf({ ...f, kind: "lookup" }, question, kb) : [];
      return [...about, { id: `p${about.length + 1}`, kind: "beyond", fact: f.fact, said: f.fact, ...(about.length ? { about: { ref: "p1" } } : {}) }];
    }
    case "keep":
      return [];
  }
}

/** The plan a model's flat fields stand for, checked like any plan; the draft when the model kept it. */
export async function planFromFlat(f: FlatPlan, draft: QueryPlan, kb: KnowledgeBase): Promise<QueryPlan> {
  if (f.kind === "keep") return draft;
  const parts = await partsOf(f, draft.question, kb);
  return QueryPlan.parse({ question: draft.question, parts, answer: [parts[parts.length - 1]!.id], rules: [`model.${f.kind}`] });
}
