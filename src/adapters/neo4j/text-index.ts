import { z } from "zod";
import type { StoryQuery, TextHit, TextIndex, TextQuery } from "../../ports/text-index";
import { NODE_TYPES } from "../../kb/schema";
import type { Neo4jConnection } from "./connection";
import { buildLuceneQuery, fulltextQuery, matchedFields } from "./fulltext";
import { parseRows } from "./rows";
import { neo4jNames } from "./schema";

const text = z.string().nullish();
/** How many Lucene hits are re-ranked per result asked for, within these bounds. */
const WINDOW_FACTOR = 5;
/** Hits a story search among some films reads before keeping those: deep enough that the films that matter are in it. */
const AMONG_WINDOW = 2000;
const MIN_WINDOW = 50;
const WINDOW_PER_TERM = 25;
const MAX_WINDOW = 500;
const HitRow = z.object({ id: z.string(), type: z.enum(NODE_TYPES), score: z.number(), name: text, plot: text, overview: text, tags: text, people: text });

/**
 * Full-text search on the Neo4j full-text index over name, plot, overview, tags and people (Lucene
 * BM25, accent-folding analyzer). Scores are Lucene's, not MiniSearch's: compare ranks, not values.
 */
export class Neo4jTextIndex implements TextIndex {
  readonly kind = "neo4j-fulltext";
  private readonly index: string;

  constructor(
    private readonly conn: Neo4jConnection,
    label?: string,
  ) {
    this.index = neo4jNames(label).textIndex;
  }

  /**
   * Stories on the same Lucene index (only some films: the best AMONG_WINDOW hits, filtered): the plot, overview, tags and title fields, each term's clauses
   * summed with no bonus for matching many (Lucene scores per field, where the embedded story index
   * scores one text: ranks agree on the films that hold the rare words, not exactly).
   */
  async searchStories(query: string, options: StoryQuery = {}): Promise<TextHit[]> {
    const limit = options.limit ?? 10;
    const among = options.among;
    const hits = await this.search(query, { types: ["Movie"], fields: options.fields ?? ["name", "plot", "overview", "tags"], coordination: options.coordination ?? 0, limit: among ? Math.max(AMONG_WINDOW, limit) : limit, ...(options.termWeights ? { termWeights: options.termWeights } : {}) });
    return among ? hits.filter((h) => among.has(h.id)).slice(0, limit) : hits;
  }

  async search(query: string, options: TextQuery = {}): Promise<TextHit[]> {
    const lucene = buildLuceneQuery(query, options);
    const limit = options.limit ?? 10;
    if (!lucene || limit <= 0) return [];
    // Lucene ranks by BM25 alone; the embedded index (MiniSearch) also multiplies each score by how many
    // of the query's terms the document holds. Fetch a wider window, then apply the same factor, so a
    // long told plot ranks the film that matches most of its words first on both.
    // A long description needs a wide window: a film holding most of its words may still rank low on BM25 alone.
    const window = lucene.terms.length > 1 ? Math.min(MAX_WINDOW, Math.max(limit * WINDOW_FACTOR, MIN_WINDOW, WINDOW_PER_TERM * lucene.terms.length)) : limit;
    const rows = parseRows(HitRow, await this.conn.read(fulltextQuery(this.index, lucene.text, { ...options, limit: window }), { doing: "searching the full-text index" }), "full-text search");
    return rows
      .map((r) => {
        const matched = matchedFields(lucene.terms, lucene.fields, r, options);
        return { id: r.id, type: r.type, score: r.score * Math.max(1, Object.keys(matched).length) ** (options.coordination ?? 1), matched };
      })
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }
}
