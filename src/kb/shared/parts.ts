import { EmbeddedFilmEditions } from "../../adapters/embedded/film-editions";
import { EmbeddedGraphStore, sharedColumn, type GraphIndexData } from "../../adapters/embedded/graph-store";
import { EmbeddedMovieCatalog } from "../../adapters/embedded/movie-catalog";
import { EmbeddedConceptGraph, type SharedConceptParts } from "../../adapters/embedded/concept-graph";
import { InMemoryEntityLinker, type LinkerIndexData } from "../../linking/entity-linker";
import type { Embedder } from "../../ports/embedder";
import type { FilmEdition } from "../../ports/film-editions";
import type { TmdbFacts, TmdbOnlyFilm } from "../../ports/movie-catalog";
import type { TextIndex } from "../../ports/text-index";
import type { VectorStore } from "../../ports/vector-store";
import type { KbGraphData } from "../graph-data";
import type { KnowledgeBase, KnowledgeBaseInfo } from "../knowledge-base";
import { sharedWordStats, type SharedWordCounts } from "../word-stats";
import { SharedStrings, toShared, type SharedStringsData } from "./strings";

/**
 * Everything a worker thread computes on, in shared memory (SharedArrayBuffers travel to a worker
 * without a copy): the node names and types, the edges, the films' texts, the graph's adjacency, the
 * linker's and the word counts' indexes, the concept graph. The TMDB facts, the editions and the
 * community reports are small and copied. The
 * text index, the vector stores and the embedder stay with the main thread, which answers a worker's
 * searches (see src/server/kb-rpc.ts): so one knowledge base is in memory however many workers run.
 */
export interface SharedKbParts {
  names: SharedStringsData;
  typeMask: Uint16Array;
  primaryType: Uint8Array;
  edgeSrc: Int32Array;
  edgeDst: Int32Array;
  edgeType: Uint8Array;
  plots: SharedStringsData;
  overviews: SharedStringsData;
  tmdbFacts: TmdbFacts[];
  tmdbOnly: TmdbOnlyFilm[];
  editions: FilmEdition[];
  graph: GraphIndexData;
  linker: LinkerIndexData;
  words: SharedWordCounts;
  concepts: SharedConceptParts;
}

/** The main thread's arrays and indexes as shared parts. */
export function shareParts(data: KbGraphData, graph: GraphIndexData, linker: LinkerIndexData, words: SharedWordCounts, concepts: SharedConceptParts): SharedKbParts {
  return {
    names: SharedStrings.build(data.names).data,
    typeMask: toShared(data.typeMask),
    primaryType: toShared(data.primaryType),
    edgeSrc: toShared(data.edgeSrc),
    edgeDst: toShared(data.edgeDst),
    edgeType: toShared(data.edgeType),
    plots: SharedStrings.build(data.plots).data,
    overviews: SharedStrings.build(data.overviews).data,
    tmdbFacts: data.tmdbFacts,
    tmdbOnly: data.tmdbOnly,
    editions: data.editions,
    graph,
    linker,
    words,
    concepts,
  };
}

/** The searches a worker asks the main thread for. */
export interface RemotePorts {
  text: TextIndex;
  vectors: VectorStore;
  passages: VectorStore;
  embedder: Embedder;
}

/**
 * A worker's knowledge base over the shared parts: its own copy of the node names (the linker and
 * the graph read them all the time), the films' texts decoded when read, and the main thread's
 * searches behind `remote`.
 */
export function kbFromShared(parts: SharedKbParts, remote: RemotePorts, info: KnowledgeBaseInfo): KnowledgeBase {
  const data: KbGraphData = {
    names: new SharedStrings(parts.names).toArray(),
    typeMask: parts.typeMask,
    primaryType: parts.primaryType,
    edgeSrc: parts.edgeSrc,
    edgeDst: parts.edgeDst,
    edgeType: parts.edgeType,
    plots: new SharedStrings(parts.plots).asArray() as string[],
    overviews: new SharedStrings(parts.overviews).asArray() as string[],
    tmdbFacts: parts.tmdbFacts,
    tmdbOnly: parts.tmdbOnly,
    editions: parts.editions,
  };
  const graph = new EmbeddedGraphStore(data, parts.graph, { plots: sharedColumn(new SharedStrings(parts.plots)), overviews: sharedColumn(new SharedStrings(parts.overviews)) });
  return {
    graph,
    text: remote.text,
    vectors: remote.vectors,
    passages: remote.passages,
    embedder: remote.embedder,
    linker: new InMemoryEntityLinker(data, (i) => graph.degreeAt(i), parts.linker),
    catalog: new EmbeddedMovieCatalog(parts.tmdbFacts, parts.tmdbOnly),
    editions: new EmbeddedFilmEditions(parts.editions),
    words: sharedWordStats(parts.words),
    concepts: new EmbeddedConceptGraph(parts.concepts, { indexOf: (name) => graph.indexOf(name), nameAt: (i) => data.names[i]! }),
    info,
    close: async () => {},
  };
}
