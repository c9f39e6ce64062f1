import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { InvalidInputError } from "../../src/errors";
import { generateProbeSet, type ProbeSet } from "../datasets/probe-sets";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { understandQuestion } from "../../src/question/understand";
import { loadNaturalSet } from "../natural/dataset";
import { loadRealSet } from "../real/load";
import { planShape } from "./shape";

const HERE = dirname(fileURLToPath(import.meta.url));

/** The sets whose plans are kept: the team's natural set, the two probe sets written apart from the code, the real-question dev set. */
export const GOLDEN_SETS = ["natural", "probe", "complex", "real"] as const;
export type GoldenSet = (typeof GOLDEN_SETS)[number];

/** One question's plan as the golden file keeps it: the rules that fired and the plan's shape. */
export const GoldenRow = z.object({ id: z.string().min(1), rules: z.string(), plan: z.string() }).strict();
export type GoldenRow = z.infer<typeof GoldenRow>;

export const goldenPath = (set: GoldenSet) => join(HERE, `${set}.jsonl`);

interface Question {
  id: string;
  question: string;
}

const pythonSet = (set: ProbeSet, dataDir: string): Question[] =>
  generateProbeSet(set, dataDir)
    .split("\n")
    .filter(Boolean)
    .map((l) => z.object({ id: z.string(), question: z.string() }).passthrough().parse(JSON.parse(l)));

/** The questions of a golden set, in the set's own order. */
export function questionsOf(set: GoldenSet, dataDir: string): Question[] {
  switch (set) {
    case "natural":
      return [...loadNaturalSet(dataDir, "dev"), ...loadNaturalSet(dataDir, "test")];
    case "probe":
      return pythonSet("probe", dataDir);
    case "complex":
      return pythonSet("complex", dataDir);
    case "real":
      return loadRealSet(dataDir);
  }
}

/** Reads each question into its plan and keeps the shape. */
export async function planRows(questions: readonly Question[], kb: KnowledgeBase): Promise<GoldenRow[]> {
  const rows: GoldenRow[] = [];
  for (const q of questions) {
    const { plan } = await understandQuestion(q.question, kb);
    rows.push({ id: q.id, rules: plan.rules.join(","), plan: planShape(plan) });
  }
  return rows;
}

export function readGolden(set: GoldenSet): GoldenRow[] {
  let text: string;
  try {
    text = readFileSync(goldenPath(set), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((line, i) => {
      const parsed = GoldenRow.safeParse(JSON.parse(line));
      if (!parsed.success) throw new InvalidInputError(`${goldenPath(set)} line ${i + 1}: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
}

export const formatGolden = (rows: readonly GoldenRow[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

/** How the current plans differ from the golden file: changed, new and gone questions. */
export interface GoldenDiff {
  set: GoldenSet;
  n: number;
  changed: { id: string; was: GoldenRow; now: GoldenRow }[];
  added: GoldenRow[];
  removed: GoldenRow[];
}

export function diffGolden(set: GoldenSet, golden: readonly GoldenRow[], now: readonly GoldenRow[]): GoldenDiff {
  const before = new Map(golden.map((r) => [r.id, r]));
  const ids = new Set(now.map((r) => r.id));
  const changed: GoldenDiff["changed"] = [];
  const added: GoldenRow[] = [];
  for (const r of now) {
    const was = before.get(r.id);
    if (!was) added.push(r);
    else if (was.plan !== r.plan || was.rules !== r.rules) changed.push({ id: r.id, was, now: r });
  }
  return { set, n: now.length, changed, added, removed: golden.filter((r) => !ids.has(r.id)) };
}

/** The diff as a reader wants it: per changed question, the rules and plan before and after (the question text when known). */
export function diffLines(d: GoldenDiff, questionOf: (id: string) => string | undefined = () => undefined): string[] {
  const out = [`${d.set}: ${d.n} questions, ${d.changed.length} changed, ${d.added.length} new, ${d.removed.length} gone`];
  for (const c of d.changed) {
    const q = questionOf(c.id);
    out.push(`  ${c.id}${q ? `  ${q}` : ""}`, `    - ${c.was.rules} | ${c.was.plan}`, `    + ${c.now.rules} | ${c.now.plan}`);
  }
  for (const r of d.added) out.push(`  new ${r.id}: ${r.rules} | ${r.plan}`);
  for (const r of d.removed) out.push(`  gone ${r.id}`);
  return out;
}
