import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { MAX_QUESTION_CHARS, STRATEGIES, type Budget, type RunResult, type Strategy, type TraceStep } from "../../agents/research/types";
import type { Evidence } from "../../tools/evidence";
import { ConversationTurnSchema, MAX_HISTORY_TURNS, checkHistory } from "../conversation/turns";
import { serveRun } from "../server/research-service";
import { overLimitMessage } from "../util/limits";
import { codePointLength } from "../util/text";
import { MAX_ITEMS, capText, serveCall, withDeadline, withoutEvidenceIds } from "./calls";
import type { McpDeps } from "./server";

/** Beyond the longest research budget a request may ask for: time to wait for a run slot and to answer. */
const RESEARCH_GRACE_MS = 15_000;
/** The longest citation text shown; a film's overview can run long. */
const MAX_CITATION_CHARS = 1_000;

/** What a research call may ask: the HTTP API's request (question, strategy, budget) plus the conversation so far. */
export function researchInput(caps: Budget, hasModel: boolean) {
  const strategies = (hasModel ? [...STRATEGIES] : STRATEGIES.filter((s) => s !== "llm")) as [Strategy, ...Strategy[]];
  const cap = (key: keyof Budget, min: number, what: string) =>
    z
      .number()
      .int(`budget.${key} must be a whole number`)
      .min(min, `budget.${key} must be at least ${min}`)
      .max(caps[key], `budget.${key} may be at most ${caps[key]} (the configured cap)`)
      .describe(what);
  return z
    .object({
      question: z
        .string()
        .trim()
        .min(1, "question must not be empty")
        .refine((q) => codePointLength(q) <= MAX_QUESTION_CHARS, { error: (iss) => overLimitMessage("question", codePointLength(String(iss.input)), MAX_QUESTION_CHARS) })
        .meta({ maxLength: MAX_QUESTION_CHARS, description: `A question about films, people in them, genres, years, languages or plots (at most ${MAX_QUESTION_CHARS} characters).` }),
      strategy: z
        .enum(strategies)
        .default("auto")
        .describe(`How the research is planned: auto (default), heuristic (rules, no model)${hasModel ? ", llm (a chat model corrects the rules' plan)" : ""}, or a one-tool baseline (tog, depth, breadth, fulltext, simple).`),
      budget: z
        .object({
          maxSteps: cap("maxSteps", 1, "research rounds"),
          maxLlmCalls: cap("maxLlmCalls", 0, "chat model calls"),
          maxTokens: cap("maxTokens", 1, "model tokens"),
          deadlineMs: cap("deadlineMs", 1, "milliseconds before the research answers with what it has"),
        })
        .partial()
        .strict()
        .optional()
        .describe("Limits for this run; each may not exceed the server's cap."),
      history: z
        .array(ConversationTurnSchema)
        .max(MAX_HISTORY_TURNS, `history may hold at most the newest ${MAX_HISTORY_TURNS} turns`)
        .optional()
        .describe("Earlier turns of the conversation, oldest first, so the question can be a follow-up ('and who wrote it?')."),
    })
    .strict();
}

export const ResearchOutput = z.object({
  answer: z.string().describe("The answer; [n] cites citations[n-1]."),
  answers: z.array(z.object({ name: z.string(), score: z.number().optional() })).describe("The answers, best first."),
  citations: z.array(z.object({ n: z.number().int(), text: z.string(), source: z.string() })).describe("The evidence the answer cites, by its number."),
  runId: z.string().describe("The stored run (GET /v1/runs/{runId} on the HTTP service)."),
  strategy: z.enum(STRATEGIES),
  truncated: z.boolean().describe("A budget ran out: the answer is from what was found by then."),
  truncatedReason: z.string().optional(),
  capped: z.string().optional().describe("What this result leaves out to stay within its size limit."),
});
export type ResearchReply = z.infer<typeof ResearchOutput>;

/** Where a piece of evidence comes from: its kind and the tools that found it. */
function sourceOf(e: Evidence): string {
  const tools = [...new Set(e.sources.map((s) => s.tool))];
  return `${e.kind === "passage" ? "film text" : `knowledge graph ${e.kind}`} via ${tools.join(", ")}`;
}

