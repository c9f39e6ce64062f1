import { z } from "zod";
import { BudgetExceededError, type StructuredRequest } from "../../src/ports/chat-model";
import { analyzeQuestion } from "../../src/question/analyze";
import { TOOL_NAMES, type ToolName } from "../../tools/evidence";
import { TOOLS } from "../../tools/index";
import type { AnyTool } from "../../tools/tool";
import { resolveEntity } from "../../tools/entities";
import { rankAnswers } from "../answering/candidates";
import { answerPrompt, judgePrompt, planPrompt, primePrompt } from "../../prompts/research";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Draft, Judgement, PlannedCall, RankedAnswer } from "../research/types";
import { HeuristicPlanner, describeAnalysis } from "./heuristic";
import type { PlanResult, PrimeResult, StepNote } from "./planner";

const GRAPH_TOOLS: ReadonlySet<ToolName> = new Set(["think_on_graph", "depth_first", "breadth_first", "neighbors", "lookup_entity"]);

const PrimeReply = z.object({
  sub_questions: z.array(z.string()).max(4),
  entities: z.array(z.string()).max(5),
  operation: z.enum(["none", "intersection", "union", "count", "aggregate"]),
  count_at_least: z.number().int().min(0),
  year_from: z.number().int().min(0),
  year_to: z.number().int().min(0),
});
const CallReply = z.object({ tool: z.enum(TOOL_NAMES), args_json: z.string(), why: z.string() });
const PlanReply = z.object({ finish: z.boolean(), rationale: z.string(), calls: z.array(CallReply).max(3) });
const JudgeReply = z.object({
  reasoning: z.string(),
  enough: z.boolean(),
  missing: z.string(),
  follow_ups: z.array(CallReply.extend({ score: z.number().min(0).max(1) })).max(5),
});
const AnswerReply = z.object({ answer: z.string().min(1), answers: z.array(z.string()).max(50), cited_ids: z.array(z.string()).max(30) });

/**
 * Gemini (or any chat model) plans, judges and writes the answer; the heuristic stays underneath:
 * entity linking and exact answer sets come from it, and any model failure (after the adapter's
 * retries), a spent budget or an invalid reply hands that step to the heuristic, and the trace says so.
 * A single-topic question is primed without a model call.
 */
export class LlmPlanner extends HeuristicPlanner {
  override readonly name = "llm";

  private async ask<T>(ctx: RunContext, req: Omit<StructuredRequest<T>, "signal">): Promise<{ value?: T; fallback?: string; truncated?: string }> {
    if (!ctx.model) return { fallback: "no chat model configured" };
    try {
      const r = await ctx.model.structured({ ...req, signal: ctx.signal });
      return { value: r.value };
    } catch (e) {
      ctx.signal.throwIfAborted();
      if (e instanceof BudgetExceededError) return { fallback: `${e.message}; heuristic used`, truncated: e.message };
      if (ctx.deadline.aborted) return { fallback: `deadline reached during ${req.name}; heuristic used`, truncated: `deadline of ${ctx.budget.deadlineMs} ms reached` };
      return { fallback: `${req.name} failed: ${(e as Error).message}; heuristic used` };
    }
  }

  private tools(ctx: RunContext): AnyTool[] {
    return Object.values(TOOLS).filter((t) => !(ctx.ablations.has("graph") && GRAPH_TOOLS.has(t.name)));
  }

  override async prime(state: ResearchStateValue, ctx: RunContext): Promise<PrimeResult> {
    const base = await super.prime(state, ctx);
    const a = base.analysis;
    if (ctx.ablations.has("prime") || (a.topics.length === 1 && a.operators.length === 0)) return { ...base, rationale: `${base.rationale} (single topic: no model call)` };
    const r = await this.ask(ctx, { name: "prime", schema: PrimeReply, ...primePrompt(state.question, a) });
    if (!r.value) return { ...base, fallback: r.fallback, truncated: r.truncated };
    const notes: string[] = [];
    const topics = [...a.topics];
    for (const name of r.value.entities) {
      try {
        const e = resolveEntity(ctx.kb, name);
        if (!topics.some((t) => t.id === e.id)) topics.push({ ...e, text: name, tokenStart: a.tokens.length, tokenEnd: a.tokens.length, confidence: 0.8, alternatives: [] });
      } catch (err) {
        notes.push(`the model named "${name}", which is not in the knowledge base (${(err as Error).message})`);
      }
    }
    const operators = [...a.operators];
    const op = r.value.operation;
    if ((op === "intersection" || op === "union") && !operators.some((o) => o.kind === op) && topics.length >= 2) operators.push({ kind: op, topics: topics.map((t) => t.id) });
    if (op === "count" && !operators.some((o) => o.kind === "count")) operators.push({ kind: "count", ...(r.value.count_at_least > 0 ? { min: r.value.count_at_least } : {}), text: "model" });
    if (op === "aggregate" && !operators.some((o) => o.kind === "aggregate")) operators.push({ kind: "aggregate", text: "model" });
    const constraints = [...a.constraints];
    if (r.value.year_from > 0 && !constraints.some((c) => c.kind === "year")) constraints.push({ kind: "year", from: r.value.year_from, to: r.value.year_to || r.value.year_from, text: `${r.value.year_from}–${r.value.year_to || r.value.year_from}` });
    const analysis = { ...a, topics, operators, constraints };
    const subQuestions = r.value.sub_questions.length ? r.value.sub_questions.map((text, i) => ({ id: topics[i]?.id ?? `q${i + 1}`, text, topic: topics[i]?.id })) : base.subQuestions;
    return { analysis, subQuestions, rationale: describeAnalysis(analysis), notes };
  }

