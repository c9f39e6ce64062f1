import { readFileSync, readdirSync, statSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { PROJECT_ROOT } from "../config";
import { CorpusEmbedder, trainCorpusEmbedder, type CorpusEmbedderModel } from "../adapters/embedded/corpus-embedder";
import { EmbeddedGraphStore, buildGraphIndex } from "../adapters/embedded/graph-store";
import { EmbeddedFilmEditions } from "../adapters/embedded/film-editions";
import type { FilmEdition } from "../ports/film-editions";
import { EmbeddedMovieCatalog } from "../adapters/embedded/movie-catalog";
import { EmbeddedTextIndex, buildTextIndex, loadTextIndex, serializeTextIndex } from "../adapters/embedded/text-index";
import { StoryIndex, buildStoryIndex, type StoryIndexData } from "../adapters/embedded/story-index";
import { EmbeddedVectorStore } from "../adapters/embedded/vector-store";
import { EmbeddedConceptGraph, shareConceptGraph } from "../adapters/embedded/concept-graph";
import { buildConceptGraphData } from "./concepts/offline/build";
import { conceptSections, readConceptSections, type ConceptGraphData } from "./concepts/offline/data";
import { InMemoryEntityLinker } from "../linking/entity-linker";
import { countWords, shareWordCounts, sharedWordStats, type WordCounts } from "./word-stats";
import { shareParts, type SharedKbParts } from "./shared/parts";
import { buildLinkerIndex } from "../linking/entity-linker";
import { connectBackends } from "./backends";
import { openModelEmbedder } from "./embedders";
import { buildModelVectors, readModelVectors } from "./model-vectors";
import type { TmdbFacts, TmdbOnlyFilm } from "../ports/movie-catalog";
import { sha256Hex } from "../util/hash";
import { createProgress, type Progress } from "../util/progress";
import type { NodeType } from "./schema";
import { dataContentHash, locateDataFiles } from "./data-files";
import { collectMovieFacts, movieDocument, overviewPassages, semanticDocument } from "./documents";
import { ingestRawData, type IngestResult } from "./ingest";
import { formatReport, type IngestReport, type Rejection } from "./ingest-report";
import type { KbGraphData } from "./graph-data";
import type { EmbedderStatus, KnowledgeBase } from "./knowledge-base";
import { SnapshotCorruptError, readSnapshotFile, writeSnapshotFile } from "./snapshot-file";

/** Source files whose code shapes the snapshot: a change to any of them invalidates old snapshots. */
const SNAPSHOT_SOURCES = [
  "src/kb/build.ts",
  "src/kb/documents.ts",
  "src/kb/graph-data.ts",
  "src/kb/ingest.ts",
  "src/kb/ingest-report.ts",
  "src/kb/load.ts",
  "src/kb/schema.ts",
  "src/kb/snapshot-file.ts",
  "src/kb/tmdb-join.ts",
  "src/kb/word-stats.ts",
  "src/kb/parse/kb-triples.ts",
  "src/kb/parse/wikimovies.ts",
  "src/kb/parse/tmdb.ts",
  "src/kb/parse/csv.ts",
  "src/kb/concepts/offline/build.ts",
  "src/kb/concepts/offline/collect.ts",
  "src/kb/concepts/offline/communities.ts",
  "src/kb/concepts/offline/cooccurrence.ts",
  "src/kb/concepts/offline/data.ts",
  "src/kb/concepts/offline/lexicon.ts",
  "src/kb/concepts/offline/mentions.ts",
  "src/kb/concepts/offline/names.ts",
  "src/kb/concepts/offline/nlp.ts",
  "src/kb/concepts/offline/reports.ts",
  "src/kb/concepts/offline/series.ts",
  "src/kb/concepts/offline/table.ts",
  "src/kb/concepts/offline/typing.ts",
  "src/adapters/embedded/corpus-embedder.ts",
  "src/adapters/embedded/text-index.ts",
  "src/adapters/embedded/story-index.ts",
  "src/math/dense.ts",
  "src/math/sparse.ts",
  "src/util/text.ts",
];

const KEEP_SNAPSHOTS = 4;

export interface LoadOptions {
  /** Rebuild from the raw files even when a valid snapshot exists. */
  force?: boolean;
  /**
   * A model embedder's vectors: `if-built` (default) uses them when a build left them in the cache
   * and otherwise serves at once with the offline embedder, saying so; `build` builds them first
   * (npm run models:fetch, npm run ingest -- --vectors).
   */
  vectors?: "if-built" | "build";
  progress?: Progress;
  log?: (line: string) => void;
  onRejection?: (r: Rejection) => void;
}

interface SnapshotMeta {
  key: string;
  dataHash: string;
  report: IngestReport;
  embedder: { dimension: number; fingerprint: string };
  movieCount: number;
}

export interface KbArtifacts {
  data: KbGraphData;
  report: IngestReport;
  embedderModel: CorpusEmbedderModel;
  movieRows: Int32Array;
  movieVectors: Float32Array;
  textIndexJson: string;
  stories: StoryIndexData;
  wordCounts: WordCounts;
  concepts: ConceptGraphData;
}

export function snapshotKey(dataHash: string, config: Config): string {
  const code = SNAPSHOT_SOURCES.map((f) => sha256Hex(readFileSync(join(PROJECT_ROOT, f)))).join(",");
  return sha256Hex(`${dataHash}|${code}|dim=${config.env.EMBED_DIM}`);
}

export function snapshotPathFor(config: Config, key: string): string {
  return join(config.cacheDir, `kb-${key.slice(0, 24)}.snap`);
}

/**
 * Opens the knowledge base: from a verified snapshot when one matches the data and code, otherwise
 * by ingesting the raw files and writing a fresh snapshot. A damaged snapshot is rebuilt, never trusted.
 */
export async function loadKnowledgeBase(config: Config, options: LoadOptions = {}): Promise<KnowledgeBase> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const files = locateDataFiles(config.dataDir);
  const dataHash = dataContentHash(files);
  const key = snapshotKey(dataHash, config);
  const path = snapshotPathFor(config, key);

  let artifacts: KbArtifacts | undefined;
  let source: "snapshot" | "ingest" = "snapshot";
  if (!options.force) {
    try {
      artifacts = readArtifacts(path, key);
    } catch (e) {
      if (!(e instanceof SnapshotCorruptError)) throw e;
      if (!/ENOENT/.test(e.message)) log(`${e.message}; rebuilding it from the raw files`);
    }
  }
  if (!artifacts) {
    source = "ingest";
    const progress = options.progress ?? createProgress();
    progress.start("ingest", 5);
    artifacts = buildArtifacts(ingestRawData(files, options.onRejection), config.env.EMBED_DIM, progress);
    log(formatReport(artifacts.report));
    const bytes = writeArtifacts(path, key, dataHash, artifacts);
    log(`snapshot written: ${path} (${(bytes / 1e6).toFixed(1)} MB)`);
    pruneSnapshots(config.cacheDir, path);
  }
  const kb = assembleKnowledgeBase(artifacts);
  const embedder = await useModelEmbedder(kb, config, artifacts, options, log);
  await connectBackends(kb, config, artifacts, log);
  const stats = await kb.graph.stats();
  return {
    ...kb,
    info: {
      dataDir: files.dir,
      dataHash,
      source,
      snapshotPath: path,
      loadMs: Math.round(performance.now() - started),
      report: artifacts.report,
      stats,
      stores: { graph: kb.graph.kind, text: kb.text.kind, vectors: kb.vectors.kind, embedder: kb.embedder.id, concepts: kb.concepts.kind },
      embedder,
    },
  };
}

