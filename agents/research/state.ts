import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import type { QueryPlan } from "../../src/plan/schema";
import type { ConversationTurn } from "../../src/conversation/turns";
import type { FollowUp } from "../../src/question/followup/resolve";
import type { QuestionAnalysis } from "../../src/question/analyze";
import { mergeEvidence, type Evidence } from "../../tools/evidence";
import type { DeepMemory } from "../deep/memory";
import { ROUTES, STRATEGIES, type Draft, type Judgement, type PlannedCall, type TraceStep } from "./types";

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
  route: z.enum(ROUTES).optional(),
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
  tried: new ReducedValue(z.custom<string[]>().default(() => []), { inputSchema: z.custom<string[] | TurnStart>(), reducer: perTurn((a: string[], b: string[]) => [...a, ...b], []) }),
  round: z.number().default(0),
  evidence: new ReducedValue(z.custom<Evidence[]>().default(() => []), { inputSchema: z.custom<Evidence[] | TurnStart>(), reducer: perTurn(mergeEvidence, []) }),
  trace: new ReducedValue(z.custom<TraceStep[]>().default(() => []), { inputSchema: z.custom<TraceStep[] | TurnStart>(), reducer: perTurn((a: TraceStep[], b: TraceStep[]) => [...a, ...b], []) }),
  judgement: z.custom<Judgement | undefined>(),
  /** The deep route's working memory: facets, concepts, candidates and their tests, communities, the reduce. */
  deep: z.custom<DeepMemory | undefined>(),
  /** The organised context: deduplicated, reranked, capped. */
  context: z.custom<Evidence[]>().default(() => []),
  draft: z.custom<Draft | undefined>(),
  /** The first budget that ran out, if any; later ones do not overwrite it. */
  truncated: new ReducedValue(z.custom<string | undefined>(), { inputSchema: z.custom<string | undefined | TurnStart>(), reducer: perTurn((a: string | undefined, b: string | undefined) => a ?? b, undefined) }),
});

export type ResearchStateValue = typeof ResearchState.State;

/**
 * A thread keeps one state across its turns; a new turn's input starts each per-run field afresh.
 * The accumulating fields take this marker, which empties them, since a reducer would otherwise add
 * the new turn's evidence and trace to the last one's.
 */
export const TURN_START = "__turn_start__" as const;
export type TurnStart = typeof TURN_START;

function perTurn<T>(reducer: (a: T, b: T) => T, empty: T): (a: T, b: T | TurnStart) => T {
  return (a, b) => (b === TURN_START ? empty : reducer(a, b));
}

/**
 * A new turn's input in a thread: the question, its history, and every per-run field started afresh.
 * `truncated` has no initial value, so LangGraph stores its first write as it is: the marker is sent
 * only when a value is there to empty.
 */
export function turnInput(question: string, strategy: ResearchStateValue["strategy"], history: ResearchStateValue["history"], wasTruncated: boolean): ResearchUpdate {
  return {
    question, strategy, history, followUp: undefined, route: undefined, queryPlan: undefined, clauses: [], analysis: undefined, pending: [], call: undefined, round: 0,
    judgement: undefined, deep: undefined, context: [], draft: undefined, tried: TURN_START, evidence: TURN_START, trace: TURN_START, ...(wasTruncated ? { truncated: TURN_START } : {}),
  } as ResearchUpdate;
}
export type ResearchUpdate = typeof ResearchState.Update;
