import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, join, sep } from "node:path";
import type { z } from "zod";
import { AppError, InvalidInputError, NotFoundError } from "../errors";
import { REPORT_NAME, RunSettingsSchema, SummarySchema, type BrokenReportEntry, type Report, type ReportEntry, type ReportListing, type RunSettings } from "./schemas";

export { REPORT_NAME };

/**
 * Eval reports on disk, for the API: a report is a direct subfolder of the eval directory holding a
 * summary.json (what `npm run eval -- --out DIR` writes, with run.json, summary.md and summary.svg).
 * Reads are synchronous (the files are small and capped), and nothing outside the eval directory is
 * ever read: names are checked, and every file's real path (symlinks followed) must lie inside it.
 * Errors are AppErrors whose messages never show an absolute path.
 */

/** summary.json and summary.svg are a few KB; a larger file is not a report worth parsing on a request. */
export const MAX_REPORT_FILE_BYTES = 5 * 1024 * 1024;

const NAME_RULE = 'a report name is the name of a folder in the eval directory: 1–121 letters, digits, ".", "_", "+" or "-", starting with a letter or digit, without ".." (e.g. eval-metaqa-1hop-test)';

const MAKE_ONE = "create one with `npm run eval -- --dataset metaqa-1hop --out <EVAL_DIR>/<name>` (or set EVAL_DIR to the folder that holds your report folders)";

/** Throws a 400-class error unless `name` could be a report folder's name. */
export function checkReportName(name: string): void {
  if (REPORT_NAME.test(name) && !name.includes("..")) return;
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  throw new InvalidInputError(`invalid report name ${JSON.stringify(shown)}: ${NAME_RULE}`);
}

