import { ModelCallError, type ChatModel } from "../../ports/chat-model";
import { ConceptCache } from "./cache";
import { EXTRACT_PROMPT_VERSION, conceptKey, extractConcepts, filmInputHash, readReply } from "./extract";
import type { ConceptFilm } from "./films";
import { CONCEPT_KINDS, type ConceptKind, type ConceptRef } from "./schema";
import { SUMMARY_PROMPT_VERSION, listSummary, summarizeConcept, summaryInputHash, type ConceptMembers } from "./summarize";
import { countingMeter, type CallUsage } from "./usage";

export { conceptFilms, conceptFilmsOf, type ConceptFilm } from "./films";
export { CONCEPT_KINDS, type ConceptKind, type ConceptRef } from "./schema";

/** A concept of the graph: its kind, the films that mention it and what they have in common. */
export interface ConceptNode {
  key: string;
  kind: ConceptKind;
  /** The spelling most of its films use. */
  name: string;
  /** Exact KB names, in the order the films were given. */
  films: string[];
  summary: string;
  /** `model`: written by the chat model; `list`: its films listed (too few films, list mode, or an unusable reply). */
  summarySource: "model" | "list";
}

export interface FilmConcepts {
  film: string;
  /** `failed`: the call itself failed (timeout, HTTP error); not cached, so the next run asks again. */
  status: "ok" | "unusable" | "failed";
  concepts: ConceptRef[];
  cached: boolean;
  /** Wall time of this film in this run. */
  ms: number;
  reason?: string;
}

interface StepStats extends CallUsage {
  cached: number;
  unusable: number;
  ms: number;
}

export interface ConceptGraphStats extends CallUsage {
  films: number;
  ms: number;
  /** Calls and tokens are this run's; `cached` films cost nothing; `unusable` counts cached ones too. */
  extract: StepStats & { failed: number };
  /** `eligible`: concepts with enough films for a model summary; the others are listed. */
  summarize: StepStats & { mode: SummaryMode; eligible: number; failed: number };
}

export interface ConceptGraph {
  model: string;
  promptVersions: { extract: string; summary: string };
  concepts: ConceptNode[];
  films: FilmConcepts[];
  stats: ConceptGraphStats;
}

/** `model`: one call per concept of at least `minFilmsForSummary` films; `list`: no calls, the films listed. */
export type SummaryMode = "model" | "list";

export interface ConceptProgress {
  phase: "extract" | "summarize";
  done: number;
  total: number;
}

export interface ConceptGraphOptions {
  cacheDir: string;
  /** Only the first `limit` films. */
  limit?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ConceptProgress) => void;
  summaries?: SummaryMode;
  minFilmsForSummary?: number;
  log?: (line: string) => void;
}

// A provider that fails this many calls in a row is down, not unlucky: stop rather than fail every film.
const MAX_CONSECUTIVE_CALL_FAILURES = 5;

/**
 * Extracts every film's concepts (from the cache when its text and the prompt are unchanged), joins
 * the mentions by normalised name and kind, and summarises each concept from its films.
 */
export async function buildConceptGraph(films: readonly ConceptFilm[], model: ChatModel, options: ConceptGraphOptions): Promise<ConceptGraph> {
  const started = performance.now();
  const cache = new ConceptCache(options.cacheDir, model.id, options.log);
  const chosen = options.limit === undefined ? films : films.slice(0, options.limit);
  const extracted = await extractAll(chosen, model, cache, options);
  const members = groupConcepts(chosen, extracted.films);
  const summarized = await summarizeAll(members, model, cache, options);
  const extract = extracted.stats;
  const summarize = summarized.stats;
  return {
    model: model.id,
    promptVersions: { extract: EXTRACT_PROMPT_VERSION, summary: SUMMARY_PROMPT_VERSION },
    concepts: summarized.concepts,
    films: extracted.films,
    stats: {
      films: chosen.length,
      ms: Math.round(performance.now() - started),
      calls: extract.calls + summarize.calls,
      inputTokens: extract.inputTokens + summarize.inputTokens,
      outputTokens: extract.outputTokens + summarize.outputTokens,
      extract,
      summarize,
    },
  };
}

