import { parseArgs } from "node:util";
import { runResearch } from "../../agents/research/run";
import { JUDGES, STRATEGIES, WRITERS, type JudgeBy, type RunResult, type Strategy, type Writer } from "../../agents/research/types";
import { loadConfig } from "../config";
import { InvalidInputError } from "../errors";
import { loadKnowledgeBase } from "../kb/load";
import { createChatModel } from "../llm/factory";
import { answerFile, describeSummary } from "./answer-file";
import { runMain } from "./entry";
import { createTracing } from "../tracing/factory";

const USAGE = `usage: npm run ask -- "question" [--strategy ${STRATEGIES.join("|")}] [--judge rules|model] [--writer rules|model] [--json]
       npm run ask -- --input questions.txt [--strategy NAME] [--judge …] [--writer …] [--out answers.jsonl]
         (--judge model: the chat model judges whether the evidence is enough; --writer model: it writes the text,
          whose names, years and numbers are then checked against the evidence; both need CHAT_MODEL)
         (one question a line, as text or {"id"?, "question"}; each answer, or an error line, written as it finishes;
          exit code 1 when any question failed)`;

/** `npm run ask`: answers a question (or a file of them) and prints the answer with its evidence and trace. */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      strategy: { type: "string", default: "auto" },
      judge: { type: "string", default: "rules" },
      writer: { type: "string", default: "rules" },
      json: { type: "boolean", default: false },
      input: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || (!values.input && positionals.length === 0)) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const strategy = values.strategy as Strategy;
  if (!STRATEGIES.includes(strategy)) throw new InvalidInputError(`unknown strategy "${values.strategy}"; choose one of ${STRATEGIES.join(", ")}`);
  const judge = values.judge as JudgeBy;
  const writer = values.writer as Writer;
  if (!JUDGES.includes(judge)) throw new InvalidInputError(`--judge must be ${JUDGES.join(" or ")}, got "${values.judge}"`);
  if (!WRITERS.includes(writer)) throw new InvalidInputError(`--writer must be ${WRITERS.join(" or ")}, got "${values.writer}"`);
  const config = loadConfig();
  const kb = await loadKnowledgeBase(config, { log: (l) => process.stderr.write(`${l}\n`) });
  const deps = { kb, model: createChatModel(config), caps: config.caps, tracing: createTracing(config) };
  try {
    await answer(values, positionals, { strategy, judge, writer }, deps);
  } finally {
    await deps.tracing.shutdown();
    // A Neo4j or Qdrant connection (and a local model) would otherwise keep the process alive.
    await kb.close();
    await (deps.model as { close?: () => Promise<void> } | undefined)?.close?.();
  }
}

async function answer(values: { input?: string; out?: string; json: boolean }, positionals: string[], options: { strategy: Strategy; judge: JudgeBy; writer: Writer }, deps: Parameters<typeof runResearch>[1]): Promise<void> {
  if (values.input) {
    const summary = await answerFile(values.input, values.out, (q) => runResearch(q, deps, options));
    process.stderr.write(`${describeSummary(summary, values.out)}\n`);
    // The exit code tells a script whether every question was answered.
    if (summary.failed) process.exitCode = 1;
    return;
  }
  const result = await runResearch(positionals.join(" "), deps, options);
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : render(result));
}

function render(r: RunResult): string {
  // The evidence the answer cites, numbered as the answer numbers it ("[1]" is citations[0]).
  const byId = new Map(r.evidence.map((e) => [e.id, e]));
  const shown = r.citations.flatMap((id, i) => (byId.has(id) ? [{ n: i + 1, e: byId.get(id)! }] : []));
  const lines = [
    `Question: ${r.question}`,
    `Strategy: ${r.strategy} (planner ${r.planner}, route ${r.route}, judge ${r.judge}, writer ${r.writer})${r.truncated ? ` — truncated: ${r.truncatedReason}` : ""}`,
    "",
    `Answer: ${r.answer}`,
    ...(r.claims ? [`Claims checked: ${r.claims.checked}, unsupported ${r.claims.unsupported}${r.claims.flagged.length ? ` (${r.claims.flagged.join(", ")})` : ""}`] : []),
    "",
    `Ranked answers: ${r.answers.length ? r.answers.slice(0, 15).map((a, i) => `${i + 1}. ${a.name}`).join("  ") : "(none)"}${r.answers.length > 15 ? `  … ${r.answers.length - 15} more` : ""}`,
    "",
    `Evidence cited (${shown.length} of ${r.evidence.length}):`,
    ...shown.map(({ n, e }) => `  [${n}] ${e.text} (${e.id})\n      ${e.kind} from ${e.sources.map((s) => `${s.tool} (step ${s.step})`).join(", ")}${e.path ? `; path: ${e.path.map((t) => `${t.subject} —${t.edge}→ ${t.object}`).join(" | ")}` : ""}`),
    "",
    "Trace:",
    ...r.trace.map((s) => `  ${String(s.index).padStart(2)} ${s.node.padEnd(10)} ${s.decision}${s.tool ? ` ${JSON.stringify(s.args)}` : ""} — ${s.rationale}${s.evidenceIds.length && s.node === "act" ? ` → ${s.evidenceIds.length} evidence` : ""} (${s.ms} ms${s.llmCalls ? `, ${s.llmCalls} LLM calls` : ""})${s.fallback ? ` [fallback: ${s.fallback}]` : ""}${s.notes.length ? `\n${s.notes.map((n) => `        note: ${n}`).join("\n")}` : ""}`),
    "",
    `Usage: ${r.usage.llmCalls} LLM calls, ${r.usage.inputTokens} input + ${r.usage.outputTokens} output tokens; ${r.timings.totalMs} ms total, ${r.timings.nonModelMs} ms non-model, ${r.timings.toolMs} ms in tools`,
  ];
  return `${lines.join("\n")}\n`;
}

runMain("ask failed", main);
