import { readJsonlFile } from "../jsonl-file";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { Expr, GoldError, GoldSpec, Metric, evaluateExpr, evaluateGold, metricValue, type GoldResult } from "../real/gold-spec";
import { REAL_KINDS, toItem, type RealExpectation, type RealKind } from "../real/load";
import { loadRawKb, type RawKb } from "../real/raw-kb";

/**
 * The conversational dev set (see README.md here): multi-turn movie conversations from the ConvQuestions
 * TRAINING split, each turn labelled with what it asks in the gold language of the real set
 * (eval/real/gold-spec.ts). Gold answers are not stored: they are computed here from the raw data files
 * under DATA_DIR (metaqa/kb.txt, tmdb/tmdb_5000_movies.csv.gz) by the real set's independent reader.
 *
 * Two additions to the real set's gold language, both local to this set:
 *   {"answer_of": 1}   an Expr: the gold answers of the same conversation's turn whose source index
 *                      (the n of qid "conv-n") is 1 — for follow-ups that build on an earlier answer
 *                      ("Who directed that movie?" after "What is the longest one?"). Only turns whose
 *                      gold has answers (not a `lacks` turn) can be referred to.
 *   {"all": {"items": Expr, "by": Metric, "op": "lt" | "gt", "than": Expr}}
 *                      a yes/no gold: yes iff every item's figure is lt/gt the figure of `than` (one
 *                      item). An item without the figure is an error. ("Are all movies other than Iron
 *                      Man in the Iron Man film series shorter than Iron Man?")
 */

/** The follow-up kinds a turn is labelled with (how it depends on the conversation so far). */
export const CONV_CATEGORIES = [
  /** the opening question */
  "first",
  /** refers to an entity already in the conversation by a pronoun or a definite phrase: it, he, she, "the movie", "that movie", "which one" */
  "pronoun",
  /** a fragment that leaves the entity out altogether: "Directed by who?", "And the film length?", "Which is the release year?" */
  "ellipsis",
  /** repeats the previous question's frame with a new slot value: "And in germany?", "what about Sheriff Woody?" */
  "substitution",
  /** narrows the previous answer set: "only the ones after 2000" */
  "refinement",
  /** builds on the previous turn's answer: "Who directed that movie?" after "What was the sequel?", "Was he also the screenwriter?" */
  "answer-ref",
  /** names its entity in full although it is part of a conversation: "Who wrote The Great Outdoors?" */
  "explicit",
] as const;
export type ConvCategory = (typeof CONV_CATEGORIES)[number];

const AnswerOf = z.object({ answer_of: z.number().int().min(0).max(4) }).strict();

export const AllGold = z.object({ all: z.object({ items: Expr, by: Metric, op: z.enum(["lt", "gt"]), than: Expr }).strict() }).strict();
export type AllGold = z.infer<typeof AllGold>;

/** A turn's gold once every {"answer_of": n} is replaced: a real-set GoldSpec, or the {"all": ...} check. */
export const ConvGold = z.union([GoldSpec, AllGold]);
export type ConvGold = z.infer<typeof ConvGold>;

/** Replaces every {"answer_of": n} node of a raw gold with replace(n). */
export function substituteAnswerOf(node: unknown, replace: (turn: number) => unknown): unknown {
  if (Array.isArray(node)) return node.map((x) => substituteAnswerOf(x, replace));
  if (node === null || typeof node !== "object") return node;
  const ref = AnswerOf.safeParse(node);
  if (ref.success) return replace(ref.data.answer_of);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substituteAnswerOf(v, replace)]));
}

/** The turn indices a raw gold refers to with {"answer_of": n}. */
export function answerRefs(node: unknown): number[] {
  const out: number[] = [];
  substituteAnswerOf(node, (n) => {
    out.push(n);
    return { entities: ["x"] };
  });
  return out;
}

const QID = /^(\d+)-([0-4])$/;
const sourceTurn = (qid: string): number => Number(QID.exec(qid)?.[2] ?? NaN);

/** A turn of the source left out of the set, with the reason (kept in the line for transparency). */
const DroppedTurn = z.object({ qid: z.string().regex(QID), question: z.string().min(1), reason: z.string().min(1) }).strict();

