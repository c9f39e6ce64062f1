import type { CommunityHit, CommunityReport } from "../../ports/concept-graph";
import { bm25Ceiling, bm25Idf, bm25Term, matchTerms } from "../../kb/concepts/offline/terms";

/** The text a community is found by: its title twice (the most central concepts), its top concepts' names and its summary. */
export function communityText(r: CommunityReport): string {
  return [r.title, r.title, ...r.topConcepts.map((c) => c.name), r.summary].join(" ; ");
}

/**
 * BM25 over community reports, built from the reports on first use in each thread (a few hundred
 * short documents: milliseconds). Scores are scaled into [0, 1) by the query's ceiling; ties go to
 * the community with more films, then to the smaller id.
 */
export class CommunitySearch {
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[];
  private readonly average: number;

  constructor(private readonly reports: readonly CommunityReport[]) {
    this.lengths = reports.map((r, doc) => {
      const terms = matchTerms(communityText(r));
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) (this.postings.get(t) ?? this.postings.set(t, []).get(t)!).push({ doc, tf: n });
      return terms.length;
    });
    this.average = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  search(query: string, options: { level?: number; limit?: number } = {}): CommunityHit[] {
    const scores = new Map<number, number>();
    let ceiling = 0;
    for (const t of new Set(matchTerms(query))) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = bm25Idf(this.reports.length, list.length);
      ceiling += bm25Ceiling(idf);
      for (const { doc, tf } of list) {
        if (options.level !== undefined && this.reports[doc]!.level !== options.level) continue;
        scores.set(doc, (scores.get(doc) ?? 0) + bm25Term(idf, tf, this.lengths[doc]!, this.average));
      }
    }
    return [...scores]
      .map(([doc, s]) => ({ report: this.reports[doc]!, score: Math.round((s / ceiling) * 1e6) / 1e6 }))
      .sort((a, b) => b.score - a.score || b.report.films - a.report.films || (a.report.id < b.report.id ? -1 : a.report.id > b.report.id ? 1 : 0))
      .slice(0, options.limit ?? 10);
  }
}
