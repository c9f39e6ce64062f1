import { TOOLS } from "../../../tools/index";
import { fitToolInput } from "../../../tools/fit-input";
import { runTool } from "../../../tools/tool";
import { tracedNode } from "../node";
import type { KnowledgeBase } from "../../../src/kb/knowledge-base";

const RETRIEVAL_SOURCE: Partial<Record<string, (kb: KnowledgeBase) => string>> = {
  full_text: (kb) => kb.text.kind,
  semantic_search: (kb) => kb.vectors.kind,
  lookup_entity: () => "entity-linker",
};

/** Runs one planned tool call (several run in parallel through Send) and adds its evidence. */
export const act = tracedNode("act", async (state, ctx) => {
  const call = state.call!;
  const t0 = performance.now();
  const span = ctx.span.child(`execute_tool ${call.tool}`, { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": call.tool, "gen_ai.tool.type": "function", "gen_ai.tool.call.id": `${state.round}:${call.serves ?? ""}:${call.tool}`, "movie_graph.serves": call.serves });
  // Text and vector search are retrieval: a child span names the store searched.
  const source = RETRIEVAL_SOURCE[call.tool]?.(ctx.kb);
  const retrieval = source ? span.child(`retrieval ${source}`, { "gen_ai.operation.name": "retrieval", "gen_ai.data_source.id": source }) : undefined;
  const { args, notes } = fitToolInput(TOOLS[call.tool], call.args);
  const out = await runTool(TOOLS[call.tool], args, { kb: ctx.kb, step: state.round, signal: ctx.signal, model: ctx.model });
  retrieval?.set({ "movie_graph.evidence_count": out.evidence.length });
  retrieval?.end();
  span.set({ "movie_graph.evidence_count": out.evidence.length });
  if (out.error) span.fail(out.error);
  span.end();
  const ms = performance.now() - t0;
  ctx.timings.toolMs += ms;
  ctx.timings.byTool[call.tool] = (ctx.timings.byTool[call.tool] ?? 0) + ms;
  return {
    update: { evidence: out.evidence },
    step: { decision: call.tool, rationale: call.rationale, tool: call.tool, args, evidenceIds: out.evidence.map((e) => e.id), notes: [...notes, ...out.notes], ...(call.serves ? { serves: call.serves } : {}), ...(out.error ? { error: out.error } : {}) },
  };
});
