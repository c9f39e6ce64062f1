import type { z } from "zod";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import type { ChatModel } from "../src/ports/chat-model";
import { InvalidInputError, isAppError } from "../src/errors";
import type { Evidence, ToolName } from "./evidence";

/** What a tool may read: the knowledge base, the step it runs at, and optionally a chat model. */
export interface ToolContext {
  kb: KnowledgeBase;
  step: number;
  signal?: AbortSignal;
  /** Only the `llm` scorers use it; without one they fall back to lexical scoring and say so. */
  model?: ChatModel;
}

/**
 * What a tool returns: its evidence, and notes that explain anything a user would otherwise have to
 * guess (why a result is empty, which fallback was used, what was capped). Never a silent empty list.
 */
export interface ToolOutput {
  evidence: Evidence[];
  notes: string[];
  /** Model usage of the call (tools with `llm` scorers only). */
  usage?: { llmCalls: number; inputTokens: number; outputTokens: number };
}

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: ToolName;
  description: string;
  input: S;
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutput>;
}

export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}

/** Validates raw input against the tool's schema; the error names each bad field and what it needs. */
export function parseToolInput<S extends z.ZodType>(tool: Tool<S>, raw: unknown): z.infer<S> {
  const parsed = tool.input.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(input)", message: i.message }));
    throw new InvalidInputError(`invalid input for ${tool.name}: ${fields.map((f) => `${f.field}: ${f.message}`).join("; ")}`, fields);
  }
  return parsed.data;
}

/**
 * Validates and runs a tool. A known problem (bad input, unknown entity, a backend that is down)
 * becomes an empty output with the reason in its notes, so a run continues; anything else is a bug
 * and is rethrown.
 */
export async function runTool(tool: Tool, raw: unknown, ctx: ToolContext): Promise<ToolOutput & { error?: { code: string; message: string } }> {
  try {
    return await tool.run(parseToolInput(tool, raw), ctx);
  } catch (e) {
    if (isAppError(e)) return { evidence: [], notes: [`${tool.name} failed: ${e.message}`], error: { code: e.code, message: e.message } };
    throw e;
  }
}

/** A tool of any input schema, for registries (each tool keeps its exact type where it is defined). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;
