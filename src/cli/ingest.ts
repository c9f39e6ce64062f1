import { parseArgs } from "node:util";
import { loadConfig, type Config } from "../config";
import { InvalidInputError } from "../errors";
import { formatConceptSummary, ingestConcepts, requireConceptModel } from "../kb/concepts/ingest";
import { loadKnowledgeBase } from "../kb/load";
import { describeEmbedder } from "../kb/embedder-status";
import { formatChecks, ingestIntoBackends, parseTargets } from "./ingest-backends";
import { runMain } from "./entry";

/**
 * `npm run ingest [-- --force] [--vectors] [--graph neo4j] [--vectors qdrant|neo4j] [--concepts [--concept-limit N]]`:
 * `--vectors` alone builds the model embedder's vectors into the cache (progress bar, time left, resumable);
 * builds (or verifies) the knowledge-base snapshot and prints its counts; with --concepts it then
 * extracts the films' concepts with the chat model (src/kb/concepts); with --graph/--vectors it then
 * pushes the graph, the full-text fields and the movie vectors into those backends and compares
 * their counts. `--graph neo4j --vectors neo4j` puts all three in one Neo4j.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    // "--vectors" with no backend after it: build the model embedder's vectors here.
    args: process.argv.slice(2).flatMap((a, i, all) => (a === "--vectors" && (i === all.length - 1 || all[i + 1]!.startsWith("--")) ? ["--vectors=embedded"] : [a])),
    options: {
      force: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      graph: { type: "string" },
      vectors: { type: "string" },
      "graph-batch": { type: "string" },
      "vector-batch": { type: "string" },
      "fresh-vectors": { type: "boolean", default: false },
      concepts: { type: "boolean", default: false },
      "concept-limit": { type: "string" },
    },
  });
  const buildVectors = values.vectors === "embedded";
  const targets = parseTargets(values.graph, buildVectors ? undefined : values.vectors);
  const config = loadConfig();
  if (values["concept-limit"] !== undefined && !values.concepts) throw new InvalidInputError("--concept-limit goes with --concepts");
  const conceptLimit = positiveInt(values["concept-limit"], "--concept-limit");
  const conceptModel = values.concepts ? requireConceptModel(config) : undefined;
  // The snapshot is the source of what gets pushed, so it loads with the embedded stores whatever
  // GRAPH_STORE/VECTOR_STORE say (the backends may well be empty still).
  const kb = await loadKnowledgeBase(embeddedOnly(config), { force: values.force, vectors: buildVectors || targets.vectors ? "build" : "if-built" });
  if (buildVectors && config.embedder === "corpus") process.stderr.write("EMBEDDER picks the offline embedder (its vectors are in the snapshot): set EMBEDDER=local (after npm run models:fetch), openai or gemini to build a model's vectors\n");
  const { info } = kb;
  const summary = {
    source: info.source,
    snapshot: info.snapshotPath,
    loadMs: info.loadMs,
    counts: info.stats,
    embedder: info.embedder,
    files: info.report.files,
    rejected: info.report.rejections.length,
  };
  process.stdout.write(values.json ? `${JSON.stringify(summary, null, 2)}\n` : `${info.source === "snapshot" ? "snapshot is current (use --force to rebuild)" : "ingested"}: ${info.stats.nodes} nodes, ${info.stats.edges} edges in ${info.loadMs} ms\n${info.snapshotPath}\n${describeEmbedder(info.embedder)}\n`);
  if (conceptModel) {
    const { summary: concepts } = await ingestConcepts(kb, conceptModel, config, { limit: conceptLimit });
    process.stdout.write(values.json ? `${JSON.stringify(concepts, null, 2)}\n` : `${formatConceptSummary(concepts)}\n`);
  }
  if (!targets.graph && !targets.vectors) return;
  const pushed = await ingestIntoBackends(kb, config, targets, {
    graphBatch: positiveInt(values["graph-batch"], "--graph-batch"),
    vectorBatch: positiveInt(values["vector-batch"], "--vector-batch"),
    freshVectors: values["fresh-vectors"],
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(values.json ? `${JSON.stringify(pushed, null, 2)}\n` : `${formatChecks(pushed)}\n`);
  if (!pushed.ok) {
    process.stderr.write("\nsome backend counts differ from the local knowledge base: run the same command again (it resumes); add --fresh-vectors if the vector store holds vectors of other data\n");
    process.exitCode = 1;
  }
}

function embeddedOnly(config: Config): Config {
  return { ...config, env: { ...config.env, GRAPH_STORE: "embedded", VECTOR_STORE: "embedded" } };
}

function positiveInt(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new InvalidInputError(`${flag} takes a whole number from 1 to 100000 (got "${raw}")`);
  return n;
}

runMain("fatal", main);
