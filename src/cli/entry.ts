import { isAppError } from "../errors";

/** Node's parseArgs rejects unknown options, missing values and the like with these codes. */
const isUsageError = (e: unknown): e is Error => typeof (e as { code?: unknown })?.code === "string" && (e as { code: string }).code.startsWith("ERR_PARSE_ARGS_");

/**
 * Runs a command's main and exits 1 on failure. Problems of the caller's making (an AppError: no
 * data, bad config, bad arguments; or a flag parseArgs rejected) print their message alone; anything
 * else is a bug and prints its stack under `label`.
 */
export function runMain(label: string, main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    if (isAppError(e) || isUsageError(e)) process.stderr.write(`${e.message}\n`);
    else process.stderr.write(`${label}: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exit(1);
  });
}
