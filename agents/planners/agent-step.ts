import { z } from "zod";
import { AGENT_TOOLS } from "../../prompts/agent";
import { TOOLS } from "../../tools/index";
import { call } from "../plan/calls";
import type { PlannedCall } from "../research/types";
import { callSignature } from "./planner";

/** Tools that resolve names and concepts rather than answer: what they find is context, not a part's answer. */
const RESOLVING_TOOLS: ReadonlySet<string> = new Set(["lookup_entity", "find_concepts", "community_reports"]);
/** What a resolving call serves: no part of the plan. */
export const CONTEXT_PART = "context";

/** Calls the model may ask for in one step (more are refused, with a message). */
export const AGENT_CALLS_PER_STEP = 3;

/**
 * The model's reply a step, flat (grammar-constrained local models and Gemini take no unions): tool
 * calls, each with its arguments as JSON text checked against the tool's own schema, or finish.
 */
export const AgentStep = z
  .object({
    finish: z.boolean(),
    reason: z.string().max(500),
    calls: z
      .array(
        z
          .object({
            tool: z.enum(AGENT_TOOLS),
            part: z.string().max(10),
            args: z.string().max(4000),
            reason: z.string().max(300),
          })
          .strict(),
      )
      .max(6),
  })
  .strict();
export type AgentStep = z.infer<typeof AgentStep>;

export interface CheckedStep {
  calls: PlannedCall[];
  /** What goes back to the model next step: refused repeats, invalid arguments (each said once). */
  feedback: string[];
  /** The model's choices as made, for the trace. */
  chosen: string[];
}

/**
 * The model's calls as typed tool calls: arguments parsed and validated with the tool's zod schema;
 * a call already made, a part the plan lacks, a call past the step's cap or invalid arguments are
 * not run, and each is said back to the model.
 */
export function checkStep(step: AgentStep, ctx: { tried: ReadonlySet<string>; parts: readonly string[]; defaultPart: string }): CheckedStep {
  const calls: PlannedCall[] = [];
  const feedback: string[] = [];
  const chosen: string[] = [];
  for (const [i, c] of step.calls.entries()) {
    chosen.push(`${c.tool} ${c.args} (${c.part}: ${c.reason})`);
    if (i >= AGENT_CALLS_PER_STEP) {
      feedback.push(`Call ${i + 1} (${c.tool}) was not run: at most ${AGENT_CALLS_PER_STEP} calls a step.`);
      continue;
    }
    if (!(AGENT_TOOLS as readonly string[]).includes(c.tool)) {
      feedback.push(`${String(c.tool).slice(0, 80)} is not a tool here; call one of ${AGENT_TOOLS.join(", ")}.`);
      continue;
    }
    const args = parseArgs(c.args);
    if (typeof args === "string") {
      feedback.push(`${c.tool}: its args are not a JSON object (${args}); give them as one, e.g. {"query": "…"}.`);
      continue;
    }
    const checked: z.ZodSafeParseResult<unknown> = TOOLS[c.tool].input.safeParse(args);
    if (!checked.success) {
      const issues = checked.error.issues.slice(0, 3).map((x: z.core.$ZodIssue) => `${x.path.join(".") || "(input)"}: ${x.message}`).join("; ");
      feedback.push(`${c.tool} ${c.args.slice(0, 200)} is invalid (${issues}); fix the arguments to fit its schema.`);
      continue;
    }
    // Resolving a name or a concept answers no part: its evidence is context for the next step, never a part's answer.
    const part = RESOLVING_TOOLS.has(c.tool) ? CONTEXT_PART : ctx.parts.includes(c.part) ? c.part : ctx.defaultPart;
    const planned = call(c.tool, checked.data as never, `the model: ${c.reason || "no reason given"}`, part);
    if (ctx.tried.has(callSignature(planned)) || calls.some((x: PlannedCall) => callSignature(x) === callSignature(planned))) {
      feedback.push(`${c.tool} ${c.args.slice(0, 200)} was refused: that exact call was already made; its evidence is above. Choose another call or finish.`);
      continue;
    }
    calls.push(planned);
  }
  return { calls, feedback, chosen };
}

function parseArgs(text: string): Record<string, unknown> | string {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : "not an object";
  } catch (e) {
    return (e as Error).message.slice(0, 120);
  }
}
