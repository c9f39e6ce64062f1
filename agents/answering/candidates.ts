import { EDGE_SPECS, type EdgeType, type NodeType } from "../../src/kb/schema";
import type { QuestionAnalysis } from "../../src/question/analyze";
import type { Evidence, Triple } from "../../tools/evidence";
import type { RankedAnswer } from "../research/types";
import { hopsOfLabel, pathPhrase, TYPE_NOUN } from "./render/words";

export interface AnswerSet {
  answers: RankedAnswer[];
  /** How the set was computed, for the trace and the answer text. */
  basis: string;
  /** The relation path the answers come from, per topic, when they come from graph paths. */
  paths: { topic: string; relationPath: string; complete: boolean }[];
  /** "how many" questions: the size of the set. */
  count?: number;
  /** A threshold no candidate met: the most any reached, and who (so the answer can say how close it came). */
  nearest?: { support: number; names: string[] };
}

interface Candidate {
  score: number;
  support: number;
  type?: NodeType;
  evidenceIds: string[];
}

/**
 * Ranked answer entities computed from the evidence, exactly: the endpoints of the best graph path
 * per topic (ranked by how many chains reach them), combined by the question's set operation
 * (intersection, union), filtered by its count ("more than once"), ranked by frequency for "most
 * common". Without graph paths, entities of the asked type are read off the other evidence.
 * The topic entities are never their own answer.
 */
export function rankAnswers(analysis: QuestionAnalysis | undefined, evidence: readonly Evidence[]): AnswerSet {
  const perTopic = bestPathGroups(evidence);
  const paths = [...perTopic.entries()].map(([topic, g]) => ({ topic, relationPath: g.relationPath, complete: g.complete }));
  const merged = perTopic.size > 0 ? mergePaths(analysis, perTopic) : mergeOffEvidence(analysis, evidence);
  for (const t of analysis?.topics ?? []) merged.candidates.delete(t.id);
  const count = analysis?.operators.find((o): o is Extract<typeof o, { kind: "count" }> => o.kind === "count");
  const nearest = count?.min !== undefined ? applyThreshold(merged, count.min) : undefined;
  if (analysis?.operators.some((o) => o.kind === "aggregate")) merged.basis += ", most often first";
  const answers: RankedAnswer[] = [...merged.candidates.entries()]
    .map(([name, c]) => ({ name, type: c.type, score: Math.round(c.score * 1000) / 1000, evidenceIds: c.evidenceIds }))
    .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const counted = count !== undefined && count.min === undefined;
  return { answers, basis: merged.basis, paths, count: counted ? answers.length : undefined, ...(nearest ? { nearest } : {}) };
}

interface Merged {
  candidates: Map<string, Candidate>;
  basis: string;
}

/** Several topics joined by the question's set operation, or the best-scoring path group of one. */
function mergePaths(analysis: QuestionAnalysis | undefined, perTopic: Map<string, PathGroup>): Merged {
  const groups = [...perTopic.entries()];
  const operator = analysis?.operators.find((o) => o.kind === "intersection" || o.kind === "union");
  if (operator && groups.length >= 2) {
    const both = operator.kind === "intersection";
    const sets = groups.map(([, g]) => g.candidates);
    const phrases = groups.map(([t, g]) => pathPhrase(hopsOfLabel(g.relationPath), t));
    return { candidates: both ? intersect(sets) : union(sets), basis: both ? `what ${phrases.join(" and ")} have in common` : `anything ${phrases.join(" or ")} reach` };
  }
  const [topic, g] = groups.sort((a, b) => byCompleteThenRank(a[1], b[1]))[0]!;
  return { candidates: g.candidates, basis: pathPhrase(hopsOfLabel(g.relationPath), topic) };
}

function mergeOffEvidence(analysis: QuestionAnalysis | undefined, evidence: readonly Evidence[]): Merged {
  const type = analysis?.answer.type;
  return { candidates: readOffEvidence(evidence, type, analysis?.answer.edge), basis: type ? `the ${TYPE_NOUN[type]} the evidence names` : "what the evidence names" };
}

/** Keeps the candidates reached at least `min` times; when none is, says the most any reached and by whom. */
function applyThreshold(merged: Merged, min: number): AnswerSet["nearest"] {
  const all = [...merged.candidates.entries()];
  const best = Math.max(0, ...all.map(([, c]) => c.support));
  for (const [id, c] of all) if (c.support < min) merged.candidates.delete(id);
  merged.basis += `, those reached at least ${min} times`;
  if (best <= 0 || best >= min) return undefined;
  return { support: best, names: all.filter(([, c]) => c.support === best).map(([id]) => id).sort().slice(0, 5) };
}

