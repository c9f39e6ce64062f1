import { assertLabel, type CypherQuery } from "./cypher";
import { DEFAULT_LABEL } from "./schema";

/**
 * The concept layer in Neo4j (pure query builders; values always travel as $parameters):
 *   (:Concept {key, name, type, fold, films, sources, ord, terms})
 *   (film:Entity)-[:HAS_CONCEPT {weight, sources, filmRank, conceptRank}]->(:Concept)
 *   (:Concept)-[:CO_OCCURS {weight, rank}]->(:Concept)           both directions, rank = position in the row
 *   (:Concept)-[:IN_COMMUNITY]->(:Community {id, level, ord, parent, report})   the concept's leaf
 *   (:Community)-[:PART_OF]->(:Community)                          child → parent
 *   (:ConceptTerm {term, df})-[:NAMES]->(:Concept)                 BM25 postings over concept names
 *   (:ConceptMeta {id, stamp, concepts, averageTerms})             one node: what was loaded, and the BM25 constants
 * The ranks are the embedded store's row positions, so both backends order ties the same way.
 * Labels follow the base label: "Concept" for production data, "<Label>Concept" for a test label,
 * so a test run never touches the real layer.
 */
export interface ConceptLabels {
  film: string;
  concept: string;
  community: string;
  term: string;
  meta: string;
  /** Schema object names. */
  conceptKey: string;
  conceptFold: string;
  conceptOrd: string;
  communityId: string;
  termKey: string;
  metaId: string;
}

export function conceptLabels(label: string = DEFAULT_LABEL): ConceptLabels {
  const film = assertLabel(label);
  const prefix = film === DEFAULT_LABEL ? "" : film;
  const base = film.toLowerCase();
  return {
    film,
    concept: `${prefix}Concept`,
    community: `${prefix}Community`,
    term: `${prefix}ConceptTerm`,
    meta: `${prefix}ConceptMeta`,
    conceptKey: `${base}_concept_key`,
    conceptFold: `${base}_concept_fold`,
    conceptOrd: `${base}_concept_ord`,
    communityId: `${base}_community_id`,
    termKey: `${base}_concept_term`,
    metaId: `${base}_concept_meta`,
  };
}

export function conceptSchemaStatements(n: ConceptLabels): CypherQuery[] {
  return [
    { text: `CREATE CONSTRAINT ${n.conceptKey} IF NOT EXISTS FOR (c:${n.concept}) REQUIRE c.key IS UNIQUE`, params: {} },
    { text: `CREATE INDEX ${n.conceptFold} IF NOT EXISTS FOR (c:${n.concept}) ON (c.fold)`, params: {} },
    { text: `CREATE INDEX ${n.conceptOrd} IF NOT EXISTS FOR (c:${n.concept}) ON (c.ord)`, params: {} },
    { text: `CREATE CONSTRAINT ${n.communityId} IF NOT EXISTS FOR (c:${n.community}) REQUIRE c.id IS UNIQUE`, params: {} },
    { text: `CREATE CONSTRAINT ${n.termKey} IF NOT EXISTS FOR (t:${n.term}) REQUIRE t.term IS UNIQUE`, params: {} },
    { text: `CREATE CONSTRAINT ${n.metaId} IF NOT EXISTS FOR (m:${n.meta}) REQUIRE m.id IS UNIQUE`, params: {} },
  ];
}

export function dropConceptSchemaStatements(n: ConceptLabels): CypherQuery[] {
  return [
    { text: `DROP CONSTRAINT ${n.conceptKey} IF EXISTS`, params: {} },
    { text: `DROP INDEX ${n.conceptFold} IF EXISTS`, params: {} },
    { text: `DROP INDEX ${n.conceptOrd} IF EXISTS`, params: {} },
    { text: `DROP CONSTRAINT ${n.communityId} IF EXISTS`, params: {} },
    { text: `DROP CONSTRAINT ${n.termKey} IF EXISTS`, params: {} },
    { text: `DROP CONSTRAINT ${n.metaId} IF EXISTS`, params: {} },
  ];
}

/** Deletes up to `limit` nodes of the concept layer (run until it deletes none). */
export function deleteConceptLayerQuery(n: ConceptLabels, limit: number): CypherQuery {
  return {
    text: `MATCH (x) WHERE x:${n.concept} OR x:${n.community} OR x:${n.term} OR x:${n.meta}
WITH x LIMIT toInteger($limit)
DETACH DELETE x
RETURN count(*) AS deleted`,
    params: { limit },
  };
}

