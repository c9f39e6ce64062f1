import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { DataMissingError, InvalidInputError } from "../../src/errors";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { generateCategorySet } from "../categories";
import { loadNaturalSet } from "../natural/dataset";
import type { Expectation } from "../natural/types";
import { readMetaqa, stripBrackets, type MetaqaHop, type Split } from "./metaqa";
import { FACT_KINDS } from "../../src/plan/schema";
import { REAL_DATASETS, REAL_SET_PATHS, loadRealSet, type RealDatasetName } from "../real/load";
import { CONVERSATIONS_NEW_PATH, CONVERSATIONS_PATH, conversationGold } from "../conv/gold";
import { generateProbeSet, isProbeSet } from "./probe-sets";
import { loadKnownItemSet } from "../known-item/load";
import { loadRecommendSet } from "../recommend/load";
import { loadOpenSet } from "../open/set";
import type { RankedGold } from "../open-requests/ranking";

export type { Expectation } from "../natural/types";

/** One question of an eval set, with its gold answers (KB names). */
export interface EvalQuestion {
  id: string;
  dataset: string;
  question: string;
  answers: string[];
  category?: string;
  /** What the intent check needs beyond Hits@1 (natural set); absent means Hits@1. */
  expect?: Expectation;
  /** A turn of a conversation: asked after the turns before it, with their questions and answers as history. */
  conversation?: { id: string; turn: number };
  /** An open request (known item, recommendation): its answers are scored as a ranking (hit@5, hit@10, MRR), with what it adds. */
  ranked?: RankedGold;
}

export const METAQA_DATASETS = ["metaqa-1hop", "metaqa-2hop", "metaqa-3hop", "metaqa-1hop-ntm"] as const;

/** The intent check a jsonl line may ask for (the natural set's kinds); absent means Hits@1. */
const JsonlExpectation = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("hits1") }).strict(),
  z.object({ kind: z.literal("parts"), parts: z.array(z.array(z.string().min(1)).min(1)).min(2) }).strict(),
  z.object({ kind: z.literal("count"), count: z.number().int().min(0) }).strict(),
  z.object({ kind: z.literal("verdict"), verdict: z.enum(["yes", "no"]) }).strict(),
  z.object({ kind: z.literal("lacks"), fact: z.enum(FACT_KINDS) }).strict(),
  z.object({ kind: z.literal("no_answer") }).strict(),
  // At least `min` of the first `of` answers are gold, and the reply matches `says` (a regular expression, case aside) when given.
  z
    .object({ kind: z.literal("top"), min: z.number().int().min(0), of: z.number().int().min(1), says: z.string().min(1).optional() })
    .strict()
    .refine((e) => e.says === undefined || isPattern(e.says), { message: "says must be a valid regular expression", path: ["says"] }),
]);

function isPattern(s: string): boolean {
  try {
    new RegExp(s, "i");
    return true;
  } catch {
    return false;
  }
}

const JsonlLine = z
  .object({
    id: z.union([z.string().min(1), z.number()]).transform(String),
    question: z.string().trim().min(1),
    answers: z.array(z.string().min(1)),
    category: z.string().min(1).optional(),
    expect: JsonlExpectation.optional(),
  })
  .strict()
  .refine((l) => l.answers.length > 0 || ["no_answer", "verdict", "lacks", "count"].includes(l.expect?.kind ?? "") || (l.expect?.kind === "top" && l.expect.min === 0), { message: "answers must not be empty unless expect is no_answer, verdict, lacks, count, or top with min 0", path: ["answers"] });

/** `train` exists only for the open-request sets (known-item); every other set has dev and test. */
export type EvalSplit = Split | "train";

export interface DatasetOptions {
  split: EvalSplit;
  dataDir: string;
  brackets: "keep" | "strip";
  /** Only for the generated `categories` set. */
  kb?: KnowledgeBase;
  seed: number;
  /** Where a loader says what it changed or left out (requests cut to the cap, dialogues without a KB film). */
  note?: (line: string) => void;
}

/**
 * Loads `metaqa-*`, `categories` (generated from the KB), `natural` (generated from the raw data
 * files, category = intent) or `jsonl:PATH`; a bad line is an error naming it.
 */
