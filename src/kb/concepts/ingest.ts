import { join } from "node:path";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { createChatModel } from "../../llm/factory";
import type { ChatModel } from "../../ports/chat-model";
import { createProgress } from "../../util/progress";
import type { KnowledgeBase } from "../knowledge-base";
import { conceptModelDir, writeAtomic } from "./cache";
import { conceptFilmsOf } from "./films";
import { CONCEPT_KINDS, type ConceptKind } from "./schema";
import { buildConceptGraph, type ConceptGraph, type ConceptGraphStats } from "./index";

/**
 * The chat model `npm run ingest -- --concepts` extracts with. Checked before the knowledge base
 * loads, so a missing model stops the command at once with what to set.
 */
export function requireConceptModel(config: Config, create: (config: Config) => ChatModel | undefined = (c) => createChatModel(c)): ChatModel {
  const model = create(config);
  if (model) return model;
  throw new AppError(
    "config_invalid",
    "--concepts needs a chat model, and none is configured: set CHAT_MODEL=local (after `npm run models:fetch`), or CHAT_MODEL=gemini with GOOGLE_API_KEY, or CHAT_MODEL=openai with OPENAI_BASE_URL and OPENAI_CHAT_MODEL",
  );
}

export interface ConceptIngestSummary {
  model: string;
  path: string;
  concepts: number;
  conceptsByKind: Record<ConceptKind, number>;
  stats: ConceptGraphStats;
}

/**
 * Extracts the concepts of the KB's films (all, or the first `limit`), incrementally through the
 * cache, and writes the concept graph as one JSON file beside the cached records.
 */
export async function ingestConcepts(
  kb: KnowledgeBase,
  model: ChatModel,
  config: Config,
  options: { limit?: number; signal?: AbortSignal; log?: (line: string) => void } = {},
): Promise<{ graph: ConceptGraph; summary: ConceptIngestSummary }> {
  const films = conceptFilmsOf(kb);
  const progress = createProgress();
  let phase = "";
  const graph = await buildConceptGraph(films, model, {
    cacheDir: config.cacheDir,
    limit: options.limit,
    signal: options.signal,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
    onProgress: (p) => {
      if (p.phase !== phase) {
        if (phase) progress.done();
        phase = p.phase;
        progress.start(`concepts: ${p.phase}`, p.total);
      }
      progress.tick(p.done);
    },
  });
  if (phase) progress.done();
  const path = join(conceptModelDir(config.cacheDir, model.id), "concept-graph.json");
  writeAtomic(path, JSON.stringify(graph));
  return { graph, summary: summarizeGraph(graph, path) };
}

export function summarizeGraph(graph: ConceptGraph, path: string): ConceptIngestSummary {
  const conceptsByKind = Object.fromEntries(CONCEPT_KINDS.map((k) => [k, 0])) as Record<ConceptKind, number>;
  for (const c of graph.concepts) conceptsByKind[c.kind]++;
  return { model: graph.model, path, concepts: graph.concepts.length, conceptsByKind, stats: graph.stats };
}

/** One paragraph for the terminal. */
export function formatConceptSummary(s: ConceptIngestSummary): string {
  const { extract, summarize } = s.stats;
  const kinds = CONCEPT_KINDS.map((k) => `${s.conceptsByKind[k]} ${k}`).join(", ");
  return [
    `concepts (${s.model}): ${s.stats.films} films, ${extract.cached} from the cache, ${extract.unusable} unusable, ${extract.failed} failed; ${s.concepts} concepts (${kinds}); ${summarize.eligible - summarize.unusable - summarize.failed} model summaries`,
    `${s.stats.calls} model calls, ${s.stats.inputTokens} tokens in, ${s.stats.outputTokens} out, ${(s.stats.ms / 1000).toFixed(1)} s`,
    s.path,
  ].join("\n");
}
