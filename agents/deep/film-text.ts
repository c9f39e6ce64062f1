import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { indexTerms } from "../../src/kb/text-fields";
import type { FilmConceptLink } from "../../src/ports/concept-graph";
import { conceptsOfTmdbOnly } from "../../src/kb/concepts/tmdb-only";
import { tmdbOnlyRow } from "../../src/kb/tmdb-only-row";
import type { TmdbOnlyRef } from "../../src/plan/schema";

/** What a film says about itself, field by field, as index terms: what a facet is tested against offline. */
export interface FilmText {
  film: string;
  fields: FilmTextField[];
  genres: string[];
  tags: string[];
  keywords: string[];
  directors: string[];
  /** Its directors, writers and cast. */
  people: string[];
  /** The languages the KB lists it in. */
  languages: string[];
  year?: number;
  votes: number;
  degree: number;
  concepts: FilmConceptLink[];
}

/** One of a film's texts; its index terms are read on first use (most films found are never tested against a facet's words). */
export class FilmTextField {
  private cached?: Set<string>;
  constructor(
    readonly field: FilmField,
    readonly text: string,
  ) {}
  get terms(): Set<string> {
    return (this.cached ??= new Set(indexTerms(this.text)));
  }
}

export type FilmField = "title" | "plot" | "overview" | "keywords" | "tags" | "genres" | "people";

/**
 * The texts of many films at once (graph nodes, their tags and genres, TMDB keywords, concept links),
 * kept for the run: the deep route tests the same candidates against several facets and rounds.
 */
export class FilmTexts {
  private readonly cache = new Map<string, FilmText>();
  constructor(private readonly kb: KnowledgeBase) {}

  async load(films: readonly string[]): Promise<Map<string, FilmText>> {
    const missing = [...new Set(films)].filter((f) => !this.cache.has(f));
    if (missing.length) {
      const [nodes, values, concepts] = await Promise.all([
        this.kb.graph.getNodes(missing),
        this.kb.graph.neighborsMany(missing, { edges: ["HAS_TAG", "HAS_GENRE", "DIRECTED", "WROTE", "ACTED_IN", "IN_LANGUAGE"] }),
        this.kb.concepts ? this.kb.concepts.conceptsOf(missing, { limit: 60 }) : Promise.resolve(new Map<string, FilmConceptLink[]>()),
      ]);
      missing.forEach((film, i) => {
        const node = nodes[i];
        const nbs = values.get(film) ?? [];
        const tags = nbs.filter((n) => n.edge === "HAS_TAG").map((n) => n.id);
        const genres = nbs.filter((n) => n.edge === "HAS_GENRE").map((n) => n.id);
        const directors = nbs.filter((n) => n.edge === "DIRECTED").map((n) => n.id);
        const people = nbs.filter((n) => n.edge === "DIRECTED" || n.edge === "WROTE" || n.edge === "ACTED_IN").map((n) => n.id);
        const languages = nbs.filter((n) => n.edge === "IN_LANGUAGE").map((n) => n.id);
        const tmdb = this.kb.catalog.tmdb(film);
        const keywords = tmdb?.keywords ?? [];
        const field = (f: FilmField, text: string | undefined) => (text ? [new FilmTextField(f, text)] : []);
        const year = node?.years?.map(Number).find((y) => Number.isFinite(y));
        this.cache.set(film, {
          film,
          fields: [...field("title", film), ...field("plot", node?.plot), ...field("overview", node?.overview), ...field("keywords", keywords.join(" ; ")), ...field("tags", tags.join(" ; ")), ...field("genres", genres.join(" ; ")), ...field("people", people.join(" ; "))],
          genres,
          tags,
          keywords,
          directors,
          people,
          languages,
          ...(year !== undefined ? { year } : {}),
          votes: tmdb?.voteCount ?? 0,
          degree: node?.degree ?? 0,
          concepts: concepts.get(film) ?? [],
        });
      });
    }
    return new Map(films.map((f) => [f, this.cache.get(f)!]));
  }

  /**
   * Films TMDB lists and the KB lacks, as the text their rows give (title, overview, keywords, genres; no people, no
   * tags), linked to the concepts their keywords and genres name: what a film to start from is about and which
   * family it is of, when the graph has no node for it. Named as the plan names them ("Star Wars (1977)").
   */
  async tmdbOnly(refs: readonly TmdbOnlyRef[]): Promise<FilmText[]> {
    const films = (await this.kb.graph.stats()).nodesByType.Movie || 1;
    const out: FilmText[] = [];
    for (const ref of refs) {
      const row = tmdbOnlyRow(this.kb.catalog, ref);
      if (!row) continue;
      const field = (f: FilmField, text: string) => (text ? [new FilmTextField(f, text)] : []);
      const year = Number(row.year);
      out.push({
        film: row.title,
        fields: [...field("title", row.title), ...field("overview", row.overview), ...field("keywords", row.keywords.join(" ; ")), ...field("genres", row.genres.join(" ; "))],
        genres: row.genres,
        tags: [],
        keywords: row.keywords,
        directors: [],
        people: [],
        languages: [],
        ...(Number.isFinite(year) ? { year } : {}),
        votes: row.voteCount ?? 0,
        degree: 0,
        concepts: await conceptsOfTmdbOnly(row, this.kb.concepts, films),
      });
    }
    return out;
  }
}