/** Parsed graph → every artifact the embedded adapters need (embedder, movie vectors, text index). */
export function buildArtifacts(ingest: IngestResult, dimension: number, progress: Progress): KbArtifacts {
  const { data, report } = ingest;
  progress.tick(1);
  const facts = collectMovieFacts(data);
  const docs = facts.map((f) => movieDocument(f, data.plots[f.node]!));
  const embedderModel = trainCorpusEmbedder(docs, { dimension });
  progress.tick(2);
  const embedder = new CorpusEmbedder(embedderModel);
  const k = embedderModel.dimension;
  const movieVectors = new Float32Array(docs.length * k);
  docs.forEach((d, i) => movieVectors.set(embedder.embedSync(d), i * k));
  progress.tick(3);
  const textIndexJson = serializeTextIndex(buildTextIndex(data, facts));
  const stories = buildStoryIndex(data, facts);
  progress.tick(4);
  const concepts = buildConceptGraphData(data);
  progress.tick(5);
  progress.done(`${data.names.length} nodes, ${data.edgeType.length} edges, ${concepts.keys.length} concepts`);
  const wordCounts = countWords(data.plots.map((p, i) => `${p} ${data.overviews[i] ?? ""}`));
  return { data, report, embedderModel, movieRows: Int32Array.from(facts.map((f) => f.node)), movieVectors, textIndexJson, stories, wordCounts, concepts };
}

