import { readJsonlFile } from "../jsonl-file";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { FactKind, GoldError, GoldSpec, evaluateGold, type GoldResult } from "./gold-spec";
import { loadRawKb, type RawKb } from "./raw-kb";

/** The plan kinds a real question is labelled with (what the question really asks). */
export const REAL_KINDS = ["lookup", "films", "aggregate", "order", "compare", "check", "similar", "plot", "describe", "combine", "beyond", "reply"] as const;
export type RealKind = (typeof REAL_KINDS)[number];

/** One line of questions.jsonl. */
export const RealLine = z
  .object({
    id: z.string().regex(/^real:[a-z0-9-]+:\d+$/, "id must look like real:<source>:<n>"),
    source: z.string().min(1),
    split: z.literal("train"),
    origin: z.string().min(1),
    /** Verbatim from the source (typos and casing included). */
    question: z.string().min(1),
    kind: z.enum(REAL_KINDS),
    gold: GoldSpec,
    /** Free-text remark on the parse or the source (optional). */
    note: z.string().optional(),
  })
  .strict();
export type RealLine = z.infer<typeof RealLine>;

/** What an answer must look like, beyond Hits@1. */
export type RealExpectation =
  | { kind: "hits1" }
  | { kind: "count"; count: number }
  | { kind: "verdict"; verdict: "yes" | "no" }
  | { kind: "lacks"; fact: FactKind }
  | { kind: "no_answer" };

/**
 * The real-question sets: "real" is questions.jsonl (the first two passes); "real-new" is
 * questions-new.jsonl (a later pass over other training splits, see README.md); "real-third" is
 * questions-third.jsonl (a third pass over training splits neither earlier file used); "real-check" is
 * questions-check.jsonl (a check set from pages no earlier file read, kept aside to see whether rule
 * changes made against the other files generalize); "real-fresh" is questions-fresh.jsonl (a second
 * kept-aside set from pages no earlier file read, because the check set has served to reject changes and
 * so is less independent). All use the same line format, gold language and checks; only the file and the
 * dataset name differ.
 */
export const REAL_DATASETS = ["real", "real-new", "real-third", "real-check", "real-fresh"] as const;
export type RealDatasetName = (typeof REAL_DATASETS)[number];

export interface RealItem {
  id: string;
  dataset: RealDatasetName;
  question: string;
  answers: string[];
  category: RealKind;
  expect: RealExpectation;
}

export const QUESTIONS_PATH = join(dirname(fileURLToPath(import.meta.url)), "questions.jsonl");
/** The later real-question file (dataset "real-new"). */
export const NEW_QUESTIONS_PATH = join(dirname(fileURLToPath(import.meta.url)), "questions-new.jsonl");
/** The third real-question file (dataset "real-third"). */
export const THIRD_QUESTIONS_PATH = join(dirname(fileURLToPath(import.meta.url)), "questions-third.jsonl");
/** The check real-question file (dataset "real-check"). */
export const CHECK_QUESTIONS_PATH = join(dirname(fileURLToPath(import.meta.url)), "questions-check.jsonl");
/** The fresh kept-aside real-question file (dataset "real-fresh"). */
export const FRESH_QUESTIONS_PATH = join(dirname(fileURLToPath(import.meta.url)), "questions-fresh.jsonl");

/** The questions file of each real-question dataset. */
export const REAL_SET_PATHS: Record<RealDatasetName, string> = { real: QUESTIONS_PATH, "real-new": NEW_QUESTIONS_PATH, "real-third": THIRD_QUESTIONS_PATH, "real-check": CHECK_QUESTIONS_PATH, "real-fresh": FRESH_QUESTIONS_PATH };

/** Reads and validates questions.jsonl; a bad line is an error naming the line. */
export function readRealLines(path: string = QUESTIONS_PATH): RealLine[] {
  return readJsonlFile(path, RealLine);
}

/** Turns an evaluated gold into the eval item's answers and expectation. Empty answer sets are errors. */
export function toItem(line: RealLine, result: GoldResult, dataset: RealDatasetName = "real"): RealItem {
  const base = { id: line.id, dataset, question: line.question, category: line.kind };
  const nonEmpty = (answers: string[], what: string): string[] => {
    if (answers.length === 0) throw new GoldError(`${line.id}: gold ${what} is empty`);
    return answers;
  };
  switch (result.form) {
    case "answers":
      return { ...base, answers: nonEmpty(result.answers, "answer set"), expect: { kind: "hits1" } };
    case "winner":
      return { ...base, answers: nonEmpty(result.answers, "winner"), expect: { kind: "hits1" } };
    case "count":
      return { ...base, answers: nonEmpty(result.members, "count set"), expect: { kind: "count", count: result.count } };
    case "verdict":
      return { ...base, answers: [result.verdict], expect: { kind: "verdict", verdict: result.verdict } };
    case "lacks":
      return { ...base, answers: result.partial, expect: { kind: "lacks", fact: result.fact } };
    case "reply":
      return { ...base, answers: [], expect: { kind: "no_answer" } };
  }
}

/** Evaluates one line against the raw data; errors name the item id. */
export function evaluateLine(line: RealLine, kb: RawKb, dataset: RealDatasetName = "real"): { item: RealItem; result: GoldResult } {
  let result: GoldResult;
  try {
    result = evaluateGold(line.gold, kb);
  } catch (e) {
    throw new GoldError(`${line.id}: ${(e as Error).message}`);
  }
  return { item: toItem(line, result, dataset), result };
}

/**
 * The real-question dev set: every line of questions.jsonl, its gold computed from the raw data
 * files under dataDir. A line whose gold cannot be computed or is empty is an error (with its id).
 */
export function loadRealSet(dataDir: string, path: string = QUESTIONS_PATH, dataset: RealDatasetName = "real"): RealItem[] {
  const kb = loadRawKb(dataDir);
  return readRealLines(path).map((line) => evaluateLine(line, kb, dataset).item);
}

/**
 * The later real-question dev set (questions-new.jsonl, dataset "real-new"): same format, gold
 * language and checks as loadRealSet, items carry dataset "real-new".
 */
export function loadRealNewSet(dataDir: string): RealItem[] {
  return loadRealSet(dataDir, NEW_QUESTIONS_PATH, "real-new");
}

/**
 * The third real-question dev set (questions-third.jsonl, dataset "real-third"): same format, gold
 * language and checks as loadRealSet, items carry dataset "real-third".
 */
export function loadRealThirdSet(dataDir: string): RealItem[] {
  return loadRealSet(dataDir, THIRD_QUESTIONS_PATH, "real-third");
}

/**
 * The check real-question set (questions-check.jsonl, dataset "real-check"): same format, gold
 * language and checks as loadRealSet, items carry dataset "real-check". It measures whether rule
 * changes made against the other files generalize, so it is not read item by item.
 */
export function loadRealCheckSet(dataDir: string): RealItem[] {
  return loadRealSet(dataDir, CHECK_QUESTIONS_PATH, "real-check");
}

/**
 * The fresh kept-aside real-question set (questions-fresh.jsonl, dataset "real-fresh"): same format, gold
 * language and checks as loadRealSet, items carry dataset "real-fresh". A second set kept aside like
 * real-check (which has served to reject changes, so it is less independent); it is not read item by item.
 */
export function loadRealFreshSet(dataDir: string): RealItem[] {
  return loadRealSet(dataDir, FRESH_QUESTIONS_PATH, "real-fresh");
}
