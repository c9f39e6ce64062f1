import type { Config } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import { EDGE_TYPES, NODE_TYPE_BIT } from "../../src/kb/schema";
import { seededRandom, stableSample } from "../../src/util/random";
import { round } from "../../src/util/stats";
import { TOOLS } from "../../tools/index";
import { parseToolInput, type AnyTool } from "../../tools/tool";
import { readMetaqa, stripBrackets, type MetaqaHop } from "../datasets/metaqa";
import { timeCalls } from "./timing";

const SEED = 20261122;

/**
 * Per-call latency of every tool on the full KB (offline scorers), and Think-on-Graph's context
 * recall on MetaQA dev: run alone from the bracketed topic entity, do the gold answers appear among
 * the entities of its evidence? Reported as `all` (every gold answer present) and `any`.
 */
export async function benchTools(kb: KnowledgeBase, config: Config, options: { perHop?: number } = {}): Promise<Record<string, unknown>> {
  const dataDir = config.dataDir!;
  const rand = seededRandom(SEED);
  const graph = kb.graph as EmbeddedGraphStore;
  const names = graph.data.names;
  const movies = names.filter((_, i) => (graph.data.typeMask[i]! & NODE_TYPE_BIT.Movie) !== 0);
  const tags = names.filter((_, i) => (graph.data.typeMask[i]! & NODE_TYPE_BIT.Tag) !== 0);
  const dev1 = readMetaqa(dataDir, 1, "dev");
  const questions = stableSample(dev1, 500, SEED, (q) => q.id).map((q) => stripBrackets(q.raw));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const run = (tool: AnyTool) => async (input: unknown) => tool.run(parseToolInput(tool, input), { kb, step: 1 });

  const inputs: Record<string, unknown[]> = {
    full_text: questions.map((q) => ({ query: q })),
    lookup_entity: stableSample(dev1, 500, SEED, (q) => q.id).map((q) => ({ mention: q.topic })),
    neighbors: Array.from({ length: 2000 }, () => ({ entity: pick(names), edge: pick(EDGE_TYPES), direction: "both" })),
    semantic_search: questions.map((q) => ({ query: q })),
    depth_first: Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? { movies: [pick(movies), pick(movies)] } : { query: questions[i]! })),
    breadth_first: Array.from({ length: 200 }, () => ({ query: `movies about ${pick(tags)}` })),
  };
  const latency: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(inputs)) latency[name] = await timeCalls(list, run(TOOLS[name as keyof typeof TOOLS]), 20);

  const recall: Record<string, unknown> = {};
  const tog: Record<string, unknown> = {};
  for (const hop of [1, 2, 3] as MetaqaHop[]) {
    const sample = stableSample(readMetaqa(dataDir, hop, "dev"), options.perHop ?? 500, SEED, (q) => q.id);
    for (const scorer of ["lexical", "embedding"] as const) {
      let all = 0;
      let any = 0;
      const t = await timeCalls(sample, async (q) => {
        const out = await run(TOOLS.think_on_graph)({ question: stripBrackets(q.raw), entities: [q.topic], width: 3, depth: 3, scorer });
        const ents = new Set(out.evidence.flatMap((e) => e.nodeIds));
        if (q.answers.every((a) => ents.has(a))) all++;
        if (q.answers.some((a) => ents.has(a))) any++;
      }, 0);
      recall[`${hop}hop_${scorer}`] = { n: sample.length, all: round(all / sample.length, 3), any: round(any / sample.length, 3) };
      tog[`${hop}hop_${scorer}`] = t;
    }
  }
  return { latency: { ...latency, think_on_graph: tog }, thinkOnGraphContextRecallDev: recall };
}
