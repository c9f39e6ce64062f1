/** The health report's flags: --json, --max N, --dirs a,b,c (and --help). */
import { parseArgs } from "node:util";

export const DEFAULT_DIRS = [
  "src/question",
  "src/plan",
  "agents/plan",
  "agents/planners",
  "agents/answering",
  "agents/deep",
  "src/kb/concepts/offline",
];

export const USAGE = `usage: npm run health -- [--json] [--max N] [--dirs a,b,c]
  --json      print the report as JSON
  --max N     exit 1 when any function has more than N decision points (default: report only)
  --dirs a,b  the folders to read, comma-separated (default: ${DEFAULT_DIRS.join(",")})`;

export interface HealthOptions {
  dirs: string[];
  json: boolean;
  /** Exit 1 when a function has more decision points than this; undefined reports only. */
  max: number | undefined;
}

/** The caller's flags are off: print the message and the usage, exit 2. */
export class UsageError extends Error {}

/** Parses argv (without node and the script); `undefined` means --help was asked for. */
export function parseHealthArgs(argv: string[]): HealthOptions | undefined {
  const values = parseFlags(argv);
  if (values.help) return undefined;
  return { json: values.json ?? false, max: parseMax(values.max), dirs: parseDirs(values.dirs) };
}

function parseFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        json: { type: "boolean" },
        max: { type: "string" },
        dirs: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

function parseMax(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--max takes a whole number of 0 or more, not '${text}'`);
  return Number(text);
}

function parseDirs(text: string | undefined): string[] {
  if (text === undefined) return DEFAULT_DIRS;
  const dirs = text.split(",").map((d) => d.trim()).filter((d) => d.length > 0);
  if (dirs.length === 0) throw new UsageError("--dirs takes a comma-separated list of folders, got none");
  return dirs;
}
