import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { AppError } from "../../errors";
import type { OpenCheckpointer } from "../../threads/checkpointer";

/**
 * The scale-out checkpointer: LangGraph's maintained PostgreSQL saver, shared by every instance of
 * the service. Its tables are made on open (idempotent). A server that cannot be reached stops
 * start-up with its address, never its password.
 */
export const openPostgresCheckpointer: OpenCheckpointer = async (url) => {
  const saver = PostgresSaver.fromConnString(url);
  const where = redact(url);
  try {
    await saver.setup();
  } catch (e) {
    await saver.end().catch(() => {});
    throw new AppError("backend_unavailable", `PostgreSQL checkpointer at ${where}: ${(e as Error).message.replaceAll(url, where)}`);
  }
  return { saver, describe: `postgres ${where}`, close: () => saver.end() };
};

/** The URL without its password. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(an unparsable POSTGRES_URL)";
  }
}
