import { InvalidInputError } from "../../errors";
import type { VectorItem } from "../../ports/vector-store";
import { sha256Hex } from "../../util/hash";
import type { CypherQuery } from "./cypher";

/**
 * Pure builders for the Cypher behind the Neo4j vector store. Vectors live on their own nodes, one
 * label per embedder ("vector space"), so LSA's 192-dimensional and MiniLM's 384-dimensional vectors
 * can sit side by side in one database, each under its own cosine vector index. Schema commands and
 * labels take no parameters: the only names spliced into the text come from `vectorSpace`, built
 * from a slug and a hash of the embedder id and checked against a strict pattern; values always
 * travel as $parameters.
 */

/** Neo4j 5's vector indexes take 1 to 4096 dimensions. */
export const MAX_DIMENSION = 4096;

/** The label of the one node per space that records which embedder made its vectors. */
export const SPACE_META_LABEL = "VectorSpace";

const IDENTIFIER_RE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** A label or schema name that is safe to splice into Cypher (letters, digits and _; starting with a letter). */
export function assertIdentifier(name: string, what = "identifier"): string {
  if (!IDENTIFIER_RE.test(name)) throw new InvalidInputError(`"${name}" is not a usable Neo4j ${what} (letters, digits and _, starting with a letter, at most 63)`);
  return name;
}

export interface VectorSpace {
  /** The embedder id exactly as the embedder reports it. */
  embedder: string;
  dimension: number;
  /** `<slug>_<dimension>d_<hash>`: readable, and distinct for every (embedder, dimension). */
  key: string;
  /** The label of this space's vector nodes. */
  label: string;
  /** The cosine vector index on `label`.`embedding`. */
  index: string;
  /** The uniqueness constraint on `label`.id (MERGE looks ids up through it). */
  constraint: string;
}

/** The node property holding the vector. */
export const VECTOR_PROPERTY = "embedding";

export function assertDimension(dimension: number): number {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > MAX_DIMENSION) throw new RangeError(`vector dimension must be an integer from 1 to ${MAX_DIMENSION}, got ${dimension}`);
  return dimension;
}

/** The names of the space that holds one embedder's vectors. */
export function vectorSpace(embedderId: string, dimension: number): VectorSpace {
  assertDimension(dimension);
  if (embedderId.trim() === "") throw new InvalidInputError("a vector space needs a non-empty embedder id");
  const slug = embedderId.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 24).replace(/_+$/, "") || "embedder";
  // The hash keeps ids that slug alike (or differ past the cut) in separate spaces.
  const key = `${slug}_${dimension}d_${sha256Hex(`${embedderId}\u0000${dimension}`).slice(0, 10)}`;
  return {
    embedder: embedderId,
    dimension,
    key,
    label: assertIdentifier(`Vec_${key}`, "label"),
    index: assertIdentifier(`vec_${key}`, "index name"),
    constraint: assertIdentifier(`vec_${key}_id`, "constraint name"),
  };
}

/**
 * Neo4j reports cosine similarity rescaled to [0, 1] as (1 + cos) / 2, in the index's scores and in
 * `vector.similarity.cosine` alike; the port's scores (and thresholds) are the cosine itself.
 */
export function cosineFromNeo4j(similarity: number): number {
  return 2 * similarity - 1;
}

/**
 * How many neighbours to ask the index for: `overfetch` × k, and at least 4 × k under a type filter
 * (the index cannot filter, so a filter is applied to what it returns); never more than `cap`.
 */
export function initialFetch(k: number, filtered: boolean, overfetch: number, cap: number): number {
  return Math.min(cap, Math.max(k, Math.ceil(k * overfetch), filtered ? k * 4 : 0));
}

/**
 * The constraint, then the vector index: idempotent, so a rerun changes nothing. Quantization is
 * off: on the movies' LSA vectors it cost recall (0.86 against 0.94 at 10 neighbours asked) and time,
 * and put the index's scores up to 0.1 off the cosine; full float32 vectors take 4 × dimension bytes each.
 */
export function spaceStatements(space: VectorSpace): CypherQuery[] {
  const L = assertIdentifier(space.label, "label");
  return [
    { text: `CREATE CONSTRAINT ${assertIdentifier(space.constraint)} IF NOT EXISTS FOR (v:${L}) REQUIRE v.id IS UNIQUE`, params: {} },
    {
      text: `CREATE VECTOR INDEX ${assertIdentifier(space.index)} IF NOT EXISTS FOR (v:${L}) ON v.${VECTOR_PROPERTY}
OPTIONS { indexConfig: { \`vector.dimensions\`: ${assertDimension(space.dimension)}, \`vector.similarity_function\`: 'cosine', \`vector.quantization.enabled\`: false } }`,
      params: {},
    },
  ];
}

/** Records which embedder the space belongs to (start-up compares it with the configured one). */
export function writeMetaQuery(space: VectorSpace): CypherQuery {
  return {
    text: `MERGE (m:${SPACE_META_LABEL} {key: $key})
SET m.embedder = $embedder, m.dimension = toInteger($dimension), m.label = $label, m.index = $index, m.similarity = 'cosine'`,
    params: { key: space.key, embedder: space.embedder, dimension: space.dimension, label: space.label, index: space.index },
  };
}

export function readMetaQuery(space: VectorSpace): CypherQuery {
  return { text: `MATCH (m:${SPACE_META_LABEL} {key: $key}) RETURN m.embedder AS embedder, m.dimension AS dimension`, params: { key: space.key } };
}

