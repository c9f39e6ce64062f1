/** Reads the .ts/.tsx files under each folder and sums up their functions' decision points. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { decisionCounts, type FunctionDecisions } from "./decisions";

/** Decision points a function should stay within. */
export const TARGET = 25;
const TOP = 15;

export interface FunctionRecord extends FunctionDecisions {
  /** Path relative to the root, with forward slashes. */
  file: string;
}

export interface FolderSummary {
  folder: string;
  files: number;
  functions: number;
  maxDecisions: number;
}

export interface DecisionReport {
  folders: FolderSummary[];
  /** Folders asked for that do not exist. */
  missing: string[];
  /** The functions with the most decision points, most first. */
  top: FunctionRecord[];
  maxDecisions: number;
  target: number;
  overTarget: number;
}

export interface DecisionScan {
  report: DecisionReport;
  functions: FunctionRecord[];
}

export function scanFolders(dirs: string[], root: string): DecisionScan {
  const folders: FolderSummary[] = [];
  const missing: string[] = [];
  const functions: FunctionRecord[] = [];
  for (const folder of dirs) {
    const abs = join(root, folder);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) {
      missing.push(folder);
      continue;
    }
    const files = sourceFiles(abs);
    const found = files.flatMap((file) => fileRecords(file, root));
    folders.push({ folder, files: files.length, functions: found.length, maxDecisions: maxOf(found) });
    functions.push(...found);
  }
  return { functions, report: summarize(folders, missing, functions) };
}

function summarize(folders: FolderSummary[], missing: string[], functions: FunctionRecord[]): DecisionReport {
  const ranked = [...functions].sort(
    (a, b) => b.decisions - a.decisions || a.file.localeCompare(b.file) || a.line - b.line,
  );
  return {
    folders,
    missing,
    top: ranked.slice(0, TOP),
    maxDecisions: maxOf(functions),
    target: TARGET,
    overTarget: functions.filter((f) => f.decisions > TARGET).length,
  };
}

const maxOf = (functions: FunctionDecisions[]): number => functions.reduce((m, f) => Math.max(m, f.decisions), 0);

/** Every .ts/.tsx file below `dir` (not under node_modules), sorted. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((p) => /\.tsx?$/.test(p) && !p.split(sep).includes("node_modules"))
    .map((p) => join(dir, p))
    .filter((p) => statSync(p).isFile())
    .sort();
}

function fileRecords(path: string, root: string): FunctionRecord[] {
  const file = relative(root, path).split(sep).join("/");
  return decisionCounts(readFileSync(path, "utf8"), file).map((f) => ({ ...f, file }));
}
