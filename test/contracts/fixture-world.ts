import { EmbeddedGraphStore } from "../../src/adapters/embedded/graph-store";
import { EmbeddedVectorStore } from "../../src/adapters/embedded/vector-store";
import type { KbGraphData } from "../../src/kb/graph-data";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { VectorItem } from "../../src/ports/vector-store";
import { fixtureKb } from "../helpers/fixture-kb";

/**
 * The fictional fixture world, in the forms a store under test is loaded from: the flat graph arrays,
 * the movie vectors, and the embedded stores as the reference whose behaviour every adapter matches.
 */
export interface FixtureWorld {
  kb: KnowledgeBase;
  data: KbGraphData;
  reference: EmbeddedGraphStore;
  vectors: VectorItem[];
  dimension: number;
  ids: string[];
}

export async function fixtureWorld(): Promise<FixtureWorld> {
  const kb = await fixtureKb();
  if (!(kb.graph instanceof EmbeddedGraphStore) || !(kb.vectors instanceof EmbeddedVectorStore)) throw new Error("the fixture knowledge base is expected to use the embedded stores");
  const { ids, types, matrix } = kb.vectors.export();
  const d = kb.vectors.dimension;
  const vectors = ids.map((id, i) => ({ id, type: types[i]!, name: id, vector: matrix.slice(i * d, (i + 1) * d) }));
  return { kb, data: kb.graph.data, reference: kb.graph, vectors, dimension: d, ids: [...kb.graph.data.names] };
}

/** A label, collection name or prefix no other run uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