function writeArtifacts(path: string, key: string, dataHash: string, a: KbArtifacts): number {
  const meta: SnapshotMeta = {
    key,
    dataHash,
    report: { ...a.report, rejections: a.report.rejections.slice(0, 1000) },
    embedder: { dimension: a.embedderModel.dimension, fingerprint: a.embedderModel.fingerprint },
    movieCount: a.movieRows.length,
  };
  return writeSnapshotFile(path, meta, {
    names: { kind: "json", value: a.data.names },
    typeMask: { kind: "u16", value: a.data.typeMask },
    primaryType: { kind: "u8", value: a.data.primaryType },
    edgeSrc: { kind: "i32", value: a.data.edgeSrc },
    edgeDst: { kind: "i32", value: a.data.edgeDst },
    edgeType: { kind: "u8", value: a.data.edgeType },
    plots: { kind: "json", value: a.data.plots },
    overviews: { kind: "json", value: a.data.overviews },
    tmdbFacts: { kind: "json", value: a.data.tmdbFacts },
    tmdbOnly: { kind: "json", value: a.data.tmdbOnly },
    editions: { kind: "json", value: a.data.editions },
    vocab: { kind: "json", value: a.embedderModel.vocab },
    idf: { kind: "f32", value: a.embedderModel.idf },
    termVectors: { kind: "f32", value: a.embedderModel.termVectors },
    movieRows: { kind: "i32", value: a.movieRows },
    movieVectors: { kind: "f32", value: a.movieVectors },
    textIndex: { kind: "json", value: a.textIndexJson },
    storyTerms: { kind: "json", value: a.stories.terms },
    storyOffsets: { kind: "i32", value: a.stories.offsets },
    storyDocs: { kind: "i32", value: a.stories.docs },
    storyTf: { kind: "u8", value: a.stories.tf },
    storyFields: { kind: "u8", value: a.stories.fields },
    storyLength: { kind: "f32", value: a.stories.length },
    wordVocab: { kind: "json", value: { words: a.wordCounts.words, documents: a.wordCounts.documents } },
    wordCounts: { kind: "i32", value: a.wordCounts.counts },
    ...conceptSections(a.concepts),
  });
}

export function readArtifacts(path: string, key: string): KbArtifacts {
  const r = readSnapshotFile(path);
  const meta = r.meta as SnapshotMeta;
  if (!meta || meta.key !== key) throw new SnapshotCorruptError(path, "built from other data or code");
  const data: KbGraphData = {
    names: r.json<string[]>("names"),
    typeMask: r.array("typeMask", "u16"),
    primaryType: r.array("primaryType", "u8"),
    edgeSrc: r.array("edgeSrc", "i32"),
    edgeDst: r.array("edgeDst", "i32"),
    edgeType: r.array("edgeType", "u8"),
    plots: r.json<string[]>("plots"),
    overviews: r.json<string[]>("overviews"),
    tmdbFacts: r.json<TmdbFacts[]>("tmdbFacts"),
    tmdbOnly: r.json<TmdbOnlyFilm[]>("tmdbOnly"),
    editions: r.json<FilmEdition[]>("editions"),
  };
  const n = data.names.length;
  if (data.typeMask.length !== n || data.primaryType.length !== n || data.plots.length !== n || data.overviews.length !== n) {
    throw new SnapshotCorruptError(path, "node arrays disagree in length");
  }
  const vocab = r.json<string[]>("vocab");
  const embedderModel: CorpusEmbedderModel = {
    dimension: meta.embedder.dimension,
    fingerprint: meta.embedder.fingerprint,
    vocab,
    idf: r.array("idf", "f32"),
    termVectors: r.array("termVectors", "f32"),
  };
  if (embedderModel.termVectors.length !== vocab.length * embedderModel.dimension) throw new SnapshotCorruptError(path, "term vectors disagree with the vocabulary");
  return {
    data,
    report: meta.report,
    embedderModel,
    movieRows: r.array("movieRows", "i32"),
    movieVectors: r.array("movieVectors", "f32"),
    textIndexJson: r.json<string>("textIndex"),
    stories: { terms: r.json<string[]>("storyTerms"), offsets: r.array("storyOffsets", "i32"), docs: r.array("storyDocs", "i32"), tf: r.array("storyTf", "u8"), fields: r.array("storyFields", "u8"), length: r.array("storyLength", "f32") },
    wordCounts: wordCountsFrom(r, path),
    concepts: readConceptSections(r, path, n),
  };
}

function wordCountsFrom(r: ReturnType<typeof readSnapshotFile>, path: string): WordCounts {
  const vocab = r.json<{ words: string[]; documents: number }>("wordVocab");
  const counts = r.array("wordCounts", "i32");
  if (counts.length !== vocab.words.length) throw new SnapshotCorruptError(path, "word counts disagree with their vocabulary");
  return { words: vocab.words, counts, documents: vocab.documents };
}