  /** Parses and validates the model's proposed calls against each tool's schema. */
  private calls(ctx: RunContext, replies: z.infer<typeof CallReply>[], notes: string[], scores?: number[]): PlannedCall[] {
    const allowed = new Set(this.tools(ctx).map((t) => t.name));
    const out: PlannedCall[] = [];
    replies.forEach((c, i) => {
      if (!allowed.has(c.tool)) return void notes.push(`the model chose ${c.tool}, which this run does not allow`);
      let args: unknown;
      try {
        args = JSON.parse(c.args_json);
      } catch {
        return void notes.push(`the model's arguments for ${c.tool} are not JSON`);
      }
      const parsed = TOOLS[c.tool].input.safeParse(args);
      if (!parsed.success) return void notes.push(`the model's arguments for ${c.tool} are invalid: ${parsed.error.issues.map((x: { path: PropertyKey[]; message: string }) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
      out.push({ tool: c.tool, args: args as Record<string, unknown>, rationale: c.why, serves: `m${i}`, ...(scores ? { score: scores[i] } : {}) });
    });
    return out;
  }

  override async plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult> {
    // After a judgement, its ranked follow-ups are the plan: no second model call to restate them.
    if (state.round > 0) return super.plan(state, ctx);
    const r = await this.ask(ctx, { name: "plan", schema: PlanReply, ...planPrompt(state.question, state.analysis, state.evidence, state.judgement, this.tools(ctx), ctx.budget.maxSteps - state.round) });
    if (!r.value) return { ...(await super.plan(state, ctx)), fallback: r.fallback, truncated: r.truncated };
    if (r.value.finish) return { calls: [], rationale: r.value.rationale };
    const notes: string[] = [];
    const calls = this.calls(ctx, r.value.calls, notes);
    if (calls.length === 0) return { ...(await super.plan(state, ctx)), fallback: "the model proposed no usable call; heuristic used", notes };
    return { calls, rationale: r.value.rationale, notes };
  }

  override async judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote> {
    const r = await this.ask(ctx, { name: "judge", schema: JudgeReply, ...judgePrompt(state.question, state.analysis, state.evidence, this.tools(ctx)) });
    if (!r.value) return { ...(await super.judge(state, ctx)), fallback: r.fallback, truncated: r.truncated };
    const notes: string[] = [];
    const followUps = this.calls(ctx, r.value.follow_ups, notes, r.value.follow_ups.map((f) => f.score)).sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
    return { enough: r.value.enough, missing: r.value.missing ? [r.value.missing] : [], followUps, rationale: r.value.reasoning, notes };
  }

  override async answer(state: ResearchStateValue, ctx: RunContext): Promise<Draft & StepNote> {
    const analysis = state.analysis ?? analyzeQuestion(state.question, ctx.kb.linker);
    const set = rankAnswers(analysis, state.evidence);
    const r = await this.ask(ctx, { name: "answer", schema: AnswerReply, ...answerPrompt(state.question, state.context, set.answers, set.basis) });
    if (!r.value) return { ...(await super.answer(state, ctx)), fallback: r.fallback, truncated: r.truncated };
    const exact = new Map(set.answers.map((a) => [a.name, a]));
    const answers: RankedAnswer[] = r.value.answers.map((name, i) => ({ name, type: exact.get(name)?.type, score: Math.round((1 / (i + 1)) * 1000) / 1000, evidenceIds: exact.get(name)?.evidenceIds ?? [] }));
    return { text: r.value.answer, answers, citations: r.value.cited_ids, author: "model", rationale: `model answer over ${state.context.length} context items and ${set.answers.length} exact candidates` };
  }
}
