import { TOOLS } from "../../../tools/index";
import { fitToolInput } from "../../../tools/fit-input";
import { runTool } from "../../../tools/tool";
import { tracedNode } from "../node";

/** SimpleRAG: the question as it is, semantic top-k movies, no query processing. */
export const simpleRag = tracedNode("simple_rag", async (state, ctx) => {
  const { args, notes } = fitToolInput(TOOLS.semantic_search, { query: state.question, k: 8 });
  const t0 = performance.now();
  const out = await runTool(TOOLS.semantic_search, args, { kb: ctx.kb, step: 1, signal: ctx.signal });
  const ms = performance.now() - t0;
  ctx.timings.toolMs += ms;
  ctx.timings.byTool.semantic_search = (ctx.timings.byTool.semantic_search ?? 0) + ms;
  return {
    update: { evidence: out.evidence, context: out.evidence },
    step: { decision: "semantic_search", rationale: "SimpleRAG: semantic top-k movies for the question as asked", tool: "semantic_search", args, evidenceIds: out.evidence.map((e) => e.id), notes: [...notes, ...out.notes] },
  };
});
