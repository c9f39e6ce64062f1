import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../../src/config";
import { InvalidInputError } from "../../src/errors";
import { clip } from "../../src/kb/concepts/films";
import { buildConceptGraph, CONCEPT_KINDS, conceptFilmsOf, type ConceptGraph, type ConceptKind } from "../../src/kb/concepts/index";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { createChatModel } from "../../src/llm/factory";
import { mean, percentile, round } from "../../src/util/stats";
import { stableSample } from "../../src/util/random";

const DEFAULT_SAMPLE = 200;
const DEFAULT_SEED = 20261122;

/**
 * Concept extraction on a seeded sample of films with the configured chat model: time per film,
 * calls and exact tokens, unusable replies, what came out per kind, and the summary step on the
 * concepts that two or more sampled films share. Environment: CONCEPTS_SAMPLE (films, default 200),
 * CONCEPTS_SEED, CONCEPTS_FRESH=1 (a new empty cache, so every film calls the model; by default the
 * cache under CACHE_DIR is used and hits are reported).
 */
export async function benchConcepts(kb: KnowledgeBase, config: Config): Promise<Record<string, unknown>> {
  const env = process.env;
  const size = envInt("CONCEPTS_SAMPLE", DEFAULT_SAMPLE);
  const seed = envInt("CONCEPTS_SEED", DEFAULT_SEED);
  const model = createChatModel(config, { cache: false });
  if (!model) return { skipped: "no chat model configured: set CHAT_MODEL=local (after `npm run models:fetch`) or another provider" };
  const cacheDir = env.CONCEPTS_FRESH === "1" ? mkdtempSync(join(tmpdir(), "concepts-bench-")) : config.cacheDir;
  const all = conceptFilmsOf(kb);
  const sample = stableSample(all, size, seed, (f) => f.id);
  const step = Math.max(1, Math.round(sample.length / 10));
  const graph = await buildConceptGraph(sample, model, {
    cacheDir,
    log: (line) => process.stderr.write(`${line}\n`),
    onProgress: (p) => {
      if (p.done % step === 0 || p.done === p.total) process.stderr.write(`concepts ${p.phase}: ${p.done}/${p.total}\n`);
    },
  });
  await (model as { close?: () => Promise<void> }).close?.();
  return report(graph, { seed, cacheDir, sources: countBy(sample.map((f) => f.source)), sample });
}

function report(graph: ConceptGraph, run: { seed: number; cacheDir: string; sources: Record<string, number>; sample: ReturnType<typeof conceptFilmsOf> }): Record<string, unknown> {
  const { stats } = graph;
  const fresh = graph.films.filter((f) => !f.cached);
  const times = fresh.map((f) => f.ms);
  const asked = fresh.length;
  const byKind = (kind: ConceptKind) => graph.concepts.filter((c) => c.kind === kind);
  const textOf = new Map(run.sample.map((f) => [f.id, f]));
  const examples = stableSample(graph.films, 10, run.seed, (f) => f.film).map((f) => ({
    film: f.film,
    source: textOf.get(f.film)?.source,
    text: clip(textOf.get(f.film)?.text ?? "", 160),
    status: f.status,
    ...(f.reason ? { reason: f.reason } : {}),
    concepts: Object.fromEntries(CONCEPT_KINDS.map((k) => [k, f.concepts.filter((c) => c.kind === k).map((c) => c.name)])),
  }));
  const summarized = graph.concepts.filter((c) => c.summarySource === "model");
  const summaries = CONCEPT_KINDS.flatMap((k) => summarized.filter((c) => c.kind === k).slice(0, 2)).map((c) => ({ kind: c.kind, name: c.name, films: c.films.length, summary: c.summary }));
  return {
    model: graph.model,
    promptVersions: graph.promptVersions,
    seed: run.seed,
    cacheDir: run.cacheDir,
    films: stats.films,
    textSources: run.sources,
    wallMs: { total: stats.ms, extract: stats.extract.ms, summarize: stats.summarize.ms },
    perFilmMs: { asked, p50: asked ? percentile(times, 50) : null, p95: asked ? percentile(times, 95) : null, mean: asked ? round(mean(times), 0) : null, max: asked ? Math.max(...times) : null },
    calls: { total: stats.calls, extract: stats.extract.calls, summarize: stats.summarize.calls },
    tokens: {
      input: stats.inputTokens,
      output: stats.outputTokens,
      extract: { input: stats.extract.inputTokens, output: stats.extract.outputTokens, perAskedFilm: asked ? { input: round(stats.extract.inputTokens / asked, 1), output: round(stats.extract.outputTokens / asked, 1) } : null },
      summarize: { input: stats.summarize.inputTokens, output: stats.summarize.outputTokens },
    },
    unusable: { count: stats.extract.unusable, rate: round(stats.extract.unusable / Math.max(1, stats.films), 3), reasons: countBy(graph.films.filter((f) => f.status === "unusable").map((f) => reasonKind(f.reason))) },
    failed: stats.extract.failed,
    cachedHits: { films: stats.extract.cached, summaries: stats.summarize.cached },
    conceptsPerFilm: round(mean(graph.films.map((f) => f.concepts.length)), 2),
    conceptsPerKind: Object.fromEntries(CONCEPT_KINDS.map((k) => [k, { distinct: byKind(k).length, mentions: byKind(k).reduce((n, c) => n + c.films.length, 0), inTwoOrMoreFilms: byKind(k).filter((c) => c.films.length >= 2).length }])),
    topConcepts: Object.fromEntries(CONCEPT_KINDS.map((k) => [k, byKind(k).slice(0, 8).map((c) => ({ name: c.name, films: c.films.length }))])),
    summaryStep: { eligible: stats.summarize.eligible, calls: stats.summarize.calls, unusable: stats.summarize.unusable, failed: stats.summarize.failed, cached: stats.summarize.cached },
    examples,
    summaries,
  };
}

function reasonKind(reason: string | undefined): string {
  if (!reason) return "unknown";
  if (reason.includes("no concepts left")) return "empty after normalising";
  if (reason.includes("cut at")) return "cut at the output cap";
  if (reason.includes("not valid JSON")) return "not JSON";
  if (reason.includes("does not fit")) return "schema mismatch";
  return reason.slice(0, 60);
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new InvalidInputError(`${name} takes a whole number of at least 1 (got "${raw}")`);
  return n;
}
