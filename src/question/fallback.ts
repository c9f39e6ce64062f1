import { isAppError } from "../errors";
import { fitPlan } from "../plan/fit";
import type { Understanding } from "./understand";

/**
 * The last resort when reading a question fails on a bug (a rule that throws on odd text, a plan no
 * cut can repair): the whole text is searched as a told plot, and the trace says why, so the user
 * gets an answer instead of an internal error. A known error (a store that is down, a cancelled run)
 * is not a reading failure and is thrown on. The causes are fixed where they are; this only keeps a
 * run standing meanwhile.
 */
export function understandingFailed(question: string, error: unknown): Understanding {
  if (isAppError(error) || (error as { name?: string } | undefined)?.name === "AbortError") throw error;
  const why = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]!.slice(0, 300)}` : String(error).slice(0, 300);
  const story = question.trim();
  const part = story ? { id: "p1", kind: "plot" as const, story } : { id: "p1", kind: "reply" as const, reason: "out_of_domain" as const };
  const { plan, notes } = fitPlan({ question, parts: [part], answer: ["p1"], rules: ["fallback.told-plot"] });
  return { plan, readings: [], stages: [`understanding failed (${why}): the whole text is searched as a told plot`, ...notes.map((n) => `fit: ${n}`)] };
}
