import { loadConfig } from "../../src/config";
import { DataMissingError } from "../../src/errors";
import { loadKnowledgeBase } from "../../src/kb/load";

/**
 * Ingests the real data once (or verifies the snapshot) before any worker starts. Without data the
 * real-KB tests skip locally; under CI=true a missing data directory fails the run.
 */
export default async function setup(): Promise<void> {
  const config = loadConfig();
  try {
    await loadKnowledgeBase(config, { log: (l) => process.stderr.write(`[global-setup] ${l}\n`) });
  } catch (e) {
    if (e instanceof DataMissingError && !config.ci) {
      process.stderr.write("[global-setup] no data directory: tests on the real knowledge base will be skipped\n");
      return;
    }
    throw e;
  }
}