export function loadDataset(name: string, o: DatasetOptions): EvalQuestion[] {
  if (name === "open") {
    // The open example requests (themes, settings, characters, moods, "like X"), the team's own; gold computed from the raw data.
    return loadOpenSet(o.dataDir).map((it): EvalQuestion => ({ id: it.id, dataset: name, question: it.question, answers: it.answers, category: it.kind, expect: it.expect }));
  }
  if (name === "known-item" || name === "known-item-title") {
    // Reddit tip-of-the-tongue movie requests (validation split as dev, train for tuning); gold checked against the raw KB.
    // known-item-title: each post's title alone, the short way a half-remembered film is typed.
    const title = name === "known-item-title";
    const set = loadKnownItemSet(o.dataDir, o.split, title ? "title" : "post");
    o.note?.(`${name} (${o.split === "dev" ? "Reddit-TOMT validation" : "Reddit-TOMT train"}): ${set.items.length} requests, ${set.cut} cut to the question cap at a sentence or word boundary${title ? `, ${set.untitled} left out whose title is type tags alone` : ""}`);
    return set.items.map((it): EvalQuestion => ({ id: it.id, dataset: name, question: it.question, answers: it.answers, category: it.category, ranked: {} }));
  }
  if (name === "recommend") {
    // INSPIRED dev dialogues: the seeker's words up to the first suggestion; gold = the suggested films in the KB, mapped now.
    const set = loadRecommendSet(o.dataDir, o.split);
    const d = set.dropped;
    o.note?.(`recommend (INSPIRED dev): ${set.items.length} requests from ${set.dialogues} dialogues; left out ${d.noKbFilm.length} whose suggestions are not in the KB, ${d.noSuggestion.length} with no suggestion, ${d.noSeekerWords.length} with no seeker words before it; ${set.cut} cut to the question cap`);
    return set.items.map((it): EvalQuestion => ({ id: it.id, dataset: name, question: it.question, answers: it.answers, category: it.category, ranked: { accepted: it.accepted, seen: it.seen } }));
  }
  if (o.split === "train") throw new InvalidInputError(`--split train exists only for known-item (Reddit-TOMT's train split); ${name} has dev and test`);
  const m = /^metaqa-([123])hop(-ntm)?$/.exec(name);
  if (m) {
    const qs = readMetaqa(o.dataDir, Number(m[1]) as MetaqaHop, o.split, m[2] ? "ntm" : "vanilla");
    return qs.map((q) => ({ id: q.id, dataset: name, question: o.brackets === "strip" ? stripBrackets(q.raw) : q.raw, answers: q.answers }));
  }
  if (name === "categories") {
    if (!o.kb) throw new Error("the categories set is generated from the knowledge base; none was given");
    return generateCategorySet(o.kb, { seed: o.seed }).map((q): EvalQuestion => ({ ...q, dataset: name }));
  }
  if (name === "natural") {
    return loadNaturalSet(o.dataDir, o.split).map((it): EvalQuestion => ({ id: it.id, dataset: name, question: it.question, answers: it.answers, category: it.category, expect: it.expect }));
  }
  if (name === "conv" || name === "conv-new") {
    // Conversations people outside the project wrote (ConvQuestions' training split), turn by turn; gold computed from the raw data.
    // conv-new came from pages of the train file read later, for wordings conv does not have (eval/conv/README.md).
    return conversationGold(o.dataDir, name === "conv" ? CONVERSATIONS_PATH : CONVERSATIONS_NEW_PATH).flatMap((c) => c.turns.map((t): EvalQuestion => ({ id: t.id, dataset: name, question: t.question, answers: t.answers, category: t.category, expect: t.expect, conversation: { id: c.id, turn: t.turn } })));
  }
  if ((REAL_DATASETS as readonly string[]).includes(name)) {
    // Questions people outside the project wrote (training splits of public sets), gold computed from the raw data; used for development.
    // real-new and real-third came from splits read later (eval/real/README.md): their scores before the rules saw them are the generalization gap.
    // real-check is kept aside (not read item by item): it shows whether rule changes made against the other files generalize.
    // real-fresh is the fresh kept-aside set, a second one: real-check has served to reject changes, so it is less independent.
    const set = name as RealDatasetName;
    const items = loadRealSet(o.dataDir, REAL_SET_PATHS[set], set);
    return items.map((it): EvalQuestion => ({ id: it.id, dataset: name, question: it.question, answers: it.answers, category: it.category, expect: it.expect }));
  }
  if (isProbeSet(name)) return parseJsonlSet(name, `${name} set`, generateProbeSet(name, o.dataDir), o.brackets);
  if (name.startsWith("jsonl:")) {
    const path = name.slice("jsonl:".length);
    if (!existsSync(path)) throw new DataMissingError(`dataset file ${path} does not exist`);
    return parseJsonlSet(name, path, readFileSync(path, "utf8"), o.brackets);
  }
  throw new InvalidInputError(`unknown dataset "${name}"; use ${METAQA_DATASETS.join(", ")}, categories, natural, real, real-new, real-third, real-check, real-fresh, conv, conv-new, known-item, known-item-title, recommend, open, probe, complex, or jsonl:PATH`);
}

/** Questions in jsonl, one per line; a bad line is an error naming its place (`where`:line). */
function parseJsonlSet(name: string, where: string, text: string, brackets: DatasetOptions["brackets"]): EvalQuestion[] {
  const out: EvalQuestion[] = [];
  const seen = new Set<string>();
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new InvalidInputError(`${where}:${i + 1}: not JSON (${(e as Error).message})`);
    }
    const parsed = JsonlLine.safeParse(json);
    if (!parsed.success) throw new InvalidInputError(`${where}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")} (expected {"id","question","answers":[...],"category"?,"expect"?})`);
    if (seen.has(parsed.data.id)) throw new InvalidInputError(`${where}:${i + 1}: duplicate id "${parsed.data.id}"`);
    seen.add(parsed.data.id);
    out.push({ ...parsed.data, dataset: name, question: brackets === "strip" ? stripBrackets(parsed.data.question) : parsed.data.question });
  });
  return out;
}
