import { z } from "zod";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { EDGE_SPECS, type Direction, type EdgeType, type NodeType } from "../src/kb/schema";
import type { ChatModel } from "../src/ports/chat-model";
import type { QuestionAnalysis, RelationCue, TopicEntity } from "../src/question/analyze";
import { RELATION_WORDS } from "../src/question/lexicon/relations";
import { linkKey } from "../src/util/text";
import { relationPrompt, judgePrompt, entityPrompt } from "../prompts/think-on-graph";

/**
 * How Think-on-Graph scores relation paths. Three interchangeable scorers:
 * - `lexical`: aligns the path's relations with the question's relation words, nearest to the topic
 *   entity first, the answer phrase last ("who acted in the movies directed by the director of X"
 *   reads X → DIRECTED → DIRECTED → ACTED_IN). No model.
 * - `embedding`: cosine between the question and each relation's description. No model; only as
 *   good as the embedder's grasp of relation words (ToG's own non-LLM baseline).
 * - `llm`: the chat model rates relations and entities and judges sufficiency (flat schemas); any
 *   failure falls back to lexical for that step, and the notes say so.
 */
export type ScorerKind = "lexical" | "embedding" | "llm";

export interface RelStep {
  edge: EdgeType;
  direction: Direction;
}

export interface PathView {
  topic: TopicEntity;
  steps: RelStep[];
  endType: NodeType;
  /** Score of the path it extends (0 for a topic). */
  parentScore: number;
  /** A few entities of its current frontier, for prompts. */
  sample: string[];
  size: number;
}

export interface ScoredEntity {
  id: string;
  type: NodeType;
  support: number;
}