/**
 * The model embedder, when one is configured and its vectors are built (or `vectors: "build"` builds
 * them now); otherwise the offline embedder keeps serving and the status says why and what to run.
 */
async function useModelEmbedder(kb: Omit<KnowledgeBase, "info">, config: Config, artifacts: KbArtifacts, options: LoadOptions, log: (l: string) => void): Promise<EmbedderStatus> {
  const offline = kb.embedder.id;
  const model = await openModelEmbedder(config);
  if (!model) return { serving: offline, vectors: "offline" };
  const facts = collectMovieFacts(artifacts.data);
  const sets = [
    { what: "movies", ids: facts.map((f) => artifacts.data.names[f.node]!), texts: facts.map((f) => semanticDocument(f, artifacts.data.plots[f.node]!)) },
    { what: "overviews", ...overviewPassages(artifacts.data) },
  ];
  const build = options.vectors === "build";
  const stores = [];
  for (const set of sets) {
    const ready = build ? await buildModelVectors(config, set, model, options.progress ?? createProgress(), log) : readModelVectors(config, set, model);
    if (ready) stores.push(ready);
  }
  if (stores.length < sets.length) {
    await (model as { close?: () => Promise<void> }).close?.();
    log(`${model.id}: its vectors are not built yet, so the offline embedder (${offline}) serves; build them with npm run ingest -- --vectors (about 6 minutes for the local encoder on 2 cores), then restart`);
    return { serving: offline, wanted: model.id, vectors: "missing", build: "npm run ingest -- --vectors" };
  }
  kb.embedder = model;
  [kb.vectors, kb.passages] = stores as [EmbeddedVectorStore, EmbeddedVectorStore];
  return { serving: model.id, vectors: "ready" };
}

/** The embedded adapters over a set of artifacts. */
export function assembleKnowledgeBase(a: KbArtifacts): Omit<KnowledgeBase, "info"> {
  // Closures below read `data` only, so the rest of the artifacts (the concept builder's arrays,
  // copied into shared memory here) can be collected.
  const { data } = a;
  // The indexes are built once in shared memory: this thread uses them, and worker threads read the same copy.
  const linkerIndex = buildLinkerIndex(a.data.names);
  const graphIndex = buildGraphIndex(a.data, linkerIndex.exact);
  const wordCounts = shareWordCounts(a.wordCounts);
  const graph = new EmbeddedGraphStore(a.data, graphIndex);
  const text = new EmbeddedTextIndex(loadTextIndex(a.textIndexJson), a.data, new StoryIndex(a.stories, a.data.names));
  const embedder = new CorpusEmbedder(a.embedderModel);
  const ids = Array.from(a.movieRows, (i) => data.names[i]!);
  const types: NodeType[] = Array.from(a.movieRows, () => "Movie");
  const vectors = new EmbeddedVectorStore(embedder.dimension, { ids, types, matrix: a.movieVectors });
  // The offline embedder's overview vectors cost plot matching on the tuning plots (Hits@1 0.86 ->
  // 0.74 at its fusion weights, 0.82 at a model's), so only a model embedder fills this store (see loadKnowledgeBase).
  const passages = new EmbeddedVectorStore(embedder.dimension);
  const linker = new InMemoryEntityLinker(a.data, (i) => graph.degreeAt(i), linkerIndex);
  // In process whatever GRAPH_STORE says: the facts are small and ranking them needs no graph.
  const catalog = new EmbeddedMovieCatalog(a.data.tmdbFacts, a.data.tmdbOnly);
  const editions = new EmbeddedFilmEditions(a.data.editions);
  const words = sharedWordStats(wordCounts);
  const conceptParts = shareConceptGraph(a.concepts);
  const concepts = new EmbeddedConceptGraph(conceptParts, { indexOf: (name) => graph.indexOf(name), nameAt: (i) => data.names[i]! });
  let shared: SharedKbParts | undefined;
  return {
    graph, text, vectors, passages, embedder, linker, catalog, editions, words, concepts,
    // Made on first ask (a worker pool): the films' texts are copied into shared memory only then.
    sharedParts: () => (shared ??= shareParts(data, graphIndex, linkerIndex, wordCounts, conceptParts)),
    close: async () => {},
  };
}

function pruneSnapshots(dir: string, keep: string): void {
  const snaps = readdirSync(dir)
    .filter((f) => /^kb-[0-9a-f]+\.snap$/.test(f))
    .map((f) => join(dir, f))
    .filter((p) => p !== keep)
    .sort((x, y) => statSync(y).mtimeMs - statSync(x).mtimeMs);
  for (const p of snaps.slice(KEEP_SNAPSHOTS - 1)) rmSync(p, { force: true });
}

