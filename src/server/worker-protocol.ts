import type { ResearchOptions } from "../../agents/research/run";
import type { RunResult, TraceStep } from "../../agents/research/types";
import type { ErrorCode } from "../errors";
import type { SharedKbParts } from "../kb/shared/parts";
import type { KnowledgeBaseInfo } from "../kb/knowledge-base";
import type { RemoteInfo } from "./kb-rpc";

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

/** What a worker starts with: the knowledge base's shared parts, what it knows of the remote ports, and the base's info. */
export interface WorkerBoot {
  shared: SharedKbParts;
  remote: RemoteInfo;
  info: KnowledgeBaseInfo;
}
