import { TEXT_FIELDS } from "../../ports/text-index";
import { assertLabel, type CypherQuery } from "./cypher";
import { searchProperty } from "./ingest-rows";

/** The base label of production data. Tests use a unique label per run so they never touch it. */
export const DEFAULT_LABEL = "Entity";

/** Names of the schema objects that belong to one base label. */
export interface Neo4jNames {
  label: string;
  constraint: string;
  textIndex: string;
  /** The index of earlier versions (over the raw text with Lucene's analyzer), dropped on sight. */
  legacyTextIndex: string;
}

export function neo4jNames(label: string = DEFAULT_LABEL): Neo4jNames {
  const base = assertLabel(label).toLowerCase();
  return { label, constraint: `${base}_id_unique`, textIndex: `${base}_terms`, legacyTextIndex: `${base}_text` };
}

/**
 * Idempotent DDL (schema commands take no parameters, so names come from `neo4jNames` only).
 * The uniqueness constraint also gives the id look-up index every query starts from. The full-text
 * index reads the fields' index terms (`s_plot` …: folded, stop words dropped, stemmed, exactly as
 * the embedded index analyses text), split on whitespace, so both rank the same terms.
 */
export function schemaStatements(names: Neo4jNames): CypherQuery[] {
  const L = assertLabel(names.label);
  const fields = TEXT_FIELDS.map((f) => `n.${searchProperty(f)}`).join(", ");
  return [
    { text: `CREATE CONSTRAINT ${names.constraint} IF NOT EXISTS FOR (n:${L}) REQUIRE n.id IS UNIQUE`, params: {} },
    { text: `DROP INDEX ${names.legacyTextIndex} IF EXISTS`, params: {} },
    {
      text: `CREATE FULLTEXT INDEX ${names.textIndex} IF NOT EXISTS FOR (n:${L}) ON EACH [${fields}] OPTIONS { indexConfig: { \`fulltext.analyzer\`: 'whitespace' } }`,
      params: {},
    },
  ];
}

/** Waits until every index is online (a new full-text index populates in the background). */
export function awaitIndexesQuery(seconds: number): CypherQuery {
  return { text: "CALL db.awaitIndexes(toInteger($seconds))", params: { seconds: Math.max(1, Math.ceil(seconds)) } };
}

/** Removes one label's schema objects (test teardown). */
export function dropSchemaStatements(names: Neo4jNames): CypherQuery[] {
  return [
    { text: `DROP INDEX ${names.textIndex} IF EXISTS`, params: {} },
    { text: `DROP CONSTRAINT ${names.constraint} IF EXISTS`, params: {} },
  ];
}
