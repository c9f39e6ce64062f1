import type { ResearchOptions } from "../../agents/research/run";
import type { RunResult, TraceStep } from "../../agents/research/types";
import type { ErrorCode } from "../errors";

/** Messages between the server thread and a research worker. */
export type WorkerRequest =
  | { type: "run"; id: number; question: string; options: Omit<ResearchOptions, "signal" | "onStep">; wantSteps: boolean }
  | { type: "abort"; id: number }
  /** Flush what must not be lost (buffered trace spans), then exit. */
  | { type: "close" };

export type WorkerReply =
  | { type: "ready" }
  | { type: "step"; id: number; step: TraceStep }
  | { type: "result"; id: number; result: RunResult }
  | { type: "error"; id: number; error: { name: string; message: string; code?: ErrorCode; details?: unknown; aborted: boolean } };
