import { END, START, Send, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { ResearchState, type ResearchStateValue } from "./state";
import { router } from "./nodes/router";
import { reply } from "./nodes/reply";
import { simpleRag } from "./nodes/simple-rag";
import { prime } from "./nodes/prime";
import { plan } from "./nodes/plan";
import { act } from "./nodes/act";
import { judge } from "./nodes/judge";
import { organize } from "./nodes/organize";
import { answer } from "./nodes/answer";
import { validate } from "./nodes/validate";
import { primer } from "./nodes/primer";
import { traverse } from "./nodes/traverse";
import { assess } from "./nodes/assess";
import { reduce } from "./nodes/reduce";
import { StepRunnable } from "./step-runnable";

/**
 * The research graph, as drawn in DESIGN.md:
 *
 *   question → router ─┬─ reply (chit-chat, out of domain: no retrieval) ────────────────────► END
 *                      ├─ simple_rag ─────────────────────────────────────────► answer → validate
 *                      ├─ prime → plan ─(Send ×N)→ act → judge ─ more ─► plan
 *                      │            └─ finish ───────────────┴─ enough ─► organize → answer → validate
 *                      └─ deep: prime → primer → traverse ─(Send ×N)→ act → assess ─ more ─► traverse
 *                                                    └─ finish ──────────────────┴─ enough ─► reduce → answer → validate
 */
export function buildResearchGraph(checkpointer?: BaseCheckpointSaver) {
  return new StateGraph(ResearchState)
    .addNode("router", router)
    .addNode("reply", reply)
    .addNode("simple_rag", simpleRag)
    .addNode("prime", prime)
    .addNode("plan", plan)
    .addNode("act", act)
    .addNode("judge", judge)
    .addNode("organize", organize)
    .addNode("answer", answer)
    .addNode("validate", validate)
    .addNode("primer", primer)
    .addNode("traverse", traverse)
    .addNode("assess", assess)
    .addNode("reduce", reduce)
    .addEdge(START, "router")
    .addConditionalEdges("router", edge("routeAfterRouter", routeAfterRouter), ["reply", "simple_rag", "prime"])
    .addEdge("reply", END)
    .addEdge("simple_rag", "answer")
    .addConditionalEdges("prime", edge("researchOrDeep", researchOrDeep), ["plan", "primer"])
    .addConditionalEdges("plan", edge("fanOutCalls", fanOutCalls), ["act", "organize"])
    .addConditionalEdges("act", edge("judgeOrAssess", judgeOrAssess), ["judge", "assess"])
    .addConditionalEdges("judge", edge("moreOrEnough", moreOrEnough), ["plan", "organize"])
    .addEdge("primer", "traverse")
    .addConditionalEdges("traverse", edge("fanOutDeep", fanOutDeep), ["act", "reduce"])
    .addConditionalEdges("assess", edge("deeperOrReduce", deeperOrReduce), ["traverse", "reduce"])
    .addEdge("reduce", "answer")
    .addEdge("organize", "answer")
    .addEdge("answer", "validate")
    .addEdge("validate", END)
    .compile(checkpointer ? { checkpointer } : undefined);
}

function routeAfterRouter(s: ResearchStateValue): "reply" | "simple_rag" | "prime" {
  return s.route === "reply" ? "reply" : s.route === "simple" ? "simple_rag" : "prime";
}

/** Each planned call runs as its own `act` task, in parallel; no calls means finish. */
function fanOutCalls(s: ResearchStateValue): Send[] | "organize" {
  return s.pending.length ? s.pending.map((call) => new Send("act", { ...s, call })) : "organize";
}

function researchOrDeep(s: ResearchStateValue): "plan" | "primer" {
  return s.route === "deep" ? "primer" : "plan";
}

function judgeOrAssess(s: ResearchStateValue): "judge" | "assess" {
  return s.route === "deep" ? "assess" : "judge";
}

/** A deep round's calls run as parallel `act` tasks; none left means the reduce. */
function fanOutDeep(s: ResearchStateValue): Send[] | "reduce" {
  return s.pending.length ? s.pending.map((call) => new Send("act", { ...s, call })) : "reduce";
}

function deeperOrReduce(s: ResearchStateValue): "traverse" | "reduce" {
  return !s.truncated && s.deep && !s.deep.stopped && s.deep.next.length > 0 ? "traverse" : "reduce";
}

function moreOrEnough(s: ResearchStateValue): "plan" | "organize" {
  const j = s.judgement;
  return !s.truncated && j && !j.enough && (j.followUps.length > 0 || j.plannerChooses) ? "plan" : "organize";
}

/** An edge's routing function, called directly by LangGraph (see StepRunnable). */
function edge<O>(name: string, fn: (s: ResearchStateValue) => O) {
  return new StepRunnable<ResearchStateValue, O>(name, fn);
}
