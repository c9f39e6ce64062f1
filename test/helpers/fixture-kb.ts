import { createKnowledgeBaseFromTexts } from "../../src/kb/in-memory";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { KB_TRIPLES, TMDB_CSV, WIKIMOVIES_JSONL } from "../fixtures/movie-world";

let shared: Promise<KnowledgeBase> | undefined;

/** The fictional fixture world as a knowledge base, built once per test file's worker. */
export function fixtureKb(): Promise<KnowledgeBase> {
  shared ??= createKnowledgeBaseFromTexts({ kb: KB_TRIPLES, wikimovies: WIKIMOVIES_JSONL, tmdb: TMDB_CSV }, { dimension: 8 });
  return shared;
}
