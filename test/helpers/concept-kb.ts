import { createKnowledgeBaseFromTexts } from "../../src/kb/in-memory";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { CONCEPT_KB_TRIPLES, CONCEPT_TMDB_CSV, CONCEPT_WIKIMOVIES_JSONL } from "../fixtures/concept-world";

let shared: Promise<KnowledgeBase> | undefined;

/** The fictional concept world as a knowledge base, built once per test file's worker. */
export function conceptKb(): Promise<KnowledgeBase> {
  shared ??= createKnowledgeBaseFromTexts({ kb: CONCEPT_KB_TRIPLES, wikimovies: CONCEPT_WIKIMOVIES_JSONL, tmdb: CONCEPT_TMDB_CSV }, { dimension: 8 });
  return shared;
}
