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
import { StepRunnable } from "./step-runnable";

/**
 * The research graph, as drawn in DESIGN.md:
 *
 *   question → router ─┬─ reply (chit-chat, out of domain: no retrieval) ────────────────────► END
 *                      ├─ simple_rag ─────────────────────────────────────────► answer → validate
 *                      └─ prime → plan ─(Send ×N)→ act → judge ─ more ─► plan
 *                                   └─ finish ───────────────┴─ enough ─► organize → answer → validate
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
    .addEdge(START, "router")
    .addConditionalEdges("router", edge("routeAfterRouter", routeAfterRouter), ["reply", "simple_rag", "prime"])
    .addEdge("reply", END)
    .addEdge("simple_rag", "answer")
    .addEdge("prime", "plan")
    .addConditionalEdges("plan", edge("fanOutCalls", fanOutCalls), ["act", "organize"])
    .addEdge("act", "judge")
    .addConditionalEdges("judge", edge("moreOrEnough", moreOrEnough), ["plan", "organize"])
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

function moreOrEnough(s: ResearchStateValue): "plan" | "organize" {
  const j = s.judgement;
  return !s.truncated && j && !j.enough && j.followUps.length > 0 ? "plan" : "organize";
}

/** An edge's routing function, called directly by LangGraph (see StepRunnable). */
function edge<O>(name: string, fn: (s: ResearchStateValue) => O) {
  return new StepRunnable<ResearchStateValue, O>(name, fn);
}