const clip = (s: string, max: number) => ([...s].length > max ? `${[...s].slice(0, max - 1).join("")}…` : s);

/** A run result as the tool's reply: the answer with its citations as numbered footnotes, and the same as structured content. */
export function researchReply(r: RunResult): { text: string; structured: ResearchReply } {
  const byId = new Map(r.evidence.map((e) => [e.id, e]));
  const cited = r.citations.flatMap((id, i) => {
    const e = byId.get(id);
    return e ? [{ n: i + 1, text: clip(withoutEvidenceIds(e.text, r.citations), MAX_CITATION_CHARS), source: sourceOf(e) }] : [];
  });
  const citations = cited.slice(0, MAX_ITEMS);
  const answers = r.answers.slice(0, MAX_ITEMS).map((a) => ({ name: a.name, score: a.score }));
  const capped = [
    ...(r.answers.length > answers.length ? [`${answers.length} of ${r.answers.length} answers listed`] : []),
    ...(cited.length > citations.length ? [`${citations.length} of ${cited.length} citations listed`] : []),
  ].join("; ");
  const answer = withoutEvidenceIds(r.answer, r.citations);
  const lines = [answer];
  if (r.truncated) lines.push("", `(The research stopped early${r.truncatedReason ? `: ${r.truncatedReason}` : ""}; the answer is from what was found by then.)`);
  if (citations.length) lines.push("", "Sources:", ...citations.map((c) => `[${c.n}] ${c.text} (${c.source})`));
  if (capped) lines.push("", `(${capped}.)`);
  return {
    text: capText(lines.join("\n")),
    structured: { answer, answers, citations, runId: r.runId, strategy: r.strategy, truncated: r.truncated, ...(r.truncatedReason ? { truncatedReason: r.truncatedReason } : {}), ...(capped ? { capped } : {}) },
  };
}

/** The progress message of a trace step: the node that ran and what it decided. */
export function stepMessage(s: TraceStep): string {
  return clip(`${s.node}: ${s.decision}`, 200);
}

/**
 * The `research` tool: one run through the service (the same gate, stored runs and drain as an HTTP
 * run, via "mcp"), a progress notification for each trace step when the client asked for progress,
 * and the answer with footnoted citations.
 */
export function registerResearchTool(server: McpServer, deps: McpDeps): void {
  const { service } = deps;
  const deadlineMs = service.caps.deadlineMs + RESEARCH_GRACE_MS;
  server.registerTool(
    "research",
    {
      title: "Research a movie question",
      description:
        "Answer a question about films from the movie knowledge graph (MetaQA / WikiMovies with TMDB figures): who directed or starred, films by constraints, counts, comparisons, rankings, similar films, plots. Plans the research, runs graph and text tools, checks the evidence, and answers with numbered citations. Sends one progress notification per research step when given a progress token.",
      inputSchema: researchInput(service.caps, service.hasModel),
      outputSchema: ResearchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      serveCall("research", { log: deps.log, drain: deps.callDrain }, async () => {
        const history = checkHistory(input.history);
        const token = extra._meta?.progressToken;
        // Notifications go out in order, and all of them before the result.
        let sent: Promise<void> = Promise.resolve();
        const onStep = (s: TraceStep) => {
          if (token === undefined) return;
          sent = sent.then(() => extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: s.index + 1, message: stepMessage(s) } })).catch(() => {});
        };
        const result = await withDeadline(deadlineMs, extra.signal, `no answer within ${deadlineMs} ms; ask a narrower question or set a lower budget.deadlineMs`, (signal) =>
          serveRun(service, { question: input.question, strategy: input.strategy, ...(input.budget ? { budget: input.budget } : {}), via: "mcp", ...(history.length ? { history } : {}) }, signal, { onStep }),
        );
        await sent;
        const reply = researchReply(result);
        return { content: [{ type: "text", text: reply.text }], structuredContent: reply.structured };
      }),
  );
}
