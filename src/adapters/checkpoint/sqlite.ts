import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import type { OpenCheckpointer } from "../../threads/checkpointer";

/**
 * The embedded checkpointer: LangGraph's maintained SQLite saver over one file (WAL mode, so the
 * research workers write and the HTTP thread reads at once). Its folder is made if missing.
 */
export const openSqliteCheckpointer: OpenCheckpointer = async (target) => {
  mkdirSync(dirname(target), { recursive: true });
  const saver = SqliteSaver.fromConnString(target);
  return {
    saver,
    describe: `sqlite ${target}`,
    close: async () => {
      (saver as unknown as { db: { close(): void } }).db.close();
    },
  };
};