export const ConvTurnLine = z
  .object({
    /** The source's question_id, "<conv_id>-<turn>". */
    qid: z.string().regex(QID, 'qid must look like "<conv_id>-<turn 0-4>"'),
    /** Verbatim from the source (typos, spacing and casing included). */
    question: z.string().min(1),
    category: z.enum(CONV_CATEGORIES),
    label: z
      .object({
        kind: z.enum(REAL_KINDS),
        /** ConvGold, where any Expr may also be {"answer_of": n}. */
        gold: z.unknown(),
      })
      .strict(),
    note: z.string().optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    const shape = ConvGold.safeParse(substituteAnswerOf(t.label.gold, () => ({ entities: ["x"] })));
    if (!shape.success) {
      ctx.addIssue({ code: "custom", path: ["label", "gold"], message: shape.error.issues.map((x) => `${x.path.join(".") || "gold"}: ${x.message}`).join("; ") });
      return;
    }
    const lacks = "lacks" in shape.data;
    if (lacks !== (t.label.kind === "beyond")) ctx.addIssue({ code: "custom", path: ["label", "kind"], message: 'kind "beyond" goes with a {"lacks": ...} gold, and only with it' });
  });
export type ConvTurnLine = z.infer<typeof ConvTurnLine>;

export const ConvLine = z
  .object({
    id: z.string().regex(/^conv:cq:\d+$/, "id must look like conv:cq:<conv_id>"),
    source: z.literal("convquestions-train"),
    /** repository:path of the file read (the training split). */
    origin: z.string().min(1),
    /** The base conversation: paraphrased variants of one conversation share it. */
    group: z.string().min(1),
    turns: z.array(ConvTurnLine).min(3).max(5),
    dropped: z.array(DroppedTurn).optional(),
    note: z.string().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const conv = c.id.slice("conv:cq:".length);
    let last = -1;
    const kept = new Map<number, ConvTurnLine>();
    c.turns.forEach((t, i) => {
      const at = (message: string) => ctx.addIssue({ code: "custom", path: ["turns", i], message });
      if (t.qid.split("-")[0] !== conv) at(`qid ${t.qid} is not of conversation ${conv}`);
      const n = sourceTurn(t.qid);
      if (n <= last) at(`qid ${t.qid} is out of order`);
      last = n;
      if ((i === 0) !== (t.category === "first")) at('the category "first" is for the opening turn, and it must have it');
      if (i === 0 && n !== 0) at("the opening turn of the source (turn 0) must be kept");
      for (const ref of answerRefs(t.label.gold)) {
        const to = kept.get(ref);
        if (!to) at(`answer_of ${ref} names no earlier kept turn`);
        else if (to.label.kind === "beyond") at(`answer_of ${ref} names a "beyond" turn, which has no answers`);
      }
      kept.set(n, t);
    });
    for (const d of c.dropped ?? []) {
      if (d.qid.split("-")[0] !== conv) ctx.addIssue({ code: "custom", path: ["dropped"], message: `dropped qid ${d.qid} is not of conversation ${conv}` });
      if (kept.has(sourceTurn(d.qid))) ctx.addIssue({ code: "custom", path: ["dropped"], message: `${d.qid} is both kept and dropped` });
    }
    if (kept.size + (c.dropped?.length ?? 0) > 5) ctx.addIssue({ code: "custom", path: ["turns"], message: "more than 5 turns kept and dropped" });
  });
export type ConvLine = z.infer<typeof ConvLine>;

export interface ConvTurnItem {
  /** "<conversation id>#<source turn>", e.g. conv:cq:121#2. */
  id: string;
  question: string;
  /** The gold answers computed from the raw data ([] for a `lacks` turn without a partial answer). */
  answers: string[];
  /** The follow-up kind, for per-kind reporting. */
  category: ConvCategory;
  /** What the turn asks (the real set's plan kinds). */
  kind: RealKind;
  /** The real set's check kinds: hits1, count, verdict, lacks (the KB lacks that fact), no_answer. */
  expect: RealExpectation;
  /** 0-based position of the turn in the conversation as asked (after dropped turns are left out). */
  turn: number;
}

export interface ConvItem {
  id: string;
  dataset: "conv";
  /** The base conversation; paraphrased variants share it. */
  group: string;
  turns: ConvTurnItem[];
}

export const CONVERSATIONS_PATH = join(dirname(fileURLToPath(import.meta.url)), "conversations.jsonl");
/**
 * The second file (dataset `conv-new`): conversations from pages of the same train file that the first did
 * not read, chosen for wordings the first file does not have (README.md, "The second file").
 */
export const CONVERSATIONS_NEW_PATH = join(dirname(fileURLToPath(import.meta.url)), "conversations-new.jsonl");

/** A conversation's kept questions joined, to find one that repeats another word for word. */
export const conversationText = (line: ConvLine): string => line.turns.map((t) => t.question).join("\n");

