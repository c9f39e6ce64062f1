/** The health report as text lines. Pure. */
import type { DuplicatesResult } from "./duplicates";
import type { DecisionReport } from "./scan";

export interface Section {
  title: string;
  lines: string[];
}

export function decisionLines(report: DecisionReport): string[] {
  const folderRows = report.folders.map((f) => [f.folder, String(f.files), String(f.functions), String(f.maxDecisions)]);
  const topRows = report.top.map((f) => [String(f.decisions), `${f.file}:${f.line}`, f.name]);
  return [
    "== decision points per function (if, ?:, case, loops, catch, && || ??, ?.) ==",
    ...table([["folder", "files", "functions", "max"], ...folderRows], [false, true, true, true]),
    ...report.missing.map((folder) => `skipped ${folder}: no such folder`),
    "",
    `top ${report.top.length} functions by decision points`,
    ...table(topRows, [true, false, false]).map((line) => `  ${line}`),
    "",
    `max decision count: ${report.maxDecisions} (target ≤ ${report.target})`,
    `functions over ${report.target}: ${report.overTarget}`,
  ];
}

export function duplicateSections(result: DuplicatesResult): Section[] {
  if (!result.available) return [{ title: "duplicates", lines: ["duplicates: not available on this machine"] }];
  return result.folders.map((f) => ({ title: `duplicates in ${f.folder}`, lines: f.lines.map((l) => `  ${l}`) }));
}

export const sectionLines = (section: Section): string[] => ["", `== ${section.title} ==`, ...section.lines];

/** Columns padded to their widest cell; `right[i]` aligns column i to the right. */
function table(rows: string[][], right: boolean[]): string[] {
  const widths = right.map((_, i) => Math.max(0, ...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (right[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
}
