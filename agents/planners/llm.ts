import { z } from "zod";
import { BudgetExceededError, type StructuredRequest } from "../../src/ports/chat-model";
import { analyzeQuestion } from "../../src/question/analyze";
import type { ToolName } from "../../tools/evidence";
import { TOOLS } from "../../tools/index";
import { rankAnswers } from "../answering/candidates";
import { unusableSentence } from "../answering/sentence-check";
import { draftFromAnswers } from "../answering/text";
import { REPLY_LIMITS, answerPrompt, candidateLabels, judgePrompt, menuLine, planPrompt, type MenuEntry } from "../../prompts/research";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Draft, Judgement, RankedAnswer } from "../research/types";
import { alternativeCalls, numberedMenu, type MenuPart } from "./call-menu";
import { HeuristicPlanner } from "./heuristic";
import type { PlanResult, StepNote } from "./planner";

const GRAPH_TOOLS: ReadonlySet<ToolName> = new Set(["think_on_graph", "depth_first", "breadth_first", "neighbors", "lookup_entity", "find_movies"]);
/** Judgements the model makes per question; later rounds are judged by the heuristic, at no model cost. */
const MODEL_JUDGEMENTS = 2;
/**
 * Names the answer's schema offers. With REPLY_LIMITS (names picked, citations, the sentence's length)
 * this keeps a small model's reply, whitespace included, under its 256-token cap.
 */
const ANSWER_CHOICES = 20;
const { choices: CHOICES, why: WHY, missing: MISSING, picked: PICKED, cited: CITED, sentence: SENTENCE } = REPLY_LIMITS;

type Labels = [string, ...string[]];

const planReply = (options: Labels, atLeast: number) => z.object({ choices: z.array(z.enum(options)).min(atLeast).max(CHOICES), why: z.string().max(WHY) });
const judgeReply = (options: Labels) => z.object({ enough: z.boolean(), follow_up: z.enum(options), missing: z.string().max(MISSING) });
const answerReply = (offered: string[], ids: string[]) =>
  z.object({
    ...(offered.length ? { answers: z.array(z.enum(offered as Labels)).min(1).max(Math.min(PICKED, offered.length)) } : {}),
    // The sentence right after the names it picked: a small model then writes about them.
    answer: z.string().min(1).max(SENTENCE),
    ...(ids.length ? { cited: z.array(z.enum(ids as Labels)).max(Math.min(CITED, ids.length)) } : {}),
  });

