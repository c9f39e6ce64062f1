import { closeSync, existsSync, openSync, readFileSync, appendFileSync, ftruncateSync } from "node:fs";
import type { Ablation, AnswerPart, ClaimCheck, JudgeBy, RunResult, Strategy, TraceStep, Writer } from "../agents/research/types";
import type { QueryPlan } from "../src/plan/schema";
import type { DeterministicMetrics } from "./metrics";
import type { JudgeMetrics } from "./judge";

/** One question answered by one strategy variant: everything needed to recompute the summary. */
export interface EvalRecord {
  key: string;
  variant: string;
  strategy: Strategy;
  ablations: Ablation[];
  /** Who judged sufficiency and who wrote the text (records written before these existed: rules). */
  judgeBy?: JudgeBy;
  writer?: Writer;
  dataset: string;
  questionId: string;
  /** Position of the question in the sampled set (the summary orders by it). */
  order: number;
  category?: string;
  /** A conversation turn's position (0 = the first question), for per-turn figures. */
  turn?: number;
  /** How a conversation turn was read against the turns before it. */
  followUp?: { kind: string; resolved: string };
  question: string;
  gold: string[];
  answer: string;
  answers: { name: string; score: number }[];
  /** The plan the run followed (absent when the run failed before reading the question). */
  plan?: QueryPlan;
  /** What the plan's kind of the reply was: the answered part's kind, or "several" for a plan of several clauses. */
  kind?: string;
  /** Each answered part's shape: its kind, yes/no, count, the fact the KB lacks. */
  parts?: Pick<AnswerPart, "partId" | "kind" | "verdict" | "count" | "lacks">[];
  /** A model-written text's claims as validation checked them. */
  claims?: ClaimCheck;
  truncated: boolean;
  truncatedReason?: string;
  trace: TraceStep[];
  /** The evidence the answer cites. */
  cited: { id: string; kind: string; text: string; score: number; sources: RunResult["evidence"][number]["sources"] }[];
  evidenceCount: number;
  usage: RunResult["usage"];
  timings: RunResult["timings"];
  metrics: DeterministicMetrics;
  judge?: JudgeMetrics;
  /** The judge's reply could not be used (cut, unparseable, timed out): the record is unjudged, never scored zero. */
  judgeError?: { code: string; message: string };
  error?: { code: string; message: string };
}

/**
 * Reads a results file written line by line. A run killed mid-write can leave a partial last line:
 * it is cut off (the file is truncated to its last complete line) so appending can resume, and no
 * record is lost or duplicated (a repeated key keeps its first record).
 */
export function readRecords(path: string): EvalRecord[] {
  if (!existsSync(path)) return [];
  const buf = readFileSync(path);
  const lastNewline = buf.lastIndexOf(0x0a);
  const complete = lastNewline + 1;
  if (complete < buf.length) {
    const fd = openSync(path, "r+");
    try {
      ftruncateSync(fd, complete);
    } finally {
      closeSync(fd);
    }
  }
  const seen = new Set<string>();
  const out: EvalRecord[] = [];
  const lines = buf.subarray(0, complete).toString("utf8").split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let rec: EvalRecord;
    try {
      rec = JSON.parse(line) as EvalRecord;
    } catch {
      throw new Error(`${path}:${i + 1}: not a JSON record; the file is damaged beyond a cut-off last line`);
    }
    if (seen.has(rec.key)) return;
    seen.add(rec.key);
    out.push(rec);
  });
  return out;
}

/** Appends one record as one line in one write. */
export function appendRecord(path: string, rec: EvalRecord): void {
  appendFileSync(path, `${JSON.stringify(rec)}\n`);
}
