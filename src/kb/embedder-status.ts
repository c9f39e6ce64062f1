import type { EmbedderStatus } from "./knowledge-base";

/** One line for logs and reports: the embedder that serves, and a model's vectors still to build. */
export function describeEmbedder(e: EmbedderStatus): string {
  if (e.vectors === "missing") return `embedder: ${e.serving} serves; ${e.wanted}'s vectors are not built yet (${e.build ?? "npm run ingest -- --vectors"})`;
  return `embedder: ${e.serving}${e.vectors === "ready" ? " (model vectors built)" : ""}`;
}