/**
 * A chat model (Gemini, an OpenAI-compatible server, or a small local GGUF model) plans, judges and
 * writes the answer by choosing: which of a short menu of concrete calls to run (the heuristic's
 * picks first, then the other tools that fit), which one follow-up, which of the exact candidate
 * answers and which evidence ids to cite; it writes only a short answer sentence and two short
 * notes. The heuristic stays underneath: the question stages read, link and split the question (no
 * model call for prime), the candidates are computed exactly, and any model failure, spent budget
 * or unusable reply hands that step to the heuristic, and the trace step's `fallback` says so. A
 * step the model decided carries a "from the model" note. A question costs at most four model
 * calls: the plan, two judgements, the answer.
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

  private allowed(ctx: RunContext): ReadonlySet<ToolName> {
    return new Set((Object.keys(TOOLS) as ToolName[]).filter((t) => !(ctx.ablations.has("graph") && GRAPH_TOOLS.has(t))));
  }

  override async plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult> {
    // After a judgement, the follow-up it chose is the plan: no second model call to restate it.
    if (state.round > 0) return super.plan(state, ctx);
    const heuristic = await super.plan(state, ctx);
    const parts = menuParts(state);
    const usual = new Set(heuristic.calls);
    const menu = numberedMenu([...heuristic.calls, ...parts.flatMap(alternativeCalls)], this.allowed(ctx)).map((e) => (usual.has(e.call) ? { ...e, usual: true } : e));
    if (menu.length === 0) return { ...heuristic, rationale: `${heuristic.rationale} (nothing to choose from: no model call)` };
    const schema = planReply(labels(menu), Math.min(parts.length, CHOICES, menu.length));
    const r = await this.ask(ctx, { name: "plan", schema, ...planPrompt(state.question, state.analysis, state.evidence, state.judgement, menu, ctx.budget.maxSteps - state.round, parts) });
    if (!r.value) return { ...heuristic, fallback: r.fallback, truncated: r.truncated };
    const chosen = [...new Set(r.value.choices)].map((l) => menu.find((e) => e.label === l)!);
    const why = r.value.why.trim();
    return {
      calls: chosen.map((e) => e.call),
      rationale: `the model chose ${chosen.map((e) => e.label).join(", ")} of ${menu.length} options${why ? `: ${why}` : ""}`,
      notes: [`from the model: ${chosen.map((e) => menuLine(e, parts)).join(" | ")}`],
    };
  }

  override async judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote> {
    const check = await super.judge(state, ctx);
    const judged = state.trace.filter((s) => s.node === "judge").length;
    if (judged >= MODEL_JUDGEMENTS) return { ...check, rationale: `heuristic (the model's ${MODEL_JUDGEMENTS} judgements are spent): ${check.rationale}` };
    const parts = menuParts(state);
    // The heuristic's ranked follow-ups first, then the round-one options not run yet.
    const menu = numberedMenu([...check.followUps, ...parts.flatMap(alternativeCalls)], this.allowed(ctx), new Set(state.tried));
    const found = await this.answersSoFar(state, ctx);
    const schema = judgeReply([...labels(menu), "none"] as Labels);
    const r = await this.ask(ctx, { name: "judge", schema, ...judgePrompt(state.question, state.evidence, found, check.rationale, menu, parts) });
    if (!r.value) return { ...check, fallback: r.fallback, truncated: r.truncated };
    const { enough, follow_up, missing } = r.value;
    const next = enough ? undefined : menu.find((e) => e.label === follow_up);
    const said = missing.trim();
    return {
      enough,
      missing: enough ? [] : [said || "the model did not say"],
      followUps: next ? [{ ...next.call, score: 1 }] : [],
      rationale: `the model judged: ${enough ? "enough" : `not enough${said ? ` (${said})` : ""}${next ? `, follow up with ${next.label}` : ", nothing to follow up with"}`}`,
      notes: [`from the model: enough=${enough}, follow_up=${follow_up}${next ? ` (${menuLine(next, parts)})` : ""}`, `automatic check: ${check.rationale}`],
    };
  }

  /** The exact answers of each part so far, in a line: what the judge weighs the evidence against. */
  private async answersSoFar(state: ResearchStateValue, ctx: RunContext): Promise<string> {
    const draft = await super.answer(state, ctx);
    const parts = draft.parts ?? [];
    const names = (a: readonly RankedAnswer[]) => (a.length ? `${a.slice(0, 8).map((x) => x.name).join(", ")}${a.length > 8 ? ` and ${a.length - 8} more` : ""}` : "none");
    if (parts.length > 1) return parts.map((p, i) => `${i + 1}) ${names(p.answers)}`).join(" ");
    return names(draft.answers);
  }

  override async answer(state: ResearchStateValue, ctx: RunContext): Promise<Draft & StepNote> {
    const template = await super.answer(state, ctx);
    // The template's answers are the exact ones (per part, by intent); without them, the entities the evidence reaches.
    const set = template.answers.length ? undefined : rankAnswers(state.analysis ?? analyzeQuestion(state.question, ctx.kb.linker), state.evidence);
    const candidates = uniqueByName(set?.answers ?? template.answers).slice(0, ANSWER_CHOICES);
    const parts = template.parts ?? [];
    const basis = set?.basis ?? "";
    const counts = parts.flatMap((p) => (p.count !== undefined ? [p.count] : []));
    const count = counts.length === 1 ? counts[0] : set?.count;
    const ids = state.context.map((e) => e.id);
    const byPart = set ? [] : parts.map((p) => ({ question: p.question, names: p.answers.slice(0, ANSWER_CHOICES).map((a) => a.name) }));
    const offered = candidateLabels(candidates);
    const schema = answerReply(offered, ids);
    const r = await this.ask(ctx, { name: "answer", schema, ...answerPrompt(state.question, state.context, candidates, basis, count, byPart) });
    if (!r.value) return { ...template, fallback: r.fallback, truncated: r.truncated };
    const reply = r.value as { answers?: string[]; cited?: string[]; answer: string };
    const byLabel = new Map(offered.map((l, i) => [l, candidates[i]!]));
    const picked = [...new Set(reply.answers ?? [])].map((l) => byLabel.get(l)!);
    const answers: RankedAnswer[] = picked.map((c, i) => ({ name: c.name, type: c.type, score: Math.round((1 / (i + 1)) * 1000) / 1000, evidenceIds: c.evidenceIds }));
    const cited = [...new Set(reply.cited ?? [])];
    // A numbered offer the model copied into its sentence ("1. Errol Flynn") is the name itself.
    const sentence = offered.reduce((t, l, i) => t.replaceAll(l, candidates[i]!.name), reply.answer).trim();
    const marks = cited.filter((id) => !sentence.includes(id)).map((id) => `[${id}]`).join("");
    // A sentence that cannot be shown (a loop, numbers, about other names) gives way to one written from
    // the model's own picks; the picks and citations stay the model's, and the trace says so.
    const junk = unusableSentence(sentence, picked.map((c) => c.name));
    const written = junk ? draftFromAnswers(state.analysis, { answers, basis: "the model's picks from the computed answers", paths: [], ...(count !== undefined ? { count } : {}) }, state.evidence).text : undefined;
    const text = written ?? (marks ? `${sentence} ${marks}` : sentence);
    return {
      ...(junk ? { fallback: `answer text unusable (${junk}: ${JSON.stringify(sentence.slice(0, 80))}); written from the model's picks` } : {}),
      text,
      answers,
      citations: cited,
      author: "model",
      // A part keeps its intent and exact count; several parts keep their exact answers beside the model's one text.
      ...(parts.length === 1 ? { parts: [{ ...parts[0]!, answers, text }] } : parts.length > 1 ? { parts } : {}),
      rationale: `the model picked ${answers.length} of ${candidates.length} computed answers and cited ${cited.length} of ${ids.length} evidence items`,
      notes: [`from the model: answers ${picked.length ? picked.map((c) => c.name).join("; ") : "none"}; cited ${cited.join(", ") || "none"}`],
    };
  }
}

function labels(menu: readonly MenuEntry[]): Labels {
  return menu.map((e) => e.label) as Labels;
}

/** The question's parts as read by prime, or the whole question when it was not read in parts. */
function menuParts(state: ResearchStateValue): MenuPart[] {
  const parts = state.understanding?.parts ?? [];
  if (parts.length) return parts.map((p) => ({ id: p.id, text: p.text, analysis: p.analysis, reading: p }));
  return state.analysis ? [{ id: "q", text: state.question, analysis: state.analysis }] : [];
}

function uniqueByName(answers: readonly RankedAnswer[]): RankedAnswer[] {
  const seen = new Set<string>();
  return answers.filter((a) => !seen.has(a.name) && seen.add(a.name));
}
