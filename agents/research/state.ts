import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import type { QueryPlan } from "../../src/plan/schema";
import type { ConversationTurn } from "../../src/conversation/turns";
import type { FollowUp } from "../../src/question/followup/resolve";
import type { QuestionAnalysis } from "../../src/question/analyze";
import { mergeEvidence, type Evidence } from "../../tools/evidence";
import { STRATEGIES, type Draft, type Judgement, type PlannedCall, type TraceStep } from "./types";

/**
 * The research run's state, shared by every strategy so their traces compare one to one.
 * Heavy fields are typed with z.custom: LangGraph would otherwise re-validate every evidence list
 * on every update, and they are built by our own code, not read from outside.
 */
export const ResearchState = new StateSchema({
  /** The question researched: as asked, or, for a follow-up, the question it stands for (the router resolves it). */
  question: z.string(),
  /** The conversation's earlier turns, oldest first. */
  history: z.custom<ConversationTurn[]>().default(() => []),
  /** How the question was read against those turns (set by the router when there are any). */
  followUp: z.custom<FollowUp | undefined>(),
  strategy: z.enum(STRATEGIES),
  route: z.enum(["reply", "simple", "research"]).optional(),
  /** What the question asks: the typed plan the router read and the planner kept or edited (the contract every later node reads). */
  queryPlan: z.custom<QueryPlan | undefined>(),
  /** The clause each answered part of the plan answers, in order. */
  clauses: z.custom<string[]>().default(() => []),
  /** The first clause's relation reading (organize weighs evidence by it). */
  analysis: z.custom<QuestionAnalysis | undefined>(),
  /** Calls the planner chose this round. */
  pending: z.custom<PlannedCall[]>().default(() => []),
  /** The call an `act` task runs (set per Send). */
  call: z.custom<PlannedCall | undefined>(),
  /** Signatures of calls already made, so no call is repeated. */
  tried: new ReducedValue(z.custom<string[]>().default(() => []), { inputSchema: z.custom<string[]>(), reducer: (a: string[], b: string[]) => [...a, ...b] }),
  round: z.number().default(0),
  evidence: new ReducedValue(z.custom<Evidence[]>().default(() => []), { inputSchema: z.custom<Evidence[]>(), reducer: mergeEvidence }),
  trace: new ReducedValue(z.custom<TraceStep[]>().default(() => []), { inputSchema: z.custom<TraceStep[]>(), reducer: (a: TraceStep[], b: TraceStep[]) => [...a, ...b] }),
  judgement: z.custom<Judgement | undefined>(),
  /** The organised context: deduplicated, reranked, capped. */
  context: z.custom<Evidence[]>().default(() => []),
  draft: z.custom<Draft | undefined>(),
  /** The first budget that ran out, if any; later ones do not overwrite it. */
  truncated: new ReducedValue(z.custom<string | undefined>(), { inputSchema: z.custom<string | undefined>(), reducer: (a: string | undefined, b: string | undefined) => a ?? b }),
});

export type ResearchStateValue = typeof ResearchState.State;
export type ResearchUpdate = typeof ResearchState.Update;