const byCompleteThenRank = (a: PathGroup, b: PathGroup) => Number(b.complete) - Number(a.complete) || a.rank - b.rank || b.score - a.score;

interface PathGroup {
  relationPath: string;
  complete: boolean;
  rank: number;
  score: number;
  candidates: Map<string, Candidate>;
}

/** Per topic, the Think-on-Graph path group to answer from: complete first, then best ranked. */
function bestPathGroups(evidence: readonly Evidence[]): Map<string, PathGroup> {
  const groups = new Map<string, Map<string, PathGroup>>();
  for (const e of evidence) {
    const topic = e.meta?.topic;
    const relationPath = e.meta?.relationPath;
    if (typeof topic !== "string" || typeof relationPath !== "string" || e.kind !== "path") continue;
    const byPath = groups.get(topic) ?? new Map<string, PathGroup>();
    groups.set(topic, byPath);
    const g = byPath.get(relationPath) ?? { relationPath, complete: e.meta?.complete === true, rank: Number(e.meta?.pathRank ?? 99), score: e.score, candidates: new Map() };
    byPath.set(relationPath, g);
    g.rank = Math.min(g.rank, Number(e.meta?.pathRank ?? 99));
    g.score = Math.max(g.score, e.score);
    const support = Number(e.meta?.support ?? 1);
    const c = g.candidates.get(e.focus) ?? { score: 0, support: 0, type: e.focusType, evidenceIds: [] };
    c.support = Math.max(c.support, support);
    c.score = c.support;
    c.evidenceIds.push(e.id);
    g.candidates.set(e.focus, c);
  }
  const out = new Map<string, PathGroup>();
  for (const [topic, byPath] of groups) {
    const best = [...byPath.values()].sort(byCompleteThenRank)[0];
    if (best) out.set(topic, best);
  }
  return out;
}

function intersect(sets: Map<string, Candidate>[]): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  for (const [id, c] of sets[0]!) {
    if (!sets.every((s) => s.has(id))) continue;
    const all = sets.map((s) => s.get(id)!);
    out.set(id, { score: all.reduce((a, x) => a + x.score, 0), support: Math.min(...all.map((x) => x.support)), type: c.type, evidenceIds: all.flatMap((x) => x.evidenceIds) });
  }
  return out;
}

function union(sets: Map<string, Candidate>[]): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  for (const s of sets) {
    for (const [id, c] of s) {
      const prev = out.get(id);
      out.set(id, prev ? { score: prev.score + c.score, support: prev.support + c.support, type: c.type, evidenceIds: [...prev.evidenceIds, ...c.evidenceIds] } : { ...c, evidenceIds: [...c.evidenceIds] });
    }
  }
  return out;
}

/**
 * The end of a triple that has the asked type, on the asked edge when one is named. With only an
 * edge, the end that is not the film ("who directed X" reads the person, "when" reads the year).
 */
function answerEnd(t: Triple, type: NodeType | undefined, edge: EdgeType | undefined): { id: string; type: NodeType } | undefined {
  if (edge && t.edge !== edge) return undefined;
  const spec = EDGE_SPECS[t.edge];
  if (!type) {
    if (!edge) return undefined;
    return spec.from === "Movie" ? { id: t.object, type: spec.to } : { id: t.subject, type: spec.from };
  }
  if (spec.to === type) return { id: t.object, type };
  if (spec.from === type) return { id: t.subject, type };
  return undefined;
}

/** Entities of the asked type read off passages, triples and nodes, weighted by their evidence's score. */
function readOffEvidence(evidence: readonly Evidence[], type: NodeType | undefined, edge: EdgeType | undefined): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  const add = (id: string, t: NodeType | undefined, score: number, evId: string) => {
    const c = out.get(id) ?? { score: 0, support: 0, type: t, evidenceIds: [] };
    c.score += score;
    c.support += 1;
    if (!c.evidenceIds.includes(evId)) c.evidenceIds.push(evId);
    out.set(id, c);
  };
  for (const e of evidence) {
    if (e.meta?.role === "seed" || e.meta?.role === "constraint") continue;
    if ((e.kind === "passage" || e.kind === "triple") && e.path) {
      for (const t of e.path) {
        const end = answerEnd(t, type, edge);
        if (end) add(end.id, end.type, e.score, e.id);
      }
    } else if (e.kind === "node" || e.kind === "path") {
      if (!type || e.focusType === type) add(e.focus, e.focusType, e.score, e.id);
    }
  }
  return out;
}
