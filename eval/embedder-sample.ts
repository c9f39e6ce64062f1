import type { EmbeddedGraphStore } from "../src/adapters/embedded/graph-store";
import { collectMovieFacts, semanticDocument } from "../src/kb/documents";
import { dot } from "../src/math/vector";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import type { Embedder } from "../src/ports/embedder";
import { stableSample } from "../src/util/random";

export interface SampleRecall {
  embedder: string;
  films: number;
  recallAt1: number;
  recallAt10: number;
}

/**
 * An embedder's retrieval quality on a small fixed sample, cheap enough for CI: a seeded sample of
 * films that joined TMDB; each film's TMDB overview is the query and the sample's own documents
 * (without overviews) are the candidates. Recall@10 among `size` candidates is far higher than
 * among all 16k films, so its floor is set from this same function in the bench, not from the
 * full-corpus figure.
 */
export async function sampleRecall(kb: KnowledgeBase, embedder: Embedder, options: { size?: number; seed?: number } = {}): Promise<SampleRecall> {
  const graph = kb.graph as EmbeddedGraphStore;
  const withOverview = collectMovieFacts(graph.data).filter((f) => graph.data.overviews[f.node]);
  const films = stableSample(withOverview, options.size ?? 200, options.seed ?? 7, (f) => f.title);
  const docs = await embedder.embed(films.map((f) => semanticDocument(f, graph.data.plots[f.node] ?? "")), { kind: "document" });
  const queries = await embedder.embed(films.map((f) => graph.data.overviews[f.node]!), { kind: "query" });
  let at1 = 0;
  let at10 = 0;
  queries.forEach((q, i) => {
    const own = dot(q, docs[i]!);
    // Rank of the film's own document: how many others score strictly higher (ties go to the film).
    const above = docs.reduce((n, d, j) => n + (j !== i && dot(q, d) > own ? 1 : 0), 0);
    if (above === 0) at1++;
    if (above < 10) at10++;
  });
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { embedder: embedder.id, films: films.length, recallAt1: round(at1 / films.length), recallAt10: round(at10 / films.length) };
}
