import type { Config } from "../config";
import type { KnowledgeBase } from "./knowledge-base";
import type { KbArtifacts } from "./load";

/**
 * Swaps the embedded graph/text/vector stores for the configured scale-out ones (Neo4j, Qdrant).
 * With the defaults (GRAPH_STORE=embedded, VECTOR_STORE=embedded) it changes nothing.
 */
export async function connectBackends(kb: Omit<KnowledgeBase, "info">, config: Config, artifacts: KbArtifacts, log: (line: string) => void): Promise<void> {
  void kb;
  void artifacts;
  void log;
  if (config.env.GRAPH_STORE === "embedded" && config.env.VECTOR_STORE === "embedded") return;
  throw new Error("scale-out backends are not wired yet");
}
