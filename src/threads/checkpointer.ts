import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { MemorySaver } from "@langchain/langgraph";
import type { Config } from "../config";
import { FileThreadStore, type ThreadStore } from "./store";

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

/**
 * The thread records' store: a table beside the checkpoints when they are in PostgreSQL (every
 * instance shares the threads), else files in the threads folder.
 */
export async function openThreadStore(config: Config): Promise<ThreadStore> {
  if (config.env.CHECKPOINTER === "postgres") {
    // No run outlives the deadline cap and the drain; a busy mark older than that is an instance's that died.
    const staleMs = config.caps.deadlineMs + config.env.DRAIN_TIMEOUT_MS + 60_000;
    return (await import("../adapters/postgres/thread-store")).PostgresThreadStore.open(config.env.POSTGRES_URL!, staleMs);
  }
  return new FileThreadStore(config.threadsDir);
}
