import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { loadKnowledgeBase } from "../../src/kb/load";

const config = loadConfig();

/** Whether the real data set is present. Under CI=true it must be: a missing one fails, not skips. */
export const hasRealData: boolean = (() => {
  const present = config.dataDir !== undefined && existsSync(join(config.dataDir, "metaqa", "kb.txt"));
  if (!present && config.ci) throw new Error(`CI=true but no MetaQA data at ${config.dataDir ?? "(unset DATA_DIR)"}`);
  return present;
})();

let shared: Promise<KnowledgeBase> | undefined;

/** The real knowledge base, loaded once per worker from the snapshot the global setup wrote. */
export function realKb(): Promise<KnowledgeBase> {
  shared ??= loadKnowledgeBase(config, { log: () => {} });
  return shared;
}

export const realConfig = config;
