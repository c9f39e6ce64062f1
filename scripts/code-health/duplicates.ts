/**
 * Runs the `duplicates` command (repeated runs of lines) over each folder, when it is on PATH. It
 * always exits 0 and says what it could not do in its own output; an absent command is reported,
 * not an error.
 */
import { execFile } from "node:child_process";

export interface FolderDuplicates {
  folder: string;
  lines: string[];
}

export type DuplicatesResult = { available: false } | { available: true; folders: FolderDuplicates[] };

const ARGS = ["--most", "20", "--seconds", "20"];
/** Beyond its own 20 s budget, a margin for startup and git. */
const TIMEOUT_MS = 40_000;

export async function runDuplicates(folders: string[], root: string): Promise<DuplicatesResult> {
  const runs = await Promise.all(folders.map((folder) => runOne(folder, root)));
  if (runs.some((r) => r === "absent")) return { available: false };
  return { available: true, folders: runs.filter((r): r is FolderDuplicates => r !== "absent") };
}

function runOne(folder: string, root: string): Promise<FolderDuplicates | "absent"> {
  return new Promise((resolve) => {
    const args = ["--repo", folder, ...ARGS];
    execFile("duplicates", args, { cwd: root, timeout: TIMEOUT_MS, maxBuffer: 4 << 20 }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") return resolve("absent");
      const text = error ? `failed: ${error.message}\n${stderr}` : stdout;
      resolve({ folder, lines: text.trimEnd().split("\n") });
    });
  });
}
