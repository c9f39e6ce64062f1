import { linksWhole } from "../../src/linking/match";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { EDGE_SPECS, type EdgeType } from "../../src/kb/schema";
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
  if (!c || !(linksWhole(c) || (c.match === "fuzzy" && c.score >= 0.8))) throw new FlatPlanError(`"${name}" is not a ${types.join(" or ").toLowerCase()} in the knowledge base`);
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

type FlatKind = FlatPlan["kind"];
type Build = (f: FlatPlan, question: string, kb: KnowledgeBase) => Promise<PlanPartInput[]> | PlanPartInput[];

const roleField = (f: FlatPlan) => (ROLE_OF[f.role] ? { role: ROLE_OF[f.role]! } : {});
const filmsPart = async (f: FlatPlan, kb: KnowledgeBase): Promise<PlanPartInput> => ({ id: "p1", kind: "films", where: await filmWhere(f, kb) });
const nonempty: PlanPartInput = { id: "p2", kind: "check", test: { op: "nonempty", of: { ref: "p1" } } };

/** The relation a flat plan names, read from the side of `type`: out when the edge starts there. */
function hopFrom(f: FlatPlan, type: string): { edge: EdgeType; dir: "out" | "in" } | undefined {
  const edge = f.relation === "none" ? undefined : EDGE_OF_RELATION[f.relation];
  return edge ? { edge, dir: EDGE_SPECS[edge].from === type ? "out" : "in" } : undefined;
}

function lookupParts(f: FlatPlan, question: string, kb: KnowledgeBase): PlanPartInput[] {
  const from = [linkAny(kb, need(f.entity1, "entity1")), ...(f.entity2 ? [linkAny(kb, f.entity2)] : [])];
  const hop = hopFrom(f, from[0]!.type);
  return [{ id: "p1", kind: "lookup", from, ...(hop ? { path: [hop] } : {}), join: from.length > 1 ? "both" : "each", text: question }];
}

async function aggregateParts(f: FlatPlan, kb: KnowledgeBase, op: "count" | "most_common" | "at_least"): Promise<PlanPartInput[]> {
  const over = hopFrom(f, "Movie");
  if (op !== "count" && !over) throw new FlatPlanError(`${op} needs the relation counted`);
  const aggregate: PlanPartInput = { id: "p2", kind: "aggregate", op, of: { ref: "p1" }, ...(op !== "count" ? { over } : {}), ...(op === "at_least" ? { n: Math.max(1, f.n) } : {}) };
  return [await filmsPart(f, kb), aggregate];
}

async function orderParts(f: FlatPlan, kb: KnowledgeBase): Promise<PlanPartInput[]> {
  const by = metric(f);
  if (!RANK_METRICS_SET.has(by)) throw new FlatPlanError("order takes a film figure, not film_count");
  return [await filmsPart(f, kb), { id: "p2", kind: "order", of: { ref: "p1" }, by: by as never, direction: f.highest ? "desc" : "asc", ...(f.nth ? { nth: f.nth } : {}) }];
}

function checkInParts(f: FlatPlan, kb: KnowledgeBase): PlanPartInput[] {
  const film = link(kb, need(f.entity2, "entity2"), ["Movie"]);
  const person = link(kb, need(f.entity1, "entity1"), ["Person"]);
  return [{ id: "p1", kind: "films", where: [{ on: "title", film: film.id }, { on: "person", who: person, ...roleField(f) }] }, nonempty];
}

function checkTogetherParts(f: FlatPlan, kb: KnowledgeBase): PlanPartInput[] {
  const who = (name: string, field: string) => ({ on: "person" as const, who: link(kb, need(name, field), ["Person"]) });
  return [{ id: "p1", kind: "films", where: [who(f.entity1, "entity1"), who(f.entity2, "entity2")] }, nonempty];
}

async function similarParts(f: FlatPlan, kb: KnowledgeBase): Promise<PlanPartInput[]> {
  const seed = link(kb, need(f.entity1, "entity1"), ["Movie"]);
  const constrained = f.kind_of_film || f.year_from || f.year_to;
  const where = constrained ? (await filmWhere({ ...f, entity1: "", entity2: "" }, kb)).filter((c) => c.on !== "series") : [];
  return [{ id: "p1", kind: "similar", seeds: [seed], where }];
}

async function describeParts(f: FlatPlan, kb: KnowledgeBase): Promise<PlanPartInput[]> {
  const concept = (await findConcepts(wordTokens(need(f.kind_of_film, "kind_of_film")), kb)).find((c) => c.strong);
  if (!concept) throw new FlatPlanError(`"${f.kind_of_film}" is no kind of film the knowledge base knows`);
  return [{ id: "p1", kind: "describe", of: kindOf(concept) }];
}

async function beyondParts(f: FlatPlan, question: string, kb: KnowledgeBase): Promise<PlanPartInput[]> {
  if (f.fact === "none") throw new FlatPlanError("beyond needs the fact asked");
  const about = f.entity1 ? lookupParts(f, question, kb) : [];
  return [...about, { id: `p${about.length + 1}`, kind: "beyond", fact: f.fact, said: f.fact, ...(about.length ? { about: { ref: "p1" } } : {}) }];
}

/** The parts each flat kind stands for, answered by the last. */
const BUILDERS: Readonly<Record<FlatKind, Build>> = {
  keep: () => [],
  lookup: lookupParts,
  films: async (f, _q, kb) => [await filmsPart(f, kb)],
  count: (f, _q, kb) => aggregateParts(f, kb, "count"),
  most_common: (f, _q, kb) => aggregateParts(f, kb, "most_common"),
  at_least: (f, _q, kb) => aggregateParts(f, kb, "at_least"),
  order: (f, _q, kb) => orderParts(f, kb),
  compare: (f, _q, kb) => [{ id: "p1", kind: "compare", items: [linkAny(kb, need(f.entity1, "entity1")), linkAny(kb, need(f.entity2, "entity2"))], by: metric(f), pick: f.highest ? "max" : "min", ...roleField(f) }],
  check_compare: (f, _q, kb) => [{ id: "p1", kind: "check", test: { op: "compare", a: linkAny(kb, need(f.entity1, "entity1")), b: linkAny(kb, need(f.entity2, "entity2")), by: metric(f), cmp: f.highest ? "gt" : "lt", ...roleField(f) } }],
  check_in: (f, _q, kb) => checkInParts(f, kb),
  check_together: (f, _q, kb) => checkTogetherParts(f, kb),
  similar: (f, _q, kb) => similarParts(f, kb),
  plot: (_f, question) => [{ id: "p1", kind: "plot", story: question }],
  describe: (f, _q, kb) => describeParts(f, kb),
  beyond: beyondParts,
};

/** The plan a model's flat fields stand for, checked like any plan; the draft when the model kept it. */
export async function planFromFlat(f: FlatPlan, draft: QueryPlan, kb: KnowledgeBase): Promise<QueryPlan> {
  if (f.kind === "keep") return draft;
  const parts = await BUILDERS[f.kind](f, draft.question, kb);
  return QueryPlan.parse({ question: draft.question, parts, answer: [parts[parts.length - 1]!.id], rules: [`model.${f.kind}`] });
}
