/** The API's shapes, as the server's own types (type-only imports: nothing of the server reaches the browser). */
export type { RunResult, TraceStep } from "../../../agents/research/types";
export type { Evidence } from "../../../tools/evidence";
export type { StoredRun, RunStatus } from "../../runs/store";
export type { ReportListing, Report } from "../../evals/schemas";
import type { z } from "zod";
import type { AggregateSchema } from "../../evals/schemas";
/** One strategy's figures in a report, as the reports API reads summary.json. */
export type Aggregate = z.infer<typeof AggregateSchema>;
export type { KbNode, Neighbor } from "../../kb/schema";
export type { ConversationTurn } from "../../conversation/turns";

export interface ApiErrorBody {
  code: string;
  message: string;
  requestId?: string;
}
