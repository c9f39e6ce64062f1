import { ModelCallError } from "../../ports/chat-model";

/** An evidence line as a prompt that reads evidence writes it: `ev_<16 hex>: text`. */
export const EVIDENCE_LINE = /^ev_[0-9a-f]{16}: /;

export interface ContextBudget {
  /** Tokens the model's context holds. */
  contextSize: number;
  /** Tokens kept free for the reply. */
  reserveOutput: number;
  /** Tokens the model reads for this system + prompt, chat template included. */
  countTokens: (system: string, prompt: string) => number;
  /** Which prompt lines are evidence and may be dropped; `ev_…: text` lines by default. */
  evidenceLine?: RegExp;
  /** Names the request in the error message. */
  name?: string;
}

export interface FittedPrompt {
  prompt: string;
  promptTokens: number;
  /** Evidence lines dropped to make it fit (0: the prompt is unchanged). */
  trimmed: number;
}

/**
 * Makes a prompt fit a small context: when system + prompt + the reply's reserve do not fit, evidence
 * lines are dropped from the end (the prompts list the best first) and a marker says how many went.
 * The system instructions, the question and every other line are never touched; when they alone do
 * not fit, the call fails with what to change.
 */
export function fitToContext(system: string, prompt: string, budget: ContextBudget): FittedPrompt {
  const limit = budget.contextSize - budget.reserveOutput;
  const whole = budget.countTokens(system, prompt);
  if (whole <= limit) return { prompt, promptTokens: whole, trimmed: 0 };

  const lines = prompt.split("\n");
  const pattern = budget.evidenceLine ?? EVIDENCE_LINE;
  const evidence = lines.flatMap((line, i) => (pattern.test(line) ? [i] : []));
  const withKept = (kept: number): string => {
    const dropped = new Set(evidence.slice(kept));
    if (dropped.size === 0) return prompt;
    const markerAfter = kept > 0 ? evidence[kept - 1]! : evidence[0]! - 1;
    const out: string[] = [];
    if (markerAfter < 0) out.push(marker(dropped.size));
    lines.forEach((line, i) => {
      if (!dropped.has(i)) out.push(line);
      if (i === markerAfter) out.push(marker(dropped.size));
    });
    return out.join("\n");
  };

  const bare = withKept(0);
  const bareTokens = evidence.length ? budget.countTokens(system, bare) : whole;
  if (bareTokens > limit) {
    throw new ModelCallError(
      `${budget.name ?? "request"}: the prompt needs ${bareTokens} tokens${evidence.length ? ` even without its ${evidence.length} evidence lines` : ""}, but the model's context of ${budget.contextSize} tokens leaves ${limit} after reserving ${budget.reserveOutput} for the reply; raise LOCAL_CONTEXT_SIZE (up to the model's training context) or lower LOCAL_MAX_OUTPUT_TOKENS`,
    );
  }
  // The most evidence lines that fit: none do (checked above), all do not (else no trimming); bisect.
  let best = { prompt: bare, tokens: bareTokens, kept: 0 };
  let fits = 0;
  let fails = evidence.length;
  while (fails - fits > 1) {
    const mid = (fits + fails) >> 1;
    const candidate = withKept(mid);
    const tokens = budget.countTokens(system, candidate);
    if (tokens <= limit) {
      best = { prompt: candidate, tokens, kept: mid };
      fits = mid;
    } else {
      fails = mid;
    }
  }
  return { prompt: best.prompt, promptTokens: best.tokens, trimmed: evidence.length - best.kept };
}

function marker(n: number): string {
  return `[… ${n} evidence line${n === 1 ? "" : "s"} trimmed to fit the model's context]`;
}
