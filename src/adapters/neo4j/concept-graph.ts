import { CONCEPT_TYPES, type CommunityHit, type CommunityReport, type ConceptFilmLink, type ConceptGraph, type ConceptGraphStats, type ConceptHit, type ConceptInfo, type ConceptType, type FilmConceptLink } from "../../ports/concept-graph";
import { BackendUnavailableError } from "../../errors";
import { bm25Scores, matchTerms, nameVariants } from "../../kb/concepts/offline/terms";
import { CommunitySearch } from "../embedded/community-search";
import {
  allReportsQuery,
  communitiesOfQuery,
  communityQuery,
  conceptLabels,
  conceptStatsQuery,
  conceptsByFoldQuery,
  conceptsByKeyQuery,
  conceptsByOrdQuery,
  conceptsOfQuery,
  filmsOfQuery,
  readMetaQuery,
  relatedQuery,
  termPostingsQuery,
  type ConceptLabels,
} from "./concept-cypher";
import { CONCEPT_LOAD_HINT, ConceptLinksRow, ConceptRow, ConceptStatsRow, FilmLinksRow, MetaRow, PathRow, PostingsRow, RelatedRow, ReportRow, parseReport, toConceptInfo, type ConceptShape } from "./concept-rows";
import type { Neo4jConnection, Row } from "./connection";
import { parseRows } from "./rows";
import { DEFAULT_LABEL } from "./schema";
import type { z } from "zod";

const rowsOf = <T>(schema: z.ZodType<T>, rows: readonly Row[], what: string) => parseRows(schema, rows, what, CONCEPT_LOAD_HINT);

/**
 * The concept graph in Neo4j (as `ingestConceptGraph` writes it), answering as the embedded store
 * does, order included: links carry their embedded row positions, names are ranked with the same
 * BM25 (terms.ts) over postings read from the database, and community reports are searched in
 * process once read (a few hundred short documents).
 */
export class Neo4jConceptGraph implements ConceptGraph {
  readonly kind = "neo4j";
  private readonly n: ConceptLabels;
  private metaOnce: Promise<{ concepts: number; averageTerms: number }> | undefined;
  private searchOnce: Promise<CommunitySearch> | undefined;

  constructor(
    private readonly conn: Neo4jConnection,
    label: string = DEFAULT_LABEL,
  ) {
    this.n = conceptLabels(label);
  }

  async stats(): Promise<ConceptGraphStats> {
    const rows = rowsOf(ConceptStatsRow, await this.conn.read(conceptStatsQuery(this.n), { doing: "counting the concept graph" }), "concept stats");
    const byKey = new Map(rows.map((r) => [r.key, r.total]));
    const conceptsByType = Object.fromEntries(CONCEPT_TYPES.map((t) => [t, byKey.get(`type:${t}`) ?? 0])) as Record<ConceptType, number>;
    return {
      concepts: Object.values(conceptsByType).reduce((a, b) => a + b, 0),
      conceptsByType,
      filmLinks: byKey.get("links") ?? 0,
      cooccurrenceEdges: (byKey.get("related") ?? 0) / 2,
      communities: byKey.get("communities") ?? 0,
      levels: byKey.get("levels") ?? 0,
    };
  }

  async get(keys: readonly string[]): Promise<(ConceptInfo | undefined)[]> {
    if (keys.length === 0) return [];
    const found = new Map((await this.concepts(conceptsByKeyQuery(this.n, [...new Set(keys)]))).map((c) => [c.key, toConceptInfo(c)]));
    return keys.map((k) => found.get(k));
  }

  async find(text: string, options: { types?: readonly ConceptType[]; limit?: number } = {}): Promise<ConceptHit[]> {
    const limit = options.limit ?? 10;
    const allowed = options.types ? new Set<string>(options.types) : undefined;
    const variants = nameVariants(text);
    const exact = variants.length ? (await this.concepts(conceptsByFoldQuery(this.n, variants))).filter((c) => !allowed || allowed.has(c.type)) : [];
    exact.sort((a, b) => b.films - a.films || a.ord - b.ord);
    const hits: ConceptHit[] = exact.map((c) => ({ concept: toConceptInfo(c), score: 1, match: "exact" }));
    if (hits.length >= limit) return hits.slice(0, limit);
    const terms = [...new Set(matchTerms(text))];
    if (terms.length === 0) return hits;
    const rows = rowsOf(PostingsRow, await this.conn.read(termPostingsQuery(this.n, terms), { doing: "searching concept names" }), "concept postings");
    const meta = await this.meta();
    const exactOrds = new Set(exact.map((c) => c.ord));
    const scores = bm25Scores(rows.map((r) => ({ docs: r.postings.map(([doc, length]) => ({ doc, length })) })), meta.concepts, meta.averageTerms, (doc) => !exactOrds.has(doc));
    if (scores.size === 0) return hits;
    // Type and film count of every scored concept, to filter and to break ties as the embedded store does.
    const scored = await this.concepts(conceptsByOrdQuery(this.n, [...scores.keys()]));
    const ranked = scored
      .filter((c) => !allowed || allowed.has(c.type))
      .sort((a, b) => scores.get(b.ord)! - scores.get(a.ord)! || b.films - a.films || a.ord - b.ord)
      .slice(0, limit - hits.length);
    for (const c of ranked) hits.push({ concept: toConceptInfo(c), score: scores.get(c.ord)!, match: "search" });
    return hits;
  }

