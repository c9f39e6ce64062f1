/**
 * Code health: decision points per function (if, ?:, case, loops, catch, && || ??) in the question,
 * planning and answering folders, the functions with the most, and the `duplicates` command's pairs
 * per folder where it is installed. Reports only unless --max N is given.
 * Usage: npm run health [-- --json] [-- --max 25] [-- --dirs src/question,agents/planners]
 *
 * Other scripts add sections with `runHealthCli([{ title, lines: async () => [...] }])`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseHealthArgs, USAGE, UsageError, type HealthOptions } from "./code-health/args";
import { runDuplicates } from "./code-health/duplicates";
import { decisionLines, duplicateSections, sectionLines, type Section } from "./code-health/format";
import { scanFolders } from "./code-health/scan";

export { decisionCounts } from "./code-health/decisions";
export { DEFAULT_DIRS, type HealthOptions } from "./code-health/args";

/** A section another script adds to the report (rule counts, lexicon sizes, …). */
export interface HealthExtra {
  title: string;
  lines(): Promise<string[]>;
}

export interface RunOptions extends HealthOptions {
  /** Folders are read relative to this; default the current directory. */
  root?: string;
}

/** Prints the report to stdout and resolves to the exit code: 1 when --max is exceeded, else 0. */
export async function runHealth(options: RunOptions, extras: HealthExtra[] = []): Promise<number> {
  const root = resolve(options.root ?? process.cwd());
  const { report, functions } = scanFolders(options.dirs, root);
  const present = report.folders.map((f) => f.folder);
  const [duplicates, extraSections] = await Promise.all([runDuplicates(present, root), Promise.all(extras.map(runExtra))]);
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ...report, extras: extraSections, duplicates }, null, 2)}\n`);
  } else {
    const sections = [...extraSections, ...duplicateSections(duplicates)];
    const lines = [...decisionLines(report), ...sections.flatMap(sectionLines)];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return exitCode(options.max, functions.filter((f) => options.max !== undefined && f.decisions > options.max).length);
}

function exitCode(max: number | undefined, over: number): number {
  if (max === undefined || over === 0) return 0;
  process.stderr.write(`code-health: ${over} function(s) over --max ${max}\n`);
  return 1;
}

/** A failing extra says so in its own section rather than sinking the report. */
async function runExtra(extra: HealthExtra): Promise<Section> {
  try {
    return { title: extra.title, lines: await extra.lines() };
  } catch (e) {
    return { title: extra.title, lines: [`failed: ${(e as Error)?.message ?? String(e)}`] };
  }
}

/** The command line: parses process.argv, runs the report with `extras`, sets the exit code (2 for bad flags). */
export async function runHealthCli(extras: HealthExtra[] = []): Promise<void> {
  try {
    const options = parseHealthArgs(process.argv.slice(2));
    if (options === undefined) process.stdout.write(`${USAGE}\n`);
    else process.exitCode = await runHealth(options, extras);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`code-health: ${e.message}\n${USAGE}\n`);
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHealthCli().catch((e: unknown) => {
    process.stderr.write(`code-health failed: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exitCode = 1;
  });
}
