import type { RunResult } from "../../agents/research/types";
import { runResearch } from "../../agents/research/run";
import type { ConversationTurn } from "../../src/conversation/turns";
import { isAppError } from "../../src/errors";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { expected } from "../../eval/robustness/noisy";
import type { RequestText } from "../../eval/robustness/open-requests";

/** What went wrong with one text: its id, the start of its text and what happened. */
export interface Failure {
  id: string;
  text: string;
  problem: string;
}

/** Why a run that did answer is still wrong: no reply, or a reading that only stood because the last-resort guard caught a bug. */
export function runProblem(r: RunResult): string | undefined {
  if (!r.answer.trim()) return "an empty reply";
  if (r.plan.rules.includes("fallback.told-plot")) return `understanding failed and the guard answered: ${r.trace.flatMap((s) => s.notes).find((n) => n.startsWith("understanding failed")) ?? "?"}`;
  // The research agent's calls are fitted to each tool's caps: a tool refusing one as too big or too small is a bug.
  const refused = r.trace.flatMap((s) => (s.node === "act" ? s.notes : [])).find((n) => /failed: invalid input for .*\bToo (big|small)\b/i.test(n));
  return refused ? `a tool refused its input: ${refused}` : undefined;
}

const REFUSAL = /the limit is 2000: shorten it by \d+ characters?|must not be empty/;

/**
 * Runs each text in-process as a request would, and returns what went wrong: a throw (a crash), a
 * refusal of a text within the limits, a text over them that was not refused with a message that
 * says what to fix, or a run with a problem (runProblem). `history` gives each text its turns before.
 */
export async function researchEach(kb: KnowledgeBase, texts: readonly RequestText[], history?: (t: RequestText) => ConversationTurn[]): Promise<{ failures: Failure[]; results: Map<string, RunResult> }> {
  const failures: Failure[] = [];
  const results = new Map<string, RunResult>();
  for (const t of texts) {
    const fail = (problem: string) => failures.push({ id: t.id, text: t.text.slice(0, 80), problem });
    const refuse = expected(t.text) === "refuse";
    try {
      const r = await runResearch(t.text, { kb }, { strategy: "auto", ...(history ? { history: history(t) } : {}) });
      results.set(t.id, r);
      if (refuse) fail("answered a text the service must refuse");
      const problem = runProblem(r);
      if (problem) fail(problem);
    } catch (e) {
      if (!isAppError(e)) fail(`crashed: ${(e as Error)?.stack?.split("\n").slice(0, 3).join(" | ") ?? String(e)}`);
      else if (!refuse) fail(`refused (${e.code}): ${e.message}`);
      else if (e.code !== "invalid_input" || !REFUSAL.test(e.message)) fail(`refused without saying what to fix (${e.code}): ${e.message}`);
    }
  }
  return { failures, results };
}

/** A short report of failures for an assertion message. */
export function report(failures: readonly Failure[]): string {
  return failures
    .slice(0, 15)
    .map((f) => `${f.id} ${JSON.stringify(f.text)}: ${f.problem}`)
    .join("\n");
}