  async conceptsOf(films: readonly string[], options: { limit?: number } = {}): Promise<Map<string, FilmConceptLink[]>> {
    const unique = [...new Set(films)];
    const rows = unique.length ? rowsOf(FilmLinksRow, await this.conn.read(conceptsOfQuery(this.n, unique, limit(options.limit)), { doing: "reading a film's concepts" }), "conceptsOf") : [];
    const byFilm = new Map(rows.map((r) => [r.film, r.links.map((l) => ({ concept: toConceptInfo(l.concept), weight: l.weight, sources: l.sources }))]));
    return new Map(unique.map((f) => [f, byFilm.get(f) ?? []]));
  }

  async filmsOf(keys: readonly string[], options: { limit?: number } = {}): Promise<Map<string, ConceptFilmLink[]>> {
    const unique = [...new Set(keys)];
    const rows = unique.length ? rowsOf(ConceptLinksRow, await this.conn.read(filmsOfQuery(this.n, unique, limit(options.limit)), { doing: "reading a concept's films" }), "filmsOf") : [];
    const byKey = new Map(rows.map((r) => [r.key, r.links]));
    const out = new Map<string, ConceptFilmLink[]>();
    for (const k of unique) {
      const links = byKey.get(k);
      if (links) out.set(k, links);
    }
    return out;
  }

  async related(key: string, options: { limit?: number } = {}): Promise<{ concept: ConceptInfo; weight: number }[]> {
    const rows = rowsOf(RelatedRow, await this.conn.read(relatedQuery(this.n, key, limit(options.limit)), { doing: "reading related concepts" }), "related");
    return rows.map((r) => ({ concept: toConceptInfo(r.concept), weight: r.weight }));
  }

  async community(id: string): Promise<CommunityReport | undefined> {
    const [row] = rowsOf(ReportRow, await this.conn.read(communityQuery(this.n, id), { doing: "reading a community" }), "community");
    return row ? parseReport(row.report) : undefined;
  }

  async communitiesOf(key: string): Promise<string[]> {
    const rows = rowsOf(PathRow, await this.conn.read(communitiesOfQuery(this.n, key), { doing: "reading a concept's communities" }), "communitiesOf");
    return rows.sort((a, b) => b.depth - a.depth).map((r) => r.id);
  }

  async searchCommunities(query: string, options: { level?: number; limit?: number } = {}): Promise<CommunityHit[]> {
    this.searchOnce ??= this.readReports().catch((e: unknown) => {
      this.searchOnce = undefined;
      throw e;
    });
    return (await this.searchOnce).search(query, options);
  }

  private async readReports(): Promise<CommunitySearch> {
    const rows = rowsOf(ReportRow, await this.conn.read(allReportsQuery(this.n), { doing: "reading community reports" }), "community reports");
    return new CommunitySearch(rows.map((r) => parseReport(r.report)));
  }

  private async concepts(query: ReturnType<typeof conceptsByKeyQuery>): Promise<ConceptShape[]> {
    return rowsOf(ConceptRow, await this.conn.read(query, { doing: "reading concepts" }), "concepts").map((r) => r.concept);
  }

  /** The BM25 constants the ingest recorded, read once (the layer changes only by a new ingest). */
  private meta(): Promise<{ concepts: number; averageTerms: number }> {
    this.metaOnce ??= (async () => {
      const [row] = rowsOf(MetaRow, await this.conn.read(readMetaQuery(this.n), { doing: "reading the concept layer" }), "concept meta");
      if (!row || row.concepts === null || row.averageTerms === null || !row.complete) throw new BackendUnavailableError(`neo4j at ${this.conn.target.uri} holds no complete concept graph; load it with npm run ingest -- --graph neo4j`);
      return { concepts: row.concepts, averageTerms: row.averageTerms };
    })().catch((e: unknown) => {
      this.metaOnce = undefined;
      throw e;
    });
    return this.metaOnce;
  }
}

const limit = (n: number | undefined) => (n === undefined ? undefined : Math.max(0, Math.floor(n)));