/** Every report in `evalDir`, newest first (then by name); a missing directory gives none and a hint. */
export function listReports(evalDir: string): ReportListing {
  const dir = basename(evalDir);
  const root = realRoot(evalDir);
  if (!root) return { dir, reports: [], hint: `the eval directory "${dir}" does not exist yet (or is not a folder); ${MAKE_ONE}` };
  const reports: ReportListing["reports"] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    // Names the API could not serve are not reports (hidden folders, odd characters).
    if (!(entry.isDirectory() || entry.isSymbolicLink()) || !REPORT_NAME.test(entry.name) || entry.name.includes("..")) continue;
    let item: ReportEntry | BrokenReportEntry | undefined;
    try {
      item = listEntry(root, entry.name);
    } catch (e) {
      // One unreadable folder (permissions, a symlink loop) must not hide the others.
      const code = (e as NodeJS.ErrnoException).code;
      if (!code) throw e;
      item = { name: entry.name, modifiedAt: new Date(0).toISOString(), error: `the folder cannot be read (${code})` };
    }
    if (item) reports.push(item);
  }
  reports.sort((a, b) => (a.modifiedAt < b.modifiedAt ? 1 : a.modifiedAt > b.modifiedAt ? -1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return reports.length ? { dir, reports } : { dir, reports, hint: `no report folders (with a summary.json) in "${dir}" yet; ${MAKE_ONE}` };
}

/** One report's summary and settings. */
export function readReport(evalDir: string, name: string): Report {
  const { root, summaryPath } = locate(evalDir, name);
  const summary = readJson(summaryPath, SummarySchema, "summary.json");
  if (!summary.ok) throw new AppError("data_invalid", `report "${name}": ${summary.error}`);
  const run = readRunSettings(root, name);
  if (run === undefined) return { name, summary: summary.value, run: null };
  return run.ok ? { name, summary: summary.value, run: run.value } : { name, summary: summary.value, run: null, runError: run.error };
}

/** A report's summary.svg, as text. */
export function readReportChart(evalDir: string, name: string): string {
  const { root } = locate(evalDir, name);
  const path = resolveInside(root, name, "summary.svg");
  if (path === undefined) throw new NotFoundError(`report "${name}" has no summary.svg; rerun its eval with --resume to rewrite the report files`);
  if (path === OUTSIDE) throw new NotFoundError(`report "${name}": ${OUTSIDE_TEXT("summary.svg")}`);
  const text = readText(path, "summary.svg");
  if (!text.ok) throw new AppError("data_invalid", `report "${name}": ${text.error}`);
  return text.value;
}

/** The real path of the eval directory, or undefined when it is not there. */
function realRoot(evalDir: string): string | undefined {
  try {
    const root = realpathSync(evalDir);
    return statSync(root).isDirectory() ? root : undefined;
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw e;
  }
}

/** Checks the name and finds the report's summary.json, or throws not_found naming the report. */
function locate(evalDir: string, name: string): { root: string; summaryPath: string } {
  checkReportName(name);
  const root = realRoot(evalDir);
  if (!root) throw new NotFoundError(`no report "${name}": the eval directory "${basename(evalDir)}" does not exist yet (or is not a folder); ${MAKE_ONE}`);
  const summaryPath = resolveInside(root, name, "summary.json");
  if (summaryPath === OUTSIDE) throw new NotFoundError(`report "${name}": ${OUTSIDE_TEXT("summary.json")}`);
  if (!summaryPath) throw new NotFoundError(`no report "${name}" (a report is a folder in the eval directory "${basename(evalDir)}" holding a summary.json); GET /v1/evals lists them`);
  return { root, summaryPath };
}

const OUTSIDE = Symbol("outside");
const OUTSIDE_TEXT = (file: string) => `${file} resolves outside the eval directory (a symlink?), and only files inside it are served`;

/**
 * The real path of `<root>/<name>/<file>`; undefined when there is no such file, OUTSIDE when it
 * resolves outside the eval directory (a symlinked folder or file pointing elsewhere), which is never read.
 */
function resolveInside(root: string, name: string, file: string): string | typeof OUTSIDE | undefined {
  let real: string;
  try {
    real = realpathSync(join(root, name, file));
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw e;
  }
  const prefix = root.endsWith(sep) ? root : root + sep;
  return real.startsWith(prefix) ? real : OUTSIDE;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** A file's text, if it is a regular file of at most MAX_REPORT_FILE_BYTES. */
function readText(path: string, file: string): Parsed<string> {
  const st = statSync(path);
  if (!st.isFile()) return { ok: false, error: `${file} is not a regular file` };
  if (st.size > MAX_REPORT_FILE_BYTES) return { ok: false, error: `${file} is ${(st.size / 2 ** 20).toFixed(1)} MB, over the ${MAX_REPORT_FILE_BYTES / 2 ** 20} MB the API reads of a report file; open it from disk instead` };
  return { ok: true, value: readFileSync(path, "utf8") };
}

/** A JSON file checked against a schema; the error says which fields are wrong (the first few). */
function readJson<S extends z.ZodType>(path: string, schema: S, file: string): Parsed<z.infer<S>> {
  const text = readText(path, file);
  if (!text.ok) return text;
  let raw: unknown;
  try {
    raw = JSON.parse(text.value);
  } catch (e) {
    return { ok: false, error: `${file} is not valid JSON (${(e as Error).message})` };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues;
  const shown = issues.slice(0, 3).map((i) => `${i.path.length ? i.path.join(".") : "(top level)"}: ${i.message}`);
  return { ok: false, error: `${file} does not have the shape the eval writes: ${shown.join("; ")}${issues.length > 3 ? `; and ${issues.length - 3} more` : ""}` };
}

/** run.json's settings; undefined when the report has none. */
function readRunSettings(root: string, name: string): Parsed<RunSettings> | undefined {
  const path = resolveInside(root, name, "run.json");
  if (path === undefined) return undefined;
  if (path === OUTSIDE) return { ok: false, error: OUTSIDE_TEXT("run.json") };
  return readJson(path, RunSettingsSchema, "run.json");
}

/** A listing row for one folder: undefined when it holds no summary.json (not a report, or one still running). */
function listEntry(root: string, name: string): ReportEntry | BrokenReportEntry | undefined {
  const summaryPath = resolveInside(root, name, "summary.json");
  if (summaryPath === undefined) return undefined;
  // Nothing outside is looked at, not even its time: the row takes the folder entry's own.
  if (summaryPath === OUTSIDE) return { name, modifiedAt: lstatSync(join(root, name)).mtime.toISOString(), error: OUTSIDE_TEXT("summary.json") };
  const modifiedAt = statSync(summaryPath).mtime.toISOString();
  const summary = readJson(summaryPath, SummarySchema, "summary.json");
  if (!summary.ok) return { name, modifiedAt, error: summary.error };
  const s = summary.value;
  const run = readRunSettings(root, name);
  return {
    name,
    datasets: s.datasets,
    split: run?.ok ? run.value.split : null,
    strategies: s.strategies.map((x) => x.strategy),
    n: Math.max(0, ...s.strategies.map((x) => x.n)),
    modifiedAt,
    judge: s.judgeConfigured,
  };
}

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