/**
 * What the second file must not share with the first: an id, or a conversation whose kept questions
 * repeat one of the first file's (or one earlier in the second file) word for word. Returns the problems.
 */
export function overlapProblems(first: readonly ConvLine[], second: readonly ConvLine[]): string[] {
  const ids = new Set(first.map((l) => l.id));
  const texts = new Map(first.map((l) => [conversationText(l), l.id]));
  const problems: string[] = [];
  for (const l of second) {
    if (ids.has(l.id)) problems.push(`${l.id} is also in the first file`);
    const text = conversationText(l);
    const same = texts.get(text);
    if (same) problems.push(`${l.id} repeats ${same} word for word`);
    else texts.set(text, l.id);
  }
  return problems;
}

/** Reads and validates conversations.jsonl; a bad line is an error naming the line. */
export function readConvLines(path: string = CONVERSATIONS_PATH): ConvLine[] {
  return readJsonlFile(path, ConvLine);
}

/** The {"all": ...} check: yes iff every item's figure is lt/gt the figure of `than`. */
export function evaluateAll(spec: AllGold["all"], kb: RawKb): GoldResult {
  const than = [...evaluateExpr(spec.than, kb)];
  if (than.length !== 1) throw new GoldError(`all: "than" must name exactly one item, got ${than.length}`);
  const ref = metricValue(than[0]!, spec.by, kb);
  if (ref === undefined) throw new GoldError(`all: no ${spec.by} for ${than[0]}`);
  const items = [...evaluateExpr(spec.items, kb)].sort((a, b) => a.localeCompare(b));
  if (items.length === 0) throw new GoldError("all: the item set is empty");
  const failing: string[] = [];
  for (const x of items) {
    const v = metricValue(x, spec.by, kb);
    if (v === undefined) throw new GoldError(`all: no ${spec.by} for ${x}`);
    if (!(spec.op === "lt" ? v < ref : v > ref)) failing.push(`${x} ${v}`);
  }
  const why = failing.length === 0 ? `all ${items.length} ${spec.op} ${than[0]} ${ref}` : `not ${spec.op} ${than[0]} ${ref}: ${failing.join(", ")}`;
  return { form: "verdict", verdict: failing.length === 0 ? "yes" : "no", why };
}

/** One conversation's turns with their gold computed from the raw data, and each turn's raw result. */
export function evaluateConversation(line: ConvLine, kb: RawKb): { item: ConvItem; results: GoldResult[] } {
  const answersOf = new Map<number, string[]>();
  const results: GoldResult[] = [];
  const turns = line.turns.map((t, i): ConvTurnItem => {
    const n = sourceTurn(t.qid);
    const id = `${line.id}#${n}`;
    let result: GoldResult;
    let gold: ConvGold;
    try {
      gold = ConvGold.parse(
        substituteAnswerOf(t.label.gold, (ref) => {
          const answers = answersOf.get(ref);
          if (!answers || answers.length === 0) throw new GoldError(`answer_of ${ref} has no answers`);
          return { entities: answers };
        }),
      );
      result = "all" in gold ? evaluateAll(gold.all, kb) : evaluateGold(gold, kb);
    } catch (e) {
      throw new GoldError(`${id}: ${(e as Error).message}`);
    }
    results.push(result);
    const base = { id, question: t.question, category: t.category, kind: t.label.kind, turn: i };
    if ("all" in gold) {
      const verdict = result.form === "verdict" ? result.verdict : "no";
      return { ...base, answers: [verdict], expect: { kind: "verdict", verdict } };
    }
    const real = toItem({ id, source: line.source, split: "train", origin: line.origin, question: t.question, kind: t.label.kind, gold }, result);
    answersOf.set(n, real.expect.kind === "lacks" ? [] : real.answers);
    return { ...base, answers: real.answers, expect: real.expect };
  });
  return { item: { id: line.id, dataset: "conv", group: line.group, turns }, results };
}

/**
 * The conversational dev set: every line of the file at `path` (conversations.jsonl, or CONVERSATIONS_NEW_PATH
 * for `conv-new`), each turn's gold computed from the raw data files under dataDir. A turn whose gold cannot be computed, or whose answer set is empty (other
 * than a `lacks` turn), is an error naming the turn — never silently kept or dropped.
 */
export function conversationGold(dataDir: string, path: string = CONVERSATIONS_PATH): ConvItem[] {
  const kb = loadRawKb(dataDir);
  return readConvLines(path).map((line) => evaluateConversation(line, kb).item);
}
