import { silentProgress } from "../util/progress";
import { ingestTexts, type RawTexts } from "./ingest";
import type { Rejection } from "./ingest-report";
import type { KnowledgeBase } from "./knowledge-base";
import { assembleKnowledgeBase, buildArtifacts } from "./load";

/**
 * A knowledge base built in memory from texts, with no snapshot and no data directory: fixture
 * graphs in tests, and small custom graphs. Same parsing, typing and adapters as the real one.
 */
export async function createKnowledgeBaseFromTexts(
  texts: RawTexts,
  options: { dimension?: number; onRejection?: (r: Rejection) => void } = {},
): Promise<KnowledgeBase> {
  const started = performance.now();
  const ingest = ingestTexts(texts, options.onRejection ?? (() => {}));
  const artifacts = buildArtifacts(ingest, options.dimension ?? 16, silentProgress);
  const kb = assembleKnowledgeBase(artifacts);
  const stats = await kb.graph.stats();
  return {
    ...kb,
    info: {
      dataDir: "(in memory)",
      dataHash: "",
      source: "ingest",
      snapshotPath: "",
      loadMs: Math.round(performance.now() - started),
      report: artifacts.report,
      stats,
      stores: { graph: kb.graph.kind, text: kb.text.kind, vectors: kb.vectors.kind, embedder: kb.embedder.id, concepts: kb.concepts.kind },
      embedder: { serving: kb.embedder.id, vectors: "offline" },
    },
  };
}
