import type { ConceptGraph } from "../ports/concept-graph";
import type { Embedder } from "../ports/embedder";
import type { EntityLinker } from "../ports/entity-linker";
import type { GraphStats, GraphStore } from "../ports/graph-store";
import type { FilmEditions } from "../ports/film-editions";
import type { MovieCatalog } from "../ports/movie-catalog";
import type { TextIndex } from "../ports/text-index";
import type { VectorStore } from "../ports/vector-store";
import type { IngestReport } from "./ingest-report";
import type { WordStats } from "./word-stats";
import type { SharedKbParts } from "./shared/parts";

/** Everything the tools and agents read: the ports, wired to whichever adapters are configured. */
export interface KnowledgeBase {
  graph: GraphStore;
  text: TextIndex;
  vectors: VectorStore;
  /**
   * TMDB overviews with their keywords, one vector per film that has one (id = the film), by the
   * same embedder; in process whatever VECTOR_STORE says, and apart from \`vectors\` so the overview
   * benchmark's queries stay out of the movie vectors.
   */
  passages: VectorStore;
  embedder: Embedder;
  linker: EntityLinker;
  /** TMDB genres, keywords and figures of the movies that join a TMDB row. */
  catalog: MovieCatalog;
  /** The films a merged title stands for, with their years and people. */
  editions: FilmEditions;
  /** How ordinary each word is in the films' plots and overviews (for calibrated linking). */
  words: WordStats;
  /** What films are about: typed concepts, their weighted film links, co-occurrence and communities with reports. */
  concepts: ConceptGraph;
  info: KnowledgeBaseInfo;
  /** The embedded knowledge base's arrays and indexes in shared memory, for worker threads (absent for others). */
  sharedParts?: () => SharedKbParts;
  close(): Promise<void>;
}

export interface KnowledgeBaseInfo {
  dataDir: string;
  dataHash: string;
  source: "snapshot" | "ingest";
  snapshotPath: string;
  loadMs: number;
  report: IngestReport;
  stats: GraphStats;
  stores: { graph: string; text: string; vectors: string; embedder: string; concepts: string };
  embedder: EmbedderStatus;
}

/** Which embedder serves, and why not the model one that was asked for when it is not. */
export interface EmbedderStatus {
  /** The embedder answering queries now. */
  serving: string;
  /** The model embedder configured, when it is not the one serving. */
  wanted?: string;
  /** `offline`: no model embedder configured; `ready`: the model's vectors are built and serve; `missing`: not built yet. */
  vectors: "offline" | "ready" | "missing";
  /** The command that builds the missing vectors. */
  build?: string;
}
