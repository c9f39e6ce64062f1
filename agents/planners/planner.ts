import type { QueryPlan } from "../../src/plan/schema";
import type { QuestionAnalysis } from "../../src/question/analyze";
import { stableStringify } from "../../src/util/stable-json";
import type { RunContext } from "../research/context";
import type { ResearchStateValue } from "../research/state";
import type { Draft, Judgement, PlannedCall } from "../research/types";

/** What a planner step tells the trace besides its result. */
export interface StepNote {
  rationale: string;
  /** Set when the model step failed and the heuristic answered instead. */
  fallback?: string;
  /** Set when a budget ran out during the step (the run will say it was truncated). */
  truncated?: string;
  notes?: string[];
}

/** The plan the planner will run (the rules' plan, or a model's edit of it), with the clauses it answers. */
export interface PrimeResult extends StepNote {
  plan: QueryPlan;
  clauses: string[];
  analysis?: QuestionAnalysis;
}

export interface PlanResult extends StepNote {
  calls: PlannedCall[];
}

/**
 * A research strategy's decisions. Every strategy implements all four with the same inputs and
 * outputs, so runs and traces compare one to one.
 */
export interface Planner {
  readonly name: string;
  prime(state: ResearchStateValue, ctx: RunContext): Promise<PrimeResult>;
  plan(state: ResearchStateValue, ctx: RunContext): Promise<PlanResult>;
  judge(state: ResearchStateValue, ctx: RunContext): Promise<Judgement & StepNote>;
  answer(state: ResearchStateValue, ctx: RunContext): Promise<Draft & StepNote>;
}

/** A call's identity for "already tried": the tool and its arguments. */
export function callSignature(c: Pick<PlannedCall, "tool" | "args">): string {
  return `${c.tool}:${stableStringify(c.args)}`;
}
