import { z } from "zod";
import type { TextHit, TextIndex, TextQuery } from "../../ports/text-index";
import { NODE_TYPES } from "../../kb/schema";
import type { Neo4jConnection } from "./connection";
import { buildLuceneQuery, fulltextQuery, matchedFields } from "./fulltext";
import { parseRows } from "./rows";
import { neo4jNames } from "./schema";

const text = z.string().nullish();
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

  async search(query: string, options: TextQuery = {}): Promise<TextHit[]> {
    const lucene = buildLuceneQuery(query, options);
    if (!lucene || (options.limit ?? 10) <= 0) return [];
    const rows = parseRows(HitRow, await this.conn.read(fulltextQuery(this.index, lucene.text, options), { doing: "searching the full-text index" }), "full-text search");
    return rows.map((r) => ({ id: r.id, type: r.type, score: r.score, matched: matchedFields(lucene.terms, lucene.fields, r, options) }));
  }
}
