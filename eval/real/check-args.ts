import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What a dev set's check script reads from its command line: `--data DIR` (else DATA_DIR, else
 * ../shared/data beside the project) and `--quiet`. Exits 2 with what to set when the data is missing.
 */
export function checkArgs(argv: readonly string[] = process.argv): { dataDir: string; quiet: boolean } {
  const at = argv.indexOf("--data");
  const project = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const dataDir = resolve((at >= 0 ? argv[at + 1] : undefined) ?? process.env.DATA_DIR ?? join(project, "..", "shared", "data"));
  if (!existsSync(join(dataDir, "metaqa", "kb.txt"))) {
    console.error(`no MetaQA data at ${dataDir} (set DATA_DIR or pass --data DIR)`);
    process.exit(2);
  }
  return { dataDir, quiet: argv.includes("--quiet") };
}
