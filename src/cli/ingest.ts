import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { isAppError } from "../errors";
import { loadKnowledgeBase } from "../kb/load";

/** `npm run ingest [-- --force]`: builds (or verifies) the knowledge-base snapshot and prints its counts. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { force: { type: "boolean", default: false }, json: { type: "boolean", default: false } } });
  const config = loadConfig();
  const kb = await loadKnowledgeBase(config, { force: values.force });
  const { info } = kb;
  const summary = {
    source: info.source,
    snapshot: info.snapshotPath,
    loadMs: info.loadMs,
    counts: info.stats,
    files: info.report.files,
    rejected: info.report.rejections.length,
  };
  process.stdout.write(values.json ? `${JSON.stringify(summary, null, 2)}\n` : `${info.source === "snapshot" ? "snapshot is current (use --force to rebuild)" : "ingested"}: ${info.stats.nodes} nodes, ${info.stats.edges} edges in ${info.loadMs} ms\n${info.snapshotPath}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(isAppError(e) ? `\n${e.message}\n\n` : `fatal: ${(e as Error)?.stack ?? String(e)}\n`);
  process.exit(1);
});