export const META_ID = "concepts";

export function readMetaQuery(n: ConceptLabels): CypherQuery {
  return { text: `MATCH (m:${n.meta} {id: $id}) RETURN m.stamp AS stamp, m.concepts AS concepts, m.averageTerms AS averageTerms, m.complete AS complete`, params: { id: META_ID } };
}

export function writeMetaQuery(n: ConceptLabels, meta: { stamp: number; concepts: number; averageTerms: number; complete: boolean }): CypherQuery {
  return { text: `MERGE (m:${n.meta} {id: $id}) SET m.stamp = toInteger($stamp), m.concepts = toInteger($concepts), m.averageTerms = $averageTerms, m.complete = $complete`, params: { id: META_ID, ...meta } };
}

export function writeConceptsQuery(n: ConceptLabels, rows: readonly Record<string, unknown>[]): CypherQuery {
  return {
    text: `UNWIND $rows AS row
MERGE (c:${n.concept} {key: row.key})
SET c.name = row.name, c.type = row.type, c.fold = row.fold, c.films = toInteger(row.films), c.sources = row.sources,
    c.ord = toInteger(row.ord), c.terms = toInteger(row.terms)`,
    params: { rows },
  };
}

export function writeFilmLinksQuery(n: ConceptLabels, rows: readonly Record<string, unknown>[]): CypherQuery {
  return {
    text: `UNWIND $rows AS row
MATCH (f:${n.film} {id: row.film})
MATCH (c:${n.concept} {key: row.key})
MERGE (f)-[r:HAS_CONCEPT]->(c)
SET r.weight = row.weight, r.sources = row.sources, r.filmRank = toInteger(row.filmRank), r.conceptRank = toInteger(row.conceptRank)`,
    params: { rows },
  };
}

export function writeRelatedQuery(n: ConceptLabels, rows: readonly Record<string, unknown>[]): CypherQuery {
  return {
    text: `UNWIND $rows AS row
MATCH (a:${n.concept} {key: row.from})
MATCH (b:${n.concept} {key: row.to})
MERGE (a)-[r:CO_OCCURS]->(b)
SET r.weight = row.weight, r.rank = toInteger(row.rank)`,
    params: { rows },
  };
}

export function writeCommunitiesQuery(n: ConceptLabels, rows: readonly Record<string, unknown>[]): CypherQuery {
  return {
    text: `UNWIND $rows AS row
MERGE (c:${n.community} {id: row.id})
SET c.level = toInteger(row.level), c.ord = toInteger(row.ord), c.parent = row.parent, c.title = row.title, c.report = row.report,
    c.concepts = toInteger(row.concepts), c.films = toInteger(row.films)
WITH c, row WHERE row.parent IS NOT NULL
MATCH (p:${n.community} {id: row.parent})
MERGE (c)-[:PART_OF]->(p)`,
    params: { rows },
  };
}

export function writeMembershipQuery(n: ConceptLabels, rows: readonly Record<string, unknown>[]): CypherQuery {
  return {
    text: `UNWIND $rows AS row
MATCH (c:${n.concept} {key: row.key})
MATCH (g:${n.community} {id: row.community})
MERGE (c)-[:IN_COMMUNITY]->(g)`,
    params: { rows },
  };
}

export function writeTermsQuery(n: ConceptLabels, rows: readonly Record<string, unknown>[]): CypherQuery {
  return {
    text: `UNWIND $rows AS row
MERGE (t:${n.term} {term: row.term})
SET t.df = toInteger(size(row.keys))
WITH t, row
UNWIND row.keys AS key
MATCH (c:${n.concept} {key: key})
MERGE (t)-[:NAMES]->(c)`,
    params: { rows },
  };
}

/** Counts for stats and the ingest check: concepts per type, links, edges, communities, levels. */
export function conceptStatsQuery(n: ConceptLabels): CypherQuery {
  return {
    text: `CALL () { MATCH (c:${n.concept}) RETURN 'type:' + c.type AS key, count(c) AS total }
RETURN key, total
UNION ALL MATCH (:${n.film})-[r:HAS_CONCEPT]->(:${n.concept}) RETURN 'links' AS key, count(r) AS total
UNION ALL MATCH (:${n.concept})-[r:CO_OCCURS]->(:${n.concept}) RETURN 'related' AS key, count(r) AS total
UNION ALL MATCH (g:${n.community}) RETURN 'communities' AS key, count(g) AS total
UNION ALL MATCH (g:${n.community}) RETURN 'levels' AS key, coalesce(max(g.level) + 1, 0) AS total`,
    params: {},
  };
}

