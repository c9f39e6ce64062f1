import MiniSearch, { type Options, type SearchOptions } from "minisearch";
import type { StoryQuery, TextField, TextHit, TextIndex, TextQuery } from "../../ports/text-index";
import type { StoryIndex } from "./story-index";
import { NODE_TYPES, NODE_TYPE_BIT } from "../../kb/schema";
import type { KbGraphData } from "../../kb/graph-data";
import type { MovieFacts } from "../../kb/documents";
import { indexTerm, indexTokens, textFieldsOf } from "../../kb/text-fields";
import { entryOf } from "../../util/text";

interface TextDoc {
  id: number;
  name: string;
  plot?: string;
  overview?: string;
  tags?: string;
  people?: string;
}

/** One definition of the index options: building and loading a snapshot must agree exactly. */
const OPTIONS: Options<TextDoc> = {
  idField: "id",
  fields: ["name", "plot", "overview", "tags", "people"],
  storeFields: [],
  tokenize: indexTokens,
  processTerm: indexTerm,
  searchOptions: { boost: { name: 3, tags: 1.5, people: 1.2 } },
};

export function buildTextIndex(data: KbGraphData, facts: readonly MovieFacts[]): MiniSearch<TextDoc> {
  const ms = new MiniSearch<TextDoc>(OPTIONS);
  ms.addAll(textFieldsOf(data, facts).map((fields, i) => ({ id: i, ...fields })));
  return ms;
}

export function serializeTextIndex(ms: MiniSearch<TextDoc>): string {
  return JSON.stringify(ms);
}

export function loadTextIndex(json: string): MiniSearch<TextDoc> {
  return MiniSearch.loadJSON<TextDoc>(json, OPTIONS);
}

/** BM25 (MiniSearch) over every node's name, and movies' plots, overviews, tags and people. */
export class EmbeddedTextIndex implements TextIndex {
  readonly kind = "minisearch";

  constructor(
    private readonly ms: MiniSearch<TextDoc>,
    private readonly data: KbGraphData,
    private readonly stories: StoryIndex,
  ) {}

  async searchStories(query: string, options: StoryQuery = {}): Promise<TextHit[]> {
    return this.stories.search(query, options);
  }

  async search(query: string, options: TextQuery = {}): Promise<TextHit[]> {
    return this.searchSync(query, options);
  }

  searchSync(query: string, options: TextQuery = {}): TextHit[] {
    const limit = options.limit ?? 10;
    const mask = options.types?.reduce((m, t) => m | NODE_TYPE_BIT[t], 0) ?? 0;
    const weights = options.termWeights;
    const search: SearchOptions = {
      fuzzy: options.fuzzy ?? 0,
      prefix: options.prefix ?? false,
      ...(options.fields ? { fields: [...options.fields] } : {}),
      ...(mask ? { filter: (r) => (this.data.typeMask[r.id as number]! & mask) !== 0 } : {}),
      ...(weights ? { boostTerm: (term: string) => entryOf(weights, term) ?? 1 } : {}),
    };
    let results = this.ms.search(query, search);
    // MiniSearch multiplies the summed score by the number of query terms matched; another coordination replaces it.
    const c = options.coordination;
    if (c !== undefined && c !== 1) {
      results = results.map((r) => ({ ...r, score: (r.score / Math.max(1, r.queryTerms.length)) * Math.max(1, r.queryTerms.length) ** c }));
      results.sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number));
    }
    const out: TextHit[] = [];
    for (const r of results) {
      if (out.length >= limit) break;
      const i = r.id as number;
      out.push({
        id: this.data.names[i]!,
        type: NODE_TYPES[this.data.primaryType[i]!]!,
        score: r.score,
        matched: r.match as Record<string, TextField[]>,
      });
    }
    return out;
  }
}
