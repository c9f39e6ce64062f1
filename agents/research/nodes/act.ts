import { TOOLS } from "../../../tools/index";
import { runTool } from "../../../tools/tool";
import { tracedNode } from "../node";

/** Runs one planned tool call (several run in parallel through Send) and adds its evidence. */
export const act = tracedNode("act", async (state, ctx) => {
  const call = state.call!;
  const t0 = performance.now();
  const out = await runTool(TOOLS[call.tool], call.args, { kb: ctx.kb, step: state.round, signal: ctx.signal, model: ctx.model });
  const ms = performance.now() - t0;
  ctx.timings.toolMs += ms;
  ctx.timings.byTool[call.tool] = (ctx.timings.byTool[call.tool] ?? 0) + ms;
  return {
    update: { evidence: out.evidence },
    step: { decision: call.tool, rationale: call.rationale, tool: call.tool, args: call.args, evidenceIds: out.evidence.map((e) => e.id), notes: out.notes, ...(call.serves ? { serves: call.serves } : {}), ...(out.error ? { error: out.error } : {}) },
  };
});