async function extractAll(films: readonly ConceptFilm[], model: ChatModel, cache: ConceptCache, options: ConceptGraphOptions) {
  const stats = { calls: 0, inputTokens: 0, outputTokens: 0, cached: 0, unusable: 0, failed: 0, ms: 0 };
  const out: FilmConcepts[] = [];
  const started = performance.now();
  let failedInARow = 0;
  for (const film of films) {
    options.signal?.throwIfAborted();
    const t0 = performance.now();
    const inputHash = filmInputHash(film);
    const hit = cache.film(film.id, inputHash, EXTRACT_PROMPT_VERSION);
    if (hit) {
      const x = hit.reply ? readReply(hit.reply, film.title) : { status: "unusable" as const, concepts: [], reason: hit.reason };
      stats.cached++;
      if (x.status === "unusable") stats.unusable++;
      out.push({ film: film.id, status: x.status, concepts: x.concepts, cached: true, ms: Math.round(performance.now() - t0), ...(x.reason ? { reason: x.reason } : {}) });
    } else {
      const { meter, usage } = countingMeter();
      try {
        const x = await extractConcepts(film, model, { signal: options.signal, meter });
        failedInARow = 0;
        stats.calls += x.calls;
        stats.inputTokens += x.inputTokens;
        stats.outputTokens += x.outputTokens;
        if (x.status === "unusable") stats.unusable++;
        const failure = x.reply ? {} : { reason: x.reason };
        cache.putFilm({ film: film.id, inputHash, promptVersion: EXTRACT_PROMPT_VERSION, model: model.id, reply: x.reply ?? null, ...failure, calls: x.calls, inputTokens: x.inputTokens, outputTokens: x.outputTokens, ms: x.ms });
        out.push({ film: film.id, status: x.status, concepts: x.concepts, cached: false, ms: x.ms, ...(x.reason ? { reason: x.reason } : {}) });
      } catch (e) {
        if (!(e instanceof ModelCallError) || options.signal?.aborted || ++failedInARow >= MAX_CONSECUTIVE_CALL_FAILURES) throw e;
        addFailedCall(stats, usage);
        options.log?.(`concepts: ${film.id}: ${e.message}`);
        out.push({ film: film.id, status: "failed", concepts: [], cached: false, ms: Math.round(performance.now() - t0), reason: e.message });
      }
    }
    options.onProgress?.({ phase: "extract", done: out.length, total: films.length });
  }
  stats.ms = Math.round(performance.now() - started);
  return { films: out, stats };
}

/** Mentions joined by key; the most used spelling names the concept. Largest concepts first. */
export function groupConcepts(films: readonly ConceptFilm[], results: readonly FilmConcepts[]): ConceptMembers[] {
  const byId = new Map(films.map((f) => [f.id, f]));
  const groups = new Map<string, { kind: ConceptKind; films: ConceptFilm[]; spellings: Map<string, number> }>();
  for (const result of results) {
    const film = byId.get(result.film);
    if (!film) continue;
    for (const c of result.concepts) {
      const key = conceptKey(c.kind, c.name);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { kind: c.kind, films: [], spellings: new Map() }));
      if (g.films[g.films.length - 1] !== film) g.films.push(film);
      g.spellings.set(c.name, (g.spellings.get(c.name) ?? 0) + 1);
    }
  }
  const kindOrder = (k: ConceptKind) => CONCEPT_KINDS.indexOf(k);
  return [...groups]
    .map(([key, g]) => ({ key, kind: g.kind, name: [...g.spellings].sort((a, b) => b[1] - a[1])[0]![0], films: g.films }))
    .sort((a, b) => b.films.length - a.films.length || kindOrder(a.kind) - kindOrder(b.kind) || a.key.localeCompare(b.key));
}

async function summarizeAll(members: readonly ConceptMembers[], model: ChatModel, cache: ConceptCache, options: ConceptGraphOptions) {
  const mode = options.summaries ?? "model";
  const minFilms = options.minFilmsForSummary ?? 2;
  const eligible = mode === "model" ? members.filter((m) => m.films.length >= minFilms) : [];
  const stats = { mode, eligible: eligible.length, calls: 0, inputTokens: 0, outputTokens: 0, cached: 0, unusable: 0, failed: 0, ms: 0 };
  const started = performance.now();
  const written = new Map<string, string>();
  let failedInARow = 0;
  for (const [i, m] of eligible.entries()) {
    options.signal?.throwIfAborted();
    const inputHash = summaryInputHash(m);
    const hit = cache.summary(m.key, inputHash, SUMMARY_PROMPT_VERSION);
    if (hit) {
      stats.cached++;
      if (hit.status === "ok") written.set(m.key, hit.summary);
      else stats.unusable++;
    } else {
      const { meter, usage } = countingMeter();
      try {
        const s = await summarizeConcept(m, model, { signal: options.signal, meter });
        failedInARow = 0;
        stats.calls += s.calls;
        stats.inputTokens += s.inputTokens;
        stats.outputTokens += s.outputTokens;
        if (s.status === "ok") written.set(m.key, s.summary);
        else stats.unusable++;
        cache.putSummary({ key: m.key, inputHash, promptVersion: SUMMARY_PROMPT_VERSION, model: model.id, ...s });
      } catch (e) {
        if (!(e instanceof ModelCallError) || options.signal?.aborted || ++failedInARow >= MAX_CONSECUTIVE_CALL_FAILURES) throw e;
        addFailedCall(stats, usage);
        options.log?.(`concepts: summary of ${m.key}: ${e.message}`);
      }
    }
    options.onProgress?.({ phase: "summarize", done: i + 1, total: eligible.length });
  }
  stats.ms = Math.round(performance.now() - started);
  const concepts: ConceptNode[] = members.map((m) => {
    const summary = written.get(m.key);
    return { key: m.key, kind: m.kind, name: m.name, films: m.films.map((f) => f.id), summary: summary ?? listSummary(m), summarySource: summary ? "model" : "list" };
  });
  return { concepts, stats };
}

/** A failed request still cost its attempts (at least one); the meter saw them. */
function addFailedCall(stats: CallUsage & { failed: number }, usage: CallUsage): void {
  stats.calls += Math.max(1, usage.calls);
  stats.inputTokens += usage.inputTokens;
  stats.outputTokens += usage.outputTokens;
  stats.failed++;
}