const CONCEPT_FIELDS = "c { .key, .name, .type, .films, .sources, .ord }";

export function conceptsByKeyQuery(n: ConceptLabels, keys: readonly string[]): CypherQuery {
  return { text: `UNWIND $keys AS key MATCH (c:${n.concept} {key: key}) RETURN ${CONCEPT_FIELDS} AS concept`, params: { keys: [...keys] } };
}

export function conceptsByFoldQuery(n: ConceptLabels, folds: readonly string[]): CypherQuery {
  return { text: `UNWIND $folds AS fold MATCH (c:${n.concept} {fold: fold}) RETURN DISTINCT ${CONCEPT_FIELDS} AS concept`, params: { folds: [...folds] } };
}

/** Each term's postings: the concepts whose names hold it, with their name lengths and film counts. */
export function termPostingsQuery(n: ConceptLabels, terms: readonly string[]): CypherQuery {
  return {
    text: `UNWIND $terms AS term
MATCH (t:${n.term} {term: term})-[:NAMES]->(c:${n.concept})
RETURN t.term AS term, t.df AS df, collect([c.ord, c.terms]) AS postings`,
    params: { terms: [...terms] },
  };
}

export function conceptsByOrdQuery(n: ConceptLabels, ords: readonly number[]): CypherQuery {
  return { text: `UNWIND $ords AS ord MATCH (c:${n.concept} {ord: toInteger(ord)}) RETURN ${CONCEPT_FIELDS} AS concept`, params: { ords: [...ords] } };
}

export function conceptsOfQuery(n: ConceptLabels, films: readonly string[], limit?: number): CypherQuery {
  return {
    text: `UNWIND $films AS film
MATCH (f:${n.film} {id: film})
CALL (f) {
  MATCH (f)-[r:HAS_CONCEPT]->(c:${n.concept})
  WITH r, c ORDER BY r.filmRank${limit !== undefined ? "\n  LIMIT toInteger($limit)" : ""}
  RETURN collect({ concept: ${CONCEPT_FIELDS}, weight: r.weight, sources: r.sources }) AS links
}
RETURN f.id AS film, links`,
    params: { films: [...films], ...(limit !== undefined ? { limit } : {}) },
  };
}

export function filmsOfQuery(n: ConceptLabels, keys: readonly string[], limit?: number): CypherQuery {
  return {
    text: `UNWIND $keys AS key
MATCH (c:${n.concept} {key: key})
CALL (c) {
  MATCH (f:${n.film})-[r:HAS_CONCEPT]->(c)
  WITH f, r ORDER BY r.conceptRank${limit !== undefined ? "\n  LIMIT toInteger($limit)" : ""}
  RETURN collect({ film: f.id, weight: r.weight, sources: r.sources }) AS links
}
RETURN c.key AS key, links`,
    params: { keys: [...keys], ...(limit !== undefined ? { limit } : {}) },
  };
}

export function relatedQuery(n: ConceptLabels, key: string, limit?: number): CypherQuery {
  return {
    text: `MATCH (c:${n.concept} {key: $key})-[r:CO_OCCURS]->(o:${n.concept})
WITH o, r ORDER BY r.rank${limit !== undefined ? "\nLIMIT toInteger($limit)" : ""}
RETURN o { .key, .name, .type, .films, .sources, .ord } AS concept, r.weight AS weight`,
    params: { key, ...(limit !== undefined ? { limit } : {}) },
  };
}

export function communityQuery(n: ConceptLabels, id: string): CypherQuery {
  return { text: `MATCH (g:${n.community} {id: $id}) RETURN g.report AS report`, params: { id } };
}

/** The concept's leaf community and every community above it, leaf first. */
export function communitiesOfQuery(n: ConceptLabels, key: string): CypherQuery {
  return {
    text: `MATCH (:${n.concept} {key: $key})-[:IN_COMMUNITY]->(leaf:${n.community})
MATCH path = (leaf)-[:PART_OF*0..]->(up:${n.community})
RETURN up.id AS id, length(path) AS depth`,
    params: { key },
  };
}

export function allReportsQuery(n: ConceptLabels): CypherQuery {
  return { text: `MATCH (g:${n.community}) RETURN g.report AS report ORDER BY g.ord`, params: {} };
}
