import { modelWrite } from "../../answering/model-writer";
import { tracedNode } from "../node";

/** Grounded text citing evidence ids, and the ranked answer entities apart from it; with `writer: model` the chat model writes the text from the rules' draft and its sources. */
export const answer = tracedNode("answer", async (state, ctx) => {
  const rules = await ctx.planner.answer(state, ctx);
  const d = ctx.writer === "model" && state.route !== "reply" ? await modelWrite(state.question, state.evidence, rules, ctx) : rules;
  const { rationale, fallback, notes, truncated, ...draft } = d;
  return {
    update: { draft, ...(truncated ? { truncated } : {}) },
    step: { decision: `${draft.answers.length} answer(s)${draft.author === "model" ? ", text by the model" : ""}`, rationale, evidenceIds: draft.citations, notes: notes ?? [], ...(fallback ? { fallback } : {}) },
  };
});