/** Every recorded space (ingest names the ones of other embedders; --fresh-vectors drops them). */
export function listSpacesQuery(): CypherQuery {
  return {
    text: `MATCH (m:${SPACE_META_LABEL})
RETURN m.key AS key, m.embedder AS embedder, m.dimension AS dimension, m.label AS label
ORDER BY key`,
    params: {},
  };
}

export function showIndexQuery(space: VectorSpace): CypherQuery {
  return {
    text: `SHOW INDEXES YIELD name, type, state, labelsOrTypes, properties, options
WHERE name = $name
RETURN name, type, state, labelsOrTypes, properties, options`,
    params: { name: space.index },
  };
}

/**
 * Writes a batch: MERGE on id (so a rerun overwrites), then the vector as a float32 array through
 * `db.create.setNodeVectorProperty`, which also checks it is a list of numbers.
 */
export function upsertQuery(space: VectorSpace, items: readonly VectorItem[]): CypherQuery {
  const L = assertIdentifier(space.label, "label");
  return {
    text: `UNWIND $rows AS row
MERGE (v:${L} {id: row.id})
SET v.type = row.type, v.name = row.name
WITH v, row
CALL db.create.setNodeVectorProperty(v, $property, row.vector)`,
    params: { property: VECTOR_PROPERTY, rows: items.map((it) => ({ id: it.id, type: it.type, name: it.name, vector: Array.from(it.vector) })) },
  };
}

/**
 * The index's approximate nearest `fetch` nodes, each rescored exactly, so the scores are the cosine
 * the port promises even on an index built with quantization (whose own scores are up to 0.1 off).
 * Only non-zero vectors are indexed, so the rescoring never sees a zero one.
 */
export function annQuery(space: VectorSpace, vector: Float32Array, fetch: number): CypherQuery {
  return {
    text: `CALL db.index.vector.queryNodes($index, toInteger($fetch), $vector) YIELD node
RETURN node.id AS id, node.type AS type, vector.similarity.cosine(node.${VECTOR_PROPERTY}, $vector) AS similarity`,
    params: { index: space.index, fetch, vector: Array.from(vector) },
  };
}

/**
 * Exact search within given ids, as the embedded store does it: every listed vector scored, best
 * first, ties by id. `vector.similarity.cosine` rejects a zero vector, which scores 0 (rescaled: 0.5)
 * against everything in the embedded store, so that case is answered without calling it.
 */
export function idsQuery(space: VectorSpace, vector: Float32Array, ids: readonly string[], k: number, types?: readonly string[]): CypherQuery {
  const L = assertIdentifier(space.label, "label");
  const zero = vector.every((x) => x === 0);
  return {
    text: `UNWIND $ids AS id
MATCH (v:${L} {id: id})
WHERE $types IS NULL OR v.type IN $types
WITH v, CASE WHEN $zero OR none(x IN v.${VECTOR_PROPERTY} WHERE x <> 0.0) THEN 0.5 ELSE vector.similarity.cosine(v.${VECTOR_PROPERTY}, $vector) END AS similarity
RETURN v.id AS id, v.type AS type, similarity
ORDER BY similarity DESC, id ASC
LIMIT toInteger($k)`,
    params: { ids: [...new Set(ids)], types: types?.length ? [...new Set(types)] : null, zero, vector: Array.from(vector), k },
  };
}

/** Vectors stored in the space (its label's count comes from the count store). */
export function sizeQuery(space: VectorSpace): CypherQuery {
  return { text: `MATCH (v:${assertIdentifier(space.label, "label")}) RETURN count(v) AS count`, params: {} };
}

/** How many of these ids already have a vector (ingest skips complete batches when resuming). */
export function countIdsQuery(space: VectorSpace, ids: readonly string[]): CypherQuery {
  return {
    text: `UNWIND $ids AS id
MATCH (v:${assertIdentifier(space.label, "label")} {id: id})
WHERE v.${VECTOR_PROPERTY} IS NOT NULL
RETURN count(v) AS count`,
    params: { ids: [...new Set(ids)] },
  };
}

/** How many vectors have a graph node with the same id under `graphLabel` (ingest's cross-check). */
export function linkedCountQuery(space: VectorSpace, graphLabel: string): CypherQuery {
  const G = assertIdentifier(graphLabel, "label");
  return { text: `MATCH (v:${assertIdentifier(space.label, "label")}) WHERE EXISTS { MATCH (:${G} {id: v.id}) } RETURN count(v) AS count`, params: {} };
}

/** One bounded delete of the space's nodes; repeat until it deletes none. */
export function deleteBatchQuery(space: VectorSpace, batch: number): CypherQuery {
  return {
    text: `MATCH (v:${assertIdentifier(space.label, "label")})
WITH v LIMIT toInteger($batch)
DETACH DELETE v
RETURN count(*) AS deleted`,
    params: { batch },
  };
}

/** The index, the constraint and the record of the space (after its nodes are gone). */
export function dropSpaceStatements(space: VectorSpace): CypherQuery[] {
  return [
    { text: `DROP INDEX ${assertIdentifier(space.index)} IF EXISTS`, params: {} },
    { text: `DROP CONSTRAINT ${assertIdentifier(space.constraint)} IF EXISTS`, params: {} },
    { text: `MATCH (m:${SPACE_META_LABEL} {key: $key}) DELETE m`, params: { key: space.key } },
  ];
}
