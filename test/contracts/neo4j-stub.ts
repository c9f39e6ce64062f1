import type { DriverLike, SessionLike, TransactionLike } from "../../src/adapters/neo4j/connection";

/**
 * A stand-in for the Neo4j driver (no server here): each query goes to `answer`, which returns rows or
 * throws. It records every query with its access mode and timeout, and counts sessions opened and
 * closed, so tests check what the adapter sends and that it always releases sessions.
 */
export interface StubCall {
  mode: "READ" | "WRITE";
  text: string;
  params: Record<string, unknown>;
  timeout: number | undefined;
}

export type Answer = (text: string, params: Record<string, unknown>, mode: "READ" | "WRITE") => Record<string, unknown>[];

export class StubDriver implements DriverLike {
  readonly calls: StubCall[] = [];
  opened = 0;
  closed = 0;
  driverClosed = false;
  verifyError: unknown;

  constructor(public answer: Answer = () => []) {}

  session(config: { database: string; defaultAccessMode: "READ" | "WRITE" }): SessionLike {
    this.opened++;
    const run = async <T>(mode: "READ" | "WRITE", work: (tx: TransactionLike) => Promise<T>, cfg?: { timeout?: number }): Promise<T> => {
      const tx: TransactionLike = {
        run: async (text, params) => {
          this.calls.push({ mode, text, params, timeout: cfg?.timeout });
          return { records: this.answer(text, params, mode).map((row) => ({ toObject: () => row })) };
        },
      };
      if (mode !== config.defaultAccessMode) throw new Error(`a ${mode} transaction in a ${config.defaultAccessMode} session`);
      return work(tx);
    };
    return {
      executeRead: (work, cfg) => run("READ", work, cfg),
      executeWrite: (work, cfg) => run("WRITE", work, cfg),
      close: async () => {
        this.closed++;
      },
    };
  }

  async verifyConnectivity(): Promise<unknown> {
    if (this.verifyError) throw this.verifyError;
    return {};
  }

  async close(): Promise<void> {
    this.driverClosed = true;
  }
}

/** An error shaped like the driver's Neo4jError. */
export function driverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: "Neo4jError", code, retryable: code === "ServiceUnavailable" || code === "SessionExpired" });
}
