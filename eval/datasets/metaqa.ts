import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DataMissingError } from "../../src/errors";
import { missingDataMessage } from "../../src/kb/data-files";

export type MetaqaHop = 1 | 2 | 3;
export type MetaqaVariant = "vanilla" | "ntm";
export type Split = "dev" | "test";

export interface MetaqaQuestion {
  /** Stable id: dataset, split and 1-based line number. */
  id: string;
  /** As in the file, with the topic entity in [brackets]. */
  raw: string;
  /** The bracketed topic entity, exactly as the KB spells it. */
  topic: string;
  answers: string[];
  line: number;
}

export function metaqaPath(dataDir: string, hop: MetaqaHop, split: Split, variant: MetaqaVariant = "vanilla"): string {
  if (variant === "ntm" && hop !== 1) throw new Error("MetaQA NTM paraphrases exist for 1-hop only");
  return join(dataDir, "metaqa", `${hop}-hop`, variant, `qa_${split}.txt`);
}

/**
 * Reads a MetaQA question file: `question<TAB>answer1|answer2`, one topic entity in [brackets].
 * A line that does not have that shape is an error naming the file and line: nothing is skipped silently.
 */
export function readMetaqa(dataDir: string, hop: MetaqaHop, split: Split, variant: MetaqaVariant = "vanilla"): MetaqaQuestion[] {
  const path = metaqaPath(dataDir, hop, split, variant);
  if (!existsSync(path)) throw new DataMissingError(`${path} is missing.\n${missingDataMessage(dataDir)}`);
  const name = `metaqa-${hop}hop${variant === "ntm" ? "-ntm" : ""}-${split}`;
  const lines = readFileSync(path, "utf8").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line, i) => {
    const tab = line.indexOf("\t");
    const m = /\[([^\]]+)\]/.exec(line);
    if (tab < 0 || !m) throw new Error(`${path}:${i + 1}: expected "question with [topic]<TAB>answers", got ${JSON.stringify(line.slice(0, 80))}`);
    const answers = line.slice(tab + 1).split("|").map((a) => a.trim()).filter(Boolean);
    return { id: `${name}:${i + 1}`, raw: line.slice(0, tab).trim(), topic: m[1]!, answers, line: i + 1 };
  });
}

/** The question text as a user would type it: MetaQA's [ ] markers removed. */
export function stripBrackets(question: string): string {
  return question.replace(/\[([^\]]+)\]/g, "$1").replace(/\s+/g, " ").trim();
}
