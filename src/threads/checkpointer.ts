import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { MemorySaver } from "@langchain/langgraph";
import type { Config } from "../config";

/** A checkpointer opened: LangGraph's saver, a line saying which (never a password), and how to close it. */
export interface Checkpointer {
  saver: BaseCheckpointSaver;
  describe: string;
  close(): Promise<void>;
}

export type OpenCheckpointer = (target: string) => Promise<Checkpointer>;

/**
 * Opens the configured checkpointer: SQLite in the threads folder by default, PostgreSQL for
 * several service instances (POSTGRES_URL), or memory (lost on exit; tests). The vendor savers are
 * imported only when chosen.
 */
export async function openCheckpointer(config: Config): Promise<Checkpointer> {
  switch (config.env.CHECKPOINTER) {
    case "memory":
      return { saver: new MemorySaver(), describe: "memory", close: async () => {} };
    case "postgres":
      return (await import("../adapters/checkpoint/postgres")).openPostgresCheckpointer(config.env.POSTGRES_URL!);
    default:
      return (await import("../adapters/checkpoint/sqlite")).openSqliteCheckpointer(config.checkpointDb);
  }
}
