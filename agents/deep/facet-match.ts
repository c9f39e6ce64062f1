import type { ConceptSource } from "../../src/ports/concept-graph";
import type { FilmText, FilmField } from "./film-text";
import type { FacetState, Reason } from "./memory";

/**
 * The offline relevance test of a film against one facet (LazyGraphRAG's test, with no model): the
 * film meets the facet when it is linked to one of the concepts the facet maps to, or when its own
 * text (plot, overview, keywords, tags) holds the facet's words, the rare ones counting most.
 */

/** Share of a facet's weight (its terms' idf) a film's text must hold to meet it on words alone. */
export const TEXT_MATCH_MIN = 0.6;
/** A concept the facet maps to only by a loose search counts less than one it names. */
const SEARCH_MATCH_WEIGHT = 0.7;

const SOURCE_LABEL: Readonly<Record<ConceptSource, string>> = {
  kb_genre: "genre",
  kb_tag: "tag",
  tmdb_genre: "TMDB genre",
  tmdb_keyword: "TMDB keyword",
  plot: "in its plot",
  overview: "in its overview",
  title: "in its title",
  model: "model-extracted concept",
};

const FIELD_LABEL: Readonly<Record<FilmField, string>> = { title: "title", plot: "plot", overview: "overview", keywords: "TMDB keywords", tags: "tags", genres: "genres", people: "cast and crew" };

/** Why the film meets the facet, or undefined when it does not. `idf` weighs a term by how rare it is. */
export function testFacet(film: FilmText, facet: FacetState, idf: (term: string) => number): Reason | undefined {
  const concept = byConcept(film, facet, idf);
  const text = concept && concept.strength >= SEARCH_MATCH_WEIGHT ? undefined : byText(film, facet, idf);
  return text && (!concept || text.strength > concept.strength) ? text : concept;
}

function byConcept(film: FilmText, facet: FacetState, idf: (term: string) => number): Reason | undefined {
  if (!facet.concepts.length) return undefined;
  const wanted = new Map(facet.concepts.map((c) => [c.key, c]));
  const found: { name: string; strength: number; covers?: string[]; source: string }[] = [];
  for (const link of film.concepts) {
    const c = wanted.get(link.concept.key);
    if (!c) continue;
    const source = link.sources.map((s) => SOURCE_LABEL[s]).filter((x, i, a) => a.indexOf(x) === i).join(", ");
    found.push({ name: link.concept.name, strength: (c.match === "exact" ? 1 : SEARCH_MATCH_WEIGHT) * Math.min(1, c.score), ...(c.covers ? { covers: c.covers } : {}), source });
  }
  if (!found.length) return undefined;
  found.sort((a, b) => b.strength - a.strength || (a.name < b.name ? -1 : 1));
  // Concepts for different runs of the facet's words ("crew" and "stranded") together meet the share of the words they cover.
  const parts = found.filter((f) => f.covers);
  const covered = new Set(parts.flatMap((f) => f.covers!));
  const all = new Set(parts.flatMap((f) => f.covers!).concat(facet.terms));
  const combined = parts.length >= 2 ? SEARCH_MATCH_WEIGHT * ([...covered].reduce((s, t) => s + idf(t), 0) / ([...all].reduce((s, t) => s + idf(t), 0) || 1)) : 0;
  const use = combined > found[0]!.strength ? parts.slice(0, 3) : [found[0]!];
  return { facet: facet.id, text: use.map((f) => `${f.name}${f.source ? ` (${f.source})` : ""}`).join(", "), strength: Math.max(combined, found[0]!.strength) };
}

function byText(film: FilmText, facet: FacetState, idf: (term: string) => number): Reason | undefined {
  if (!facet.terms.length) return undefined;
  const total = facet.terms.reduce((s, t) => s + idf(t), 0) || 1;
  let best: { share: number; field: FilmField; matched: string[] } | undefined;
  // A person is found among the cast and crew, anything else in what the film is about.
  for (const f of film.fields.filter((x) => (x.field === "people") === (facet.kind === "person"))) {
    const matched = facet.terms.filter((t) => f.terms.has(t));
    const share = matched.reduce((s, t) => s + idf(t), 0) / total;
    if (!best || share > best.share) best = { share, field: f.field, matched };
  }
  if (!best || best.share < TEXT_MATCH_MIN) return undefined;
  const words = quoteOf(film, best.field, facet);
  const said = best.field === "tags" || best.field === "keywords" || best.field === "genres" || best.field === "people" ? `${words} (${FIELD_LABEL[best.field].replace(/s$/, "")})` : `${FIELD_LABEL[best.field]}: "…${words}…"`;
  return { facet: facet.id, text: words ? said : `${FIELD_LABEL[best.field]} match`, strength: best.share * (best.field === "keywords" || best.field === "tags" ? 0.95 : 0.85) };
}

/** What matched, as written there: the tags or keywords that hold the facet's words, or a few words of the text around them. */
function quoteOf(film: FilmText, field: FilmField, facet: FacetState): string {
  const text = film.fields.find((f) => f.field === field)?.text ?? "";
  const hit = (w: string) => facet.terms.some((s) => w.toLowerCase().startsWith(s.slice(0, Math.max(3, s.length - 1))));
  if (field === "tags" || field === "keywords" || field === "genres" || field === "people") {
    const items = text.split(" ; ").filter((item) => item.split(/\s+/).some(hit));
    return items.slice(0, 3).join(", ");
  }
  const words = text.split(/\s+/).filter(Boolean);
  const at = words.findIndex(hit);
  return at < 0 ? "" : words.slice(Math.max(0, at - 2), at + 5).join(" ").replace(/[,.;:]$/, "");
}