export interface Usage {
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface ScoringSession {
  kind: ScorerKind;
  /** Ranking score of each candidate extension (higher is better). */
  scoreCandidates(candidates: PathView[]): Promise<number[]>;
  /** Pruning score of frontier entities (only asked when a frontier exceeds its cap). */
  scoreEntities(path: PathView, entities: ScoredEntity[]): Promise<number[]>;
  /** Final score (with completeness) and whether the path covers what the question asks. */
  assess(path: PathView, score: number): { final: number; complete: boolean };
  /** Do the best paths suffice? */
  judge(paths: { view: PathView; score: number }[]): Promise<{ enough: boolean; reason: string }>;
  notes: string[];
  usage: Usage;
}

/** Relation prior for steps no word motivates: who is in it, who made it, when, what kind. */
const PRIOR: Record<EdgeType, number> = {
  ACTED_IN: 0.05, DIRECTED: 0.045, WROTE: 0.04, RELEASED_IN: 0.035, HAS_GENRE: 0.03, IN_LANGUAGE: 0.025, HAS_TAG: 0.02, HAS_RATING: 0.01, HAS_VOTES: 0.01,
};

export function otherEndType(step: RelStep): NodeType {
  const spec = EDGE_SPECS[step.edge];
  return step.direction === "out" ? spec.to : spec.from;
}

export function isReturn(prev: RelStep | undefined, step: RelStep): boolean {
  return prev !== undefined && prev.edge === step.edge && prev.direction !== step.direction;
}

export function relationPathLabel(steps: readonly RelStep[]): string {
  return steps.map((s) => `${s.edge}${s.direction === "out" ? ">" : "<"}`).join(",");
}

/** The question's relation words for one topic: answer-phrase words apart, the rest nearest first. */
export interface TopicCues {
  ordered: RelationCue[];
  answerEdge?: EdgeType;
  answerType?: NodeType;
  sharing: boolean;
  /** For a person (or value) topic: the share of its edges by type, the likely role. */
  rolePrior: Map<EdgeType, number>;
}

export function topicCues(q: QuestionAnalysis, topic: TopicEntity, relationCounts: Map<EdgeType, number>): TopicCues {
  const dist = (c: RelationCue) => (c.token < topic.tokenStart ? topic.tokenStart - c.token : c.token - (topic.tokenEnd - 1));
  const ordered = q.cues
    .filter((c) => !c.inAnswerPhrase)
    // One word can name several relations; keep its strongest reading.
    .filter((c, _, all) => !all.some((o) => o.token === c.token && o.weight > c.weight))
    .sort((a, b) => dist(a) - dist(b) || a.token - b.token);
  const total = [...relationCounts.values()].reduce((a, b) => a + b, 0) || 1;
  const rolePrior = new Map([...relationCounts.entries()].map(([e, n]) => [e, n / total]));
  return { ordered, answerEdge: q.answer.edge, answerType: q.answer.type, sharing: q.sharing, rolePrior };
}

/**
 * Aligns a relation path with the question's words. Returns the running score (for beam ranking),
 * the final score (minus what is left unexplained) and whether the path is complete.
 */
export function alignPath(cues: TopicCues, topicType: NodeType, steps: readonly RelStep[]): { partial: number; final: number; complete: boolean } {
  const { ordered } = cues;
  const used = new Set<number>();
  let next = 0;
  let score = 0;
  let answerAtEnd = false;
  const endType = steps.length ? otherEndType(steps[steps.length - 1]!) : topicType;
  const strongLeft = (from: number) => ordered.some((c, idx) => idx >= from && !used.has(idx) && c.weight >= 1);
  steps.forEach((s, k) => {
    const last = k === steps.length - 1;
    while (next < ordered.length && used.has(next)) next++;
    if (next < ordered.length && ordered[next]!.edge === s.edge) {
      score += ordered[next]!.weight;
      used.add(next);
      next++;
      return;
    }
    if (last && cues.answerEdge === s.edge && !strongLeft(next)) {
      score += 1;
      answerAtEnd = true;
      return;
    }
    // The role of a person topic may be named anywhere ("the movies acted by X", "X directed ...").
    const anywhere = ordered.findIndex((c, idx) => idx > next && !used.has(idx) && c.edge === s.edge);
    if (k === 0 && topicType !== "Movie" && otherEndType(s) === "Movie") {
      if (anywhere >= 0) {
        score += ordered[anywhere]!.weight;
        used.add(anywhere);
      } else if (cues.sharing && cues.answerEdge === s.edge) {
        score += 0.6; // "co-wrote with X", "directed films together with X": X in the same role
      } else score += 0.3 * (cues.rolePrior.get(s.edge) ?? 0) + PRIOR[s.edge];
      return;
    }
    // A word out of distance order still counts, a little less: order only breaks ties.
    if (anywhere >= 0) {
      score += 0.7 * ordered[anywhere]!.weight;
      used.add(anywhere);
      return;
    }
    if (isReturn(steps[k - 1], s)) {
      score += cues.sharing ? 0.5 : 0.4;
      return;
    }
    if (cues.answerEdge === s.edge) {
      score += 0.2;
      return;
    }
    score += -0.6 + PRIOR[s.edge];
  });
  let penalty = 0;
  ordered.forEach((c, idx) => {
    if (!used.has(idx)) penalty += c.weight >= 1 ? 0.5 : 0.2 * c.weight;
  });
  const lastStep = steps[steps.length - 1];
  const answerOk = !cues.answerEdge || answerAtEnd || lastStep?.edge === cues.answerEdge;
  if (!answerOk) penalty += 0.5;
  const typeOk = !cues.answerType || endType === cues.answerType;
  if (!typeOk) penalty += 0.7;
  const complete = steps.length > 0 && !ordered.some((c, idx) => !used.has(idx) && c.weight >= 1) && answerOk && typeOk;
  return { partial: score, final: score - penalty, complete };
}

export interface SessionInput {
  kb: KnowledgeBase;
  analysis: QuestionAnalysis;
  /** Per topic id: its relation counts by edge type (for the role prior). */
  relationCounts: Map<string, Map<EdgeType, number>>;
  model?: ChatModel;
  signal?: AbortSignal;
}

export function lexicalSession(input: SessionInput): ScoringSession {
  const cuesByTopic = new Map<string, TopicCues>();
  const cuesFor = (t: TopicEntity) => {
    let c = cuesByTopic.get(t.id);
    if (!c) {
      c = topicCues(input.analysis, t, input.relationCounts.get(t.id) ?? new Map());
      cuesByTopic.set(t.id, c);
    }
    return c;
  };
  const questionWords = new Set(input.analysis.tokens.map((t) => t.folded));
  const years = input.analysis.constraints.filter((c) => c.kind === "year");
  return {
    kind: "lexical",
    notes: [],
    usage: { llmCalls: 0, inputTokens: 0, outputTokens: 0 },
    async scoreCandidates(cands) {
      return cands.map((c) => alignPath(cuesFor(c.topic), c.topic.type, c.steps).partial);
    },
    async scoreEntities(_path, entities) {
      return entities.map((e) => {
        let s = Math.log1p(e.support);
        const words = linkKey(e.id).split(" ");
        if (words.length && words.every((w) => questionWords.has(w))) s += 5;
        if (e.type === "Year" && years.some((y) => y.kind === "year" && Number(e.id) >= y.from && Number(e.id) <= y.to)) s += 5;
        return s;
      });
    },
    assess(path) {
      const a = alignPath(cuesFor(path.topic), path.topic.type, path.steps);
      return { final: a.final, complete: a.complete };
    },
    async judge(paths) {
      const best = [...paths].sort((a, b) => this.assess(b.view, b.score).final - this.assess(a.view, a.score).final)[0];
      if (!best) return { enough: false, reason: "no path yet" };
      const a = this.assess(best.view, best.score);
      return a.complete
        ? { enough: true, reason: `path ${relationPathLabel(best.view.steps)} covers every relation word and ends at ${best.view.endType}` }
        : { enough: false, reason: `best path ${relationPathLabel(best.view.steps)} leaves relation words or the answer type unmatched` };
    },
  };
}

/** Text that describes a relation step, for the embedding scorer. */
function relationDescription(step: RelStep): string {
  const spec = EDGE_SPECS[step.edge];
  const words = Object.keys(RELATION_WORDS[step.edge]).join(" ");
  return `${step.direction === "out" ? spec.forwardLabel : spec.backwardLabel} ${words}`;
}

export async function embeddingSession(input: SessionInput): Promise<ScoringSession> {
  const { kb, analysis } = input;
  const [qv] = await kb.embedder.embed([analysis.question], { kind: "query", signal: input.signal });
  const cache = new Map<string, Float32Array>();
  const vec = async (text: string) => {
    let v = cache.get(text);
    if (!v) {
      [v] = (await kb.embedder.embed([text], { kind: "document", signal: input.signal })) as [Float32Array];
      cache.set(text, v);
    }
    return v;
  };
  const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  const notes: string[] = [];
  if (qv!.every((x) => x === 0)) notes.push("embedding scorer: the embedder knows no word of the question; relations are ranked by prior only");
  return {
    kind: "embedding",
    notes,
    usage: { llmCalls: 0, inputTokens: 0, outputTokens: 0 },
    async scoreCandidates(cands) {
      const out: number[] = [];
      for (const c of cands) {
        const step = c.steps[c.steps.length - 1]!;
        out.push(c.parentScore + cos(qv!, await vec(relationDescription(step))) + PRIOR[step.edge]);
      }
      return out;
    },
    async scoreEntities(_path, entities) {
      const vs = await kb.embedder.embed(entities.map((e) => e.id), { kind: "document", signal: input.signal });
      return entities.map((e, i) => cos(qv!, vs[i]!) + 0.01 * Math.log1p(e.support));
    },
    assess(path, score) {
      const typeOk = !analysis.answer.type || path.endType === analysis.answer.type;
      return { final: score - (typeOk ? 0 : 0.5), complete: typeOk };
    },
    async judge(paths) {
      const best = [...paths].sort((a, b) => b.score - a.score)[0];
      if (!best) return { enough: false, reason: "no path yet" };
      const ok = analysis.answer.type !== undefined && best.view.endType === analysis.answer.type;
      return { enough: ok, reason: ok ? `best path reaches the asked type ${best.view.endType}` : "the asked answer type is not reached yet" };
    },
  };
}

const RelationScores = z.object({
  scores: z.array(z.object({ id: z.string(), score: z.number().min(0).max(1) })),
});
const EntityScores = RelationScores;
const Sufficiency = z.object({ reasoning: z.string(), enough: z.boolean() });

/** The chat model scores relations and entities and judges; each failure falls back to lexical. */
export function llmSession(input: SessionInput): ScoringSession {
  const lexical = lexicalSession(input);
  const model = input.model;
  const usage: Usage = { llmCalls: 0, inputTokens: 0, outputTokens: 0 };
  const notes: string[] = [];
  const call = async <T>(name: string, schema: z.ZodType<T>, p: { system: string; prompt: string }): Promise<T | undefined> => {
    if (!model) {
      if (!notes.includes("llm scorer: no chat model configured; lexical scoring used")) notes.push("llm scorer: no chat model configured; lexical scoring used");
      return undefined;
    }
    try {
      const r = await model.structured({ name, schema, system: p.system, prompt: p.prompt, signal: input.signal });
      usage.llmCalls += r.cached ? 0 : 1;
      usage.inputTokens += r.usage.inputTokens;
      usage.outputTokens += r.usage.outputTokens;
      return r.value;
    } catch (e) {
      if (input.signal?.aborted) throw e;
      usage.llmCalls += 1;
      notes.push(`llm scorer: ${name} failed (${(e as Error).message}); lexical scoring used for this step`);
      return undefined;
    }
  };
  return {
    kind: "llm",
    notes,
    usage,
    async scoreCandidates(cands) {
      const ids = cands.map((_, i) => `r${i + 1}`);
      const reply = await call("tog_relations", RelationScores, relationPrompt(input.analysis.question, cands.map((c, i) => ({ id: ids[i]!, path: c }))));
      if (!reply) return lexical.scoreCandidates(cands);
      const byId = new Map(reply.scores.map((s) => [s.id, s.score]));
      const fallback = await lexical.scoreCandidates(cands);
      return cands.map((c, i) => (byId.has(ids[i]!) ? c.parentScore + byId.get(ids[i]!)! : fallback[i]! / 3));
    },
    async scoreEntities(path, entities) {
      const shown = entities.slice(0, 60);
      const reply = await call("tog_entities", EntityScores, entityPrompt(input.analysis.question, path, shown.map((e, i) => ({ id: `e${i + 1}`, name: e.id }))));
      if (!reply) return lexical.scoreEntities(path, entities);
      const byId = new Map(reply.scores.map((s) => [s.id, s.score]));
      return entities.map((e, i) => (i < shown.length ? (byId.get(`e${i + 1}`) ?? 0) : 0) + 0.001 * Math.log1p(e.support));
    },
    assess(path, score) {
      const typeOk = !input.analysis.answer.type || path.endType === input.analysis.answer.type;
      return { final: score, complete: typeOk };
    },
    async judge(paths) {
      const reply = await call("tog_judge", Sufficiency, judgePrompt(input.analysis.question, paths.map((p) => p.view)));
      if (!reply) return lexical.judge(paths);
      return { enough: reply.enough, reason: reply.reasoning.slice(0, 300) };
    },
  };
}

export async function createSession(kind: ScorerKind, input: SessionInput): Promise<ScoringSession> {
  if (kind === "lexical") return lexicalSession(input);
  if (kind === "embedding") return embeddingSession(input);
  return llmSession(input);
}
