import { z } from "zod";
import { EDGE_TYPES, EDGE_TYPE_INDEX, type EdgeType, type NodeType } from "../src/kb/schema";
import { analyzeQuestion, type TopicEntity } from "../src/question/analyze";
import { makeEvidence, tripleFrom, tripleText, pathText, type Evidence, type Triple } from "./evidence";
import { resolveEntity, topicFromName } from "./entities";
import { createSession, otherEndType, relationPathLabel, type PathView, type RelStep, type ScoringSession } from "./path-scoring";
import { defineTool, type ToolContext, type ToolOutput } from "./tool";

export const ThinkOnGraphInput = z
  .object({
    question: z.string().trim().min(1, "question must not be empty").max(2000),
    /** Topic entities; when absent they are linked from the question. */
    entities: z.array(z.string().trim().min(1).max(300)).min(1).max(5).optional(),
    width: z.number().int().min(1).max(5).default(3),
    depth: z.number().int().min(1).max(4).default(3),
    scorer: z.enum(["lexical", "embedding", "llm"]).default("lexical"),
    /** The first hop every path takes from its topic ("the films X directed"), when the question says whose role it means. */
    start: z.object({ edge: z.enum(EDGE_TYPES), direction: z.enum(["out", "in"]) }).strict().optional(),
    /** Frontier cap per path; larger frontiers are pruned by the scorer's entity scores. */
    maxEntitiesPerPath: z.number().int().min(1).max(5000).default(300),
    /** Constraints on every film a path passes through (after the topic): a year range, and entities each film must be linked to. */
    filters: z
      .object({
        years: z.object({ from: z.number().int().min(0).max(9999), to: z.number().int().min(0).max(9999) }).strict().optional(),
        linkedTo: z.array(z.string().trim().min(1).max(300)).min(1).max(5).optional(),
        /** Entities no kept film may be linked to ("not comedies", "that X did not star in"). */
        notLinkedTo: z.array(z.string().trim().min(1).max(300)).min(1).max(5).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ThinkOnGraphArgs = z.input<typeof ThinkOnGraphInput>;

interface Entry {
  id: string;
  /** Index of the entry it was reached from in the previous layer (-1 for a topic). */
  pred: number;
  /** Number of distinct chains from the topic that reach it. */
  support: number;
}

interface BeamPath {
  topic: TopicEntity;
  steps: RelStep[];
  layers: Entry[][];
  score: number;
  endType: NodeType;
}

const view = (p: BeamPath, parentScore = p.score): PathView => ({
  topic: p.topic,
  steps: p.steps,
  endType: p.endType,
  parentScore,
  sample: p.layers[p.layers.length - 1]!.slice(0, 3).map((e) => e.id),
  size: p.layers[p.layers.length - 1]!.length,
});

/**
 * Think-on-Graph as a beam search over relation paths: from each topic entity, score the relations
 * its frontier has (both directions), follow the best, prune entities per path, keep the best W
 * paths, and stop at depth D or when the scorer's judge says the paths suffice. A path keeps its
 * whole frontier (up to a cap), so multi-answer questions keep every answer, each with its chain.
 */
export const thinkOnGraph = defineTool({
  name: "think_on_graph",
  description:
    "Beam search over relation paths from the question's topic entities (Think-on-Graph): follows the relations that best match the question for up to `depth` hops, keeping the best `width` paths. Best for multi-hop questions about named films or people. Returns triple chains to the entities each path reaches.",
  input: ThinkOnGraphInput,
  async run(input, ctx): Promise<ToolOutput> {
    const { kb } = ctx;
    const notes: string[] = [];
    const analysis = analyzeQuestion(input.question, kb.linker);
    const topics = input.entities ? input.entities.map((name) => topicFromName(kb, analysis, name)) : analysis.topics;
    if (topics.length === 0) return { evidence: [], notes: ["think_on_graph: no entity in the question could be linked to the knowledge base; name one explicitly in `entities`"] };
    const relationCounts = new Map<string, Map<EdgeType, number>>();
    for (const t of topics) {
      const m = new Map<EdgeType, number>();
      for (const r of await kb.graph.relations(t.id)) m.set(r.edge, (m.get(r.edge) ?? 0) + r.count);
      relationCounts.set(t.id, m);
    }
    const session = await createSession(input.scorer, { kb, analysis, relationCounts, model: ctx.model, signal: ctx.signal });
    const topicIds = new Set(topics.map((t) => t.id));

    const filters = input.filters ? await resolveFilters(input.filters, ctx) : undefined;
    const constraintFacts = new Map<string, Triple[]>();
    let beam: BeamPath[] = topics.map((t) => ({ topic: t, steps: [], layers: [[{ id: t.id, pred: -1, support: 1 }]], score: 0, endType: t.type }));
    const history: BeamPath[] = [];
    let stop = `depth limit ${input.depth} reached`;
    for (let d = 1; d <= input.depth; d++) {
      ctx.signal?.throwIfAborted();
      const candidates = (await extensions(beam, ctx)).filter((c) => !input.start || c.path.steps.length > 0 || (c.step.edge === input.start.edge && c.step.direction === input.start.direction));
      if (candidates.length === 0) {
        stop = `no relation leads further at depth ${d}`;
        break;
      }
      const scores = await session.scoreCandidates(candidates.map((c) => ({ ...view(c.path, c.path.score), steps: [...c.path.steps, c.step], endType: otherEndType(c.step) })));
      const order = candidates.map((c, i) => ({ c, s: scores[i]! })).sort((a, b) => b.s - a.s || stepOrder(a.c.step) - stepOrder(b.c.step));
      const next: BeamPath[] = [];
      for (const { c, s } of order) {
        if (next.length >= input.width) break;
        const expanded = await expand(c.path, c.step, s, topicIds, input.maxEntitiesPerPath, session, ctx, notes, filters, constraintFacts);
        if (expanded) next.push(expanded);
      }
      if (next.length === 0) {
        stop = `no scored relation reached new entities at depth ${d}`;
        break;
      }
      beam = next;
      history.push(...beam);
      const verdict = await session.judge(beam.map((p) => ({ view: view(p), score: p.score })));
      if (verdict.enough) {
        stop = `judge: enough at depth ${d} (${verdict.reason})`;
        break;
      }
    }
    notes.push(`think_on_graph (${session.kind}): ${stop}`);
    notes.push(...session.notes);

    // The final paths: the best W seen at any depth, complete ones first.
    const ranked = history
      .map((p) => ({ p, a: session.assess(view(p), p.score) }))
      .sort((x, y) => Number(y.a.complete) - Number(x.a.complete) || y.a.final - x.a.final || x.p.steps.length - y.p.steps.length)
      .filter((x, i, all) => all.findIndex((o) => o.p === x.p) === i)
      .slice(0, input.width);
    const evidence: Evidence[] = [];
    ranked.forEach(({ p, a }, rank) => {
      const last = p.layers[p.layers.length - 1]!;
      const order = last.map((e, i) => ({ e, i })).sort((x, y) => y.e.support - x.e.support || x.i - y.i);
      for (const { e, i } of order) {
        const chain = chainTo(p, p.layers.length - 1, i);
        evidence.push(
          makeEvidence({
            kind: "path",
            text: pathText(chain),
            nodeIds: [...new Set(chain.flatMap((t) => [t.subject, t.object]))],
            focus: e.id,
            focusType: p.endType,
            path: chain,
            score: round(a.final + 0.05 * Math.log1p(e.support) - 0.01 * rank),
            tool: "think_on_graph",
            step: ctx.step,
            meta: { relationPath: relationPathLabel(p.steps), pathRank: rank + 1, support: e.support, hops: p.steps.length, complete: a.complete, topic: p.topic.id },
            scope: a.complete ? "complete" : "partial",
          }),
        );
      }
    });
    // The facts that show each kept film meets the filters, as their own evidence.
    const onPaths = new Set(evidence.flatMap((e) => e.nodeIds));
    for (const [film, proof] of constraintFacts) {
      if (!onPaths.has(film)) continue;
      for (const t of proof) evidence.push(makeEvidence({ kind: "triple", text: tripleText(t), nodeIds: [t.subject, t.object], focus: film, focusType: "Movie", path: [t], score: 0.5, tool: "think_on_graph", step: ctx.step, meta: { role: "constraint" } }));
    }
    if (evidence.length === 0) notes.push(`think_on_graph: the kept paths reached no entity${filters ? ` that meets ${filters.label}` : ""}`);
    return { evidence, notes, usage: session.usage };
  },
});

function stepOrder(s: RelStep): number {
  return EDGE_TYPE_INDEX[s.edge] * 2 + (s.direction === "out" ? 0 : 1);
}

async function extensions(beam: BeamPath[], ctx: ToolContext): Promise<{ path: BeamPath; step: RelStep }[]> {
  const out: { path: BeamPath; step: RelStep }[] = [];
  for (const path of beam) {
    const frontier = path.layers[path.layers.length - 1]!.map((e) => e.id);
    const rels = await ctx.kb.graph.relationsMany(frontier);
    const seen = new Set<string>();
    for (const list of rels.values()) for (const r of list) seen.add(`${r.edge}|${r.direction}`);
    const steps = [...seen].map((k) => {
      const [edge, direction] = k.split("|") as [EdgeType, "out" | "in"];
      return { edge, direction };
    });
    steps.sort((a, b) => stepOrder(a) - stepOrder(b));
    for (const step of steps) out.push({ path, step });
  }
  return out;
}

interface Filters {
  years?: { from: number; to: number };
  linkedTo: string[];
  notLinkedTo: string[];
  label: string;
}

async function resolveFilters(f: NonNullable<ThinkOnGraphArgs["filters"]>, ctx: ToolContext): Promise<Filters> {
  const linkedTo = (f.linkedTo ?? []).map((name) => resolveEntity(ctx.kb, name).id);
  const notLinkedTo = (f.notLinkedTo ?? []).map((name) => resolveEntity(ctx.kb, name).id);
  const parts = [f.years ? `years ${f.years.from}–${f.years.to}` : "", ...linkedTo.map((l) => `linked to ${l}`), ...notLinkedTo.map((l) => `not linked to ${l}`)].filter(Boolean);
  return { years: f.years, linkedTo, notLinkedTo, label: parts.join(", ") };
}

/** The films of a frontier that meet the filters, with the facts that show it. */
async function applyFilters(ids: string[], f: Filters, ctx: ToolContext, facts: Map<string, Triple[]>): Promise<Set<string>> {
  const nbs = await ctx.kb.graph.neighborsMany(ids);
  const keep = new Set<string>();
  for (const id of ids) {
    const list = nbs.get(id) ?? [];
    const proof: Triple[] = [];
    let ok = true;
    if (f.years) {
      const year = list.find((nb) => nb.edge === "RELEASED_IN" && Number(nb.id) >= f.years!.from && Number(nb.id) <= f.years!.to);
      if (year) proof.push(tripleFrom(id, year.edge, year.direction, year.id));
      else ok = false;
    }
    for (const target of f.linkedTo) {
      const link = list.find((nb) => nb.id === target);
      if (link) proof.push(tripleFrom(id, link.edge, link.direction, link.id));
      else ok = false;
    }
    if (f.notLinkedTo.some((target) => list.some((nb) => nb.id === target))) ok = false;
    if (ok) {
      keep.add(id);
      facts.set(id, proof);
    }
  }
  return keep;
}

async function expand(
  path: BeamPath,
  step: RelStep,
  score: number,
  topics: Set<string>,
  cap: number,
  session: ScoringSession,
  ctx: ToolContext,
  notes: string[],
  filters: Filters | undefined,
  constraintFacts: Map<string, Triple[]>,
): Promise<BeamPath | undefined> {
  const layer = path.layers[path.layers.length - 1]!;
  const map = await ctx.kb.graph.neighborsMany(
    layer.map((e) => e.id),
    { edges: [step.edge], direction: step.direction },
  );
  const index = new Map<string, number>();
  const next: Entry[] = [];
  layer.forEach((from, j) => {
    for (const nb of map.get(from.id) ?? []) {
      // Going back to a topic says nothing new. Other revisits stay: the director of X's films who
      // also wrote them is a writer of those films.
      if (topics.has(nb.id)) continue;
      const at = index.get(nb.id);
      if (at === undefined) {
        index.set(nb.id, next.length);
        next.push({ id: nb.id, pred: j, support: from.support });
      } else {
        next[at]!.support += from.support;
      }
    }
  });
  const endType = otherEndType(step);
  let candidates = next;
  if (filters && endType === "Movie" && next.length > 0) {
    const pass = await applyFilters(next.map((e) => e.id), filters, ctx, constraintFacts);
    candidates = next.filter((e) => pass.has(e.id));
    if (candidates.length < next.length) notes.push(`think_on_graph: ${relationPathLabel([...path.steps, step])} from ${path.topic.name}: ${candidates.length} of ${next.length} films meet ${filters.label}`);
  }
  if (candidates.length === 0) return undefined;
  let kept = candidates;
  if (candidates.length > cap) {
    const scores = await session.scoreEntities(view(path), candidates.map((e) => ({ id: e.id, type: endType, support: e.support })));
    kept = candidates
      .map((e, i) => ({ e, s: scores[i]!, i }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, cap)
      .sort((a, b) => a.i - b.i)
      .map((x) => x.e);
    notes.push(`think_on_graph: ${relationPathLabel([...path.steps, step])} from ${path.topic.name} reached ${candidates.length} entities; kept the best ${cap}`);
  }
  return { topic: path.topic, steps: [...path.steps, step], layers: [...path.layers, kept], score, endType };
}

function chainTo(p: BeamPath, layerIndex: number, entryIndex: number): Triple[] {
  const chain: Triple[] = [];
  let li = layerIndex;
  let ei = entryIndex;
  while (li > 0) {
    const e = p.layers[li]![ei]!;
    const from = p.layers[li - 1]![e.pred]!;
    const step = p.steps[li - 1]!;
    chain.unshift(tripleFrom(from.id, step.edge, step.direction, e.id));
    ei = e.pred;
    li--;
  }
  return chain;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

