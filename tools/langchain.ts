import { tool as lcTool, type StructuredToolInterface } from "@langchain/core/tools";
import type { Evidence } from "./evidence";
import { runTool, type AnyTool, type ToolContext, type ToolOutput } from "./tool";

/**
 * A retrieval tool as a LangChain tool, so an LLM planner can call it. The model sees a compact
 * JSON digest (top evidence with ids, notes, totals); the full evidence goes to `onResult`, which
 * the agent uses to record it with provenance.
 */
export function toLangChainTool(t: AnyTool, ctx: () => ToolContext, onResult?: (output: ToolOutput, input: unknown) => void, maxShown = 15): StructuredToolInterface {
  return lcTool(
    async (input: unknown) => {
      const output = await runTool(t, input, ctx());
      onResult?.(output, input);
      return JSON.stringify(digest(output, maxShown));
    },
    { name: t.name, description: t.description, schema: t.input },
  );
}

export function digest(output: ToolOutput & { error?: { code: string; message: string } }, maxShown: number): Record<string, unknown> {
  const shown = [...output.evidence].sort((a, b) => b.score - a.score).slice(0, maxShown);
  return {
    ...(output.error ? { error: output.error.message } : {}),
    total: output.evidence.length,
    evidence: shown.map((e: Evidence) => ({ id: e.id, text: e.text.length > 300 ? `${e.text.slice(0, 300)}…` : e.text, about: e.focus, score: e.score })),
    notes: output.notes,
  };
}
