import { loadConfig } from "../../src/config";
import { InvalidInputError } from "../../src/errors";
import { loadKnowledgeBase } from "../../src/kb/load";
import { benchKb } from "./kb";
import { benchTools } from "./tools";
import { benchApi } from "./api";
import { benchService } from "./service";
import { benchConcepts } from "./concepts";
import { benchConceptGraph } from "./concept-graph";
import { benchNeo4jVectors } from "./neo4j-vectors";
import { benchRobustness } from "./robustness";
import { benchModel } from "./model";
import { benchLikeTmdb } from "./like-tmdb";
import { benchReading } from "./reading";
import { runMain } from "../../src/cli/entry";

/**
 * `npm run bench -- <suite...>`: measures the figures the issues ask for and prints them as JSON.
 * Suites: kb, tools, api and service (these start the service in its own processes: service measures
 * start to healthy, memory with 1, 2 and 4 workers, throughput, drain and the model vector build), concepts (needs
 * a chat model; see concepts.ts for its environment), concept-graph (the offline concept layer: its
 * size, build time, memory, call latency, sample reports; with NEO4J_URI, parity with Neo4j), like-tmdb (films like a film
 * found from its TMDB row alone, as for a film the graph lacks, against the films sharing its KB tags),
 * neo4j-vectors (a live Neo4j: ANN recall@10 against the exact scan, query latency, ingest time), robustness (the first 1,500 tip-of-the-tongue requests
 * sent to a started service: status counts), reading (what reading the longest and the shortest tip-of-the-tongue posts costs, no model), model (the configured chat model's prompt and output tokens per second). Benchmarks are not tests: they print numbers, and the README records them.
 */
const SUITES = ["kb", "tools", "reading", "api", "service", "concepts", "concept-graph", "like-tmdb", "neo4j-vectors", "robustness", "model"] as const;
type Suite = (typeof SUITES)[number];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !(SUITES as readonly string[]).includes(a) && a !== "all");
  if (unknown.length) throw new InvalidInputError(`unknown bench suite(s): ${unknown.join(", ")}; choose from ${SUITES.join(", ")} or all`);
  const config = loadConfig();
  // "all" measures the chat model only when one is configured.
  const suites: Suite[] = args.length === 0 || args.includes("all") ? SUITES.filter((s) => s !== "model" || config.chatModel !== "none") : (args as Suite[]);
  // The api suite starts the service in its own processes; only kb and tools need the KB here.
  const kb = suites.some((s) => s !== "api" && s !== "service" && s !== "robustness" && s !== "model") ? await loadKnowledgeBase(config) : undefined;
  const out: Record<string, unknown> = { machine: { cpus: (await import("node:os")).cpus().length, node: process.version } };
  for (const s of suites) {
    process.stderr.write(`bench ${s}...\n`);
    if (s === "kb") {
      const baseline = config.embedder === "corpus" ? undefined : await loadKnowledgeBase({ ...config, embedder: "corpus" }, { log: () => {} });
      out.kb = await benchKb(kb!, config, baseline);
    }
    if (s === "tools") out.tools = await benchTools(kb!, config);
    if (s === "reading") out.reading = await benchReading(kb!, config);
    if (s === "api") out.api = await benchApi(config);
    if (s === "service") out.service = await benchService(config);
    if (s === "robustness") out.robustness = await benchRobustness(config);
    if (s === "model") out.model = await benchModel(config);
    if (s === "concepts") out.concepts = await benchConcepts(kb!, config);
    if (s === "like-tmdb") out.likeTmdb = await benchLikeTmdb(kb!, config);
    if (s === "concept-graph") out.conceptGraph = await benchConceptGraph(kb!, config, { log: (l) => process.stderr.write(`${l}\n`) });
    // Needs NEO4J_URI and NEO4J_PASSWORD; rewrites this embedder's vectors in that Neo4j.
    if (s === "neo4j-vectors") out.neo4jVectors = await benchNeo4jVectors(kb!, config, { log: (l) => process.stderr.write(`${l}\n`) });
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

runMain("bench failed", main);
