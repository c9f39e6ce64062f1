import { z } from "zod";
import { BudgetExceededError } from "../../src/ports/chat-model";
import { answerWriterPrompt } from "../../prompts/answer-writer";
import type { Evidence } from "../../tools/evidence";
import type { StepNote } from "../planners/planner";
import type { RunContext } from "../research/context";
import type { Draft } from "../research/types";

/** Sources shown to the writer: the rules' citations, in their order (the text can cite [1]..[n]). */
export const WRITER_SOURCES = 12;

export const Written = z.object({ text: z.string().trim().min(1).max(1500) }).strict();

/**
 * The answer's text written by the chat model from the organized evidence: the rules' draft (its
 * ranked answers, parts and citations stay as they are) and the sources it cites. Temperature 0 is the
 * adapters' default for structured replies. A draft citing nothing is kept (there is nothing to write
 * from); a failed call keeps the rules' text and the trace says why. Claims are checked in `validate`.
 */
export async function modelWrite(question: string, evidence: readonly Evidence[], draft: Draft & StepNote, ctx: RunContext): Promise<Draft & StepNote> {
  if (!ctx.model) return draft;
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const citations = draft.citations.slice(0, WRITER_SOURCES);
  if (!citations.length) return { ...draft, rationale: `${draft.rationale}; nothing cited to write from: the rules' text kept (no model call)` };
  const sources = citations.map((id) => byId.get(id)?.text ?? id);
  try {
    const { value } = await ctx.model.structured({ name: "answer", schema: Written, ...answerWriterPrompt({ question, findings: draft.text, sources, yesNo: (draft.parts ?? []).some((p) => p.verdict !== undefined) }), signal: ctx.signal });
    return { ...draft, text: value.text, author: "model", rulesText: draft.text, rationale: `the model wrote the text from ${citations.length} source(s); the rules: ${draft.rationale}`, notes: [...(draft.notes ?? []), `the rules' text: ${draft.text.slice(0, 500)}`] };
  } catch (e) {
    ctx.signal.throwIfAborted();
    const why = e instanceof BudgetExceededError ? e.message : `the model's text failed (${(e as Error).message.slice(0, 200)})`;
    return { ...draft, fallback: `${why}: the rules' text kept`, ...(e instanceof BudgetExceededError ? { truncated: e.message } : {}) };
  }
}
