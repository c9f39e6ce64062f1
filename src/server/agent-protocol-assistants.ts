import { STRATEGIES, type Strategy } from "../../agents/research/types";
import { HttpError } from "./errors";

/** The graph every assistant runs, and the default assistant's id (LangGraph names a graph's default assistant after its graph). */
export const GRAPH_ID = "research";

const DESCRIPTIONS: Record<Strategy, string> = {
  auto: "the default: without a chat model the heuristic planner; with one, open requests take the deep route, questions naming nothing go to simple and the rest to llm",
  llm: "a chat model reads the rules' query plan and keeps or corrects it; the same compiler, judge and renderer run its plan",
  agent: "a chat model chooses each step's tool calls from the tools' schemas and the evidence so far, or finishes; the rules' judge checks every part and the renderer writes the answer",
  heuristic: "the rules' query plan, no model (the offline default)",
  deep: "the deep route for every question: facets and constraints, concepts and communities, an iterative traversal tested facet by facet, films ranked by the facets they meet",
  tog: "Think-on-Graph only, then the shared answerer (a baseline)",
  depth: "depth-first search only, then the shared answerer (a baseline)",
  breadth: "breadth-first search only, then the shared answerer (a baseline)",
  fulltext: "BM25 full-text search only, then the shared answerer (a baseline)",
  simple: "SimpleRAG: the top 8 films by vector search, no query processing",
};
const assistantIdOf = (s: Strategy) => (s === "auto" ? GRAPH_ID : s);

/** Every entry of the filter equals the object's (as JSON). */
export const matches = (obj: Record<string, unknown> | null | undefined, filter: Record<string, unknown> | null | undefined): boolean =>
  Object.entries(filter ?? {}).every(([k, v]) => JSON.stringify(obj?.[k]) === JSON.stringify(v));

/** The Agent Protocol's assistants: one per strategy the service can run (llm and agent only with a chat model), the default first. */
export function strategyAssistants(hasModel: boolean) {
  const createdAt = new Date().toISOString();
  const list = STRATEGIES.filter((s) => (s !== "llm" && s !== "agent") || hasModel).map((s) => ({
    assistant_id: assistantIdOf(s),
    graph_id: GRAPH_ID,
    config: { configurable: { strategy: s } },
    context: {},
    created_at: createdAt,
    updated_at: createdAt,
    metadata: { strategy: s, created_by: "system" },
    version: 1,
    name: assistantIdOf(s),
    description: DESCRIPTIONS[s],
  }));
  type Assistant = (typeof list)[number];
  return {
    /** One by id; an unknown id is a 404 that lists the ids. */
    get(id: string): Assistant {
      const a = list.find((x) => x.assistant_id === id);
      if (a) return a;
      const ids = list.map((x) => x.assistant_id);
      const why = id === "llm" ? " (llm needs a chat model: the service was started without one; set CHAT_MODEL)" : "";
      throw new HttpError(404, "not_found", `unknown assistant "${id}"${why}; available: ${ids.join(", ")}`, { assistantId: id, available: ids });
    },
    /** Those a search asks for: by graph, by a part of the name (any case), by metadata. */
    matching(b: { graph_id?: string | null; name?: string | null; metadata?: Record<string, unknown> | null }): Assistant[] {
      return list.filter((a) => (!b.graph_id || a.graph_id === b.graph_id) && (!b.name || a.name.toLowerCase().includes(b.name.toLowerCase())) && matches(a.metadata, b.metadata));
    },
  };
}
