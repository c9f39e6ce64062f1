import { mean, percentile, round } from "../../src/util/stats";
import { normalizeAnswer } from "../metrics";

/** What an open request (a known item, a recommendation) carries beyond its gold films. */
export interface RankedGold {
  /** Gold films the person accepted (recommend); absent when the set marks none. */
  accepted?: string[];
  /** KB films the person said they had seen or loved: none may be recommended back. */
  seen?: string[];
}

/** A run's ranked answers scored against the gold films (KB names). */
export interface RankingMetrics {
  hit5: 0 | 1;
  hit10: 0 | 1;
  /** 1 / rank of the first gold film among the answers; 0 when none is there. */
  rr: number;
  /** Whether the top 5 holds a film the person said they had seen (only for requests that name one). */
  seenIn5?: 0 | 1;
  /** hit@5 on the accepted gold films only (only for requests with one). */
  acceptedHit5?: 0 | 1;
}

/** Scores the answers in the order the run ranked them, each name once. */
export function rankingMetrics(answers: readonly { name: string }[], gold: readonly string[], extra: RankedGold = {}): RankingMetrics {
  const ranked = [...new Set(answers.map((a) => normalizeAnswer(a.name)))];
  const within = (names: readonly string[], k: number): 0 | 1 => {
    const set = new Set(names.map(normalizeAnswer));
    return ranked.slice(0, k).some((n) => set.has(n)) ? 1 : 0;
  };
  const g = new Set(gold.map(normalizeAnswer));
  const first = ranked.findIndex((n) => g.has(n));
  return {
    hit5: within(gold, 5),
    hit10: within(gold, 10),
    rr: first < 0 ? 0 : round(1 / (first + 1), 4),
    ...(extra.seen?.length ? { seenIn5: within(extra.seen, 5) } : {}),
    ...(extra.accepted?.length ? { acceptedHit5: within(extra.accepted, 5) } : {}),
  };
}

/** The scores of a failed run: nothing found, nothing recommended back. */
export function failedRanking(extra: RankedGold = {}): RankingMetrics {
  return { hit5: 0, hit10: 0, rr: 0, ...(extra.seen?.length ? { seenIn5: 0 } : {}), ...(extra.accepted?.length ? { acceptedHit5: 0 } : {}) };
}

/** The fields of a record the ranking figures are computed from. */
export interface RankedRecord {
  error?: unknown;
  metrics: { ranking?: RankingMetrics; nonModelMs: number; llmCalls: number };
}

export interface RankingAggregate {
  n: number;
  hit5: number;
  hit10: number;
  mrr: number;
  /** Requests that name a seen KB film, and the share of their runs whose top 5 holds one (must be 0). */
  seenN?: number;
  seenIn5?: number;
  /** Requests with an accepted KB film, and hit@5 on those films only. */
  acceptedN?: number;
  acceptedHit5?: number;
  nonModelP50Ms: number;
  nonModelP95Ms: number;
  avgLlmCalls: number;
  /** Runs that failed (scored as finding nothing). */
  errors: number;
}

/** Hit@5, hit@10 and MRR over records that carry ranking metrics; failed runs count as misses. */
export function aggregateRanking(records: readonly RankedRecord[]): RankingAggregate {
  const rs = records.filter((r) => r.metrics.ranking);
  const ok = rs.filter((r) => !r.error);
  const m = (xs: readonly number[]) => (xs.length ? round(mean(xs), 4) : 0);
  const seen = rs.flatMap((r) => (r.metrics.ranking!.seenIn5 === undefined ? [] : [r.metrics.ranking!.seenIn5]));
  const accepted = rs.flatMap((r) => (r.metrics.ranking!.acceptedHit5 === undefined ? [] : [r.metrics.ranking!.acceptedHit5]));
  return {
    n: rs.length,
    hit5: m(rs.map((r) => r.metrics.ranking!.hit5)),
    hit10: m(rs.map((r) => r.metrics.ranking!.hit10)),
    mrr: m(rs.map((r) => r.metrics.ranking!.rr)),
    ...(seen.length ? { seenN: seen.length, seenIn5: m(seen) } : {}),
    ...(accepted.length ? { acceptedN: accepted.length, acceptedHit5: m(accepted) } : {}),
    nonModelP50Ms: ok.length ? round(percentile(ok.map((r) => r.metrics.nonModelMs), 50), 3) : 0,
    nonModelP95Ms: ok.length ? round(percentile(ok.map((r) => r.metrics.nonModelMs), 95), 3) : 0,
    avgLlmCalls: m(rs.map((r) => r.metrics.llmCalls)),
    errors: rs.length - ok.length,
  };
}

/** One data set's ranking figures for one strategy: all its requests, and by the set's category. */
export interface RankedDataset {
  all: RankingAggregate;
  byCategory: Record<string, RankingAggregate>;
}

/** Per data set that has ranked records (none: undefined, so other sets' summaries are unchanged). */
export function rankedByDataset<R extends RankedRecord & { dataset: string; category?: string }>(records: readonly R[]): Record<string, RankedDataset> | undefined {
  const rs = records.filter((r) => r.metrics.ranking);
  if (!rs.length) return undefined;
  const datasets = [...new Set(rs.map((r) => r.dataset))];
  return Object.fromEntries(
    datasets.map((d) => {
      const ds = rs.filter((r) => r.dataset === d);
      const cats = [...new Set(ds.map((r) => r.category).filter((c): c is string => !!c))].sort();
      return [d, { all: aggregateRanking(ds), byCategory: Object.fromEntries(cats.map((c) => [c, aggregateRanking(ds.filter((r) => r.category === c))])) }];
    }),
  );
}
