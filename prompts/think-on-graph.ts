import { EDGE_SPECS } from "../src/kb/schema";
import type { PathView } from "../tools/path-scoring";

/**
 * Think-on-Graph prompts. Short, one job each, and the reply shape is a flat JSON object that the
 * caller validates with zod; candidates carry ids so scores map back without string matching.
 */

const SYSTEM = "You help explore a movie knowledge graph (films, people, genres, tags, languages, years) to answer a question. Reply with JSON only.";

function describePath(p: PathView): string {
  const chain = p.steps.map((s) => (s.direction === "out" ? EDGE_SPECS[s.edge].forwardLabel : EDGE_SPECS[s.edge].backwardLabel)).join(" → ");
  return `${p.topic.name} (${p.topic.type})${chain ? ` → ${chain}` : ""} → ${p.endType}${p.sample.length ? ` e.g. ${p.sample.slice(0, 3).join(", ")}` : ""}`;
}

export function relationPrompt(question: string, candidates: { id: string; path: PathView }[]): { system: string; prompt: string } {
  const lines = candidates.map((c) => `${c.id}: ${describePath(c.path)}`);
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      "Each candidate follows one more relation from the question's topic entity. Score each from 0 (irrelevant) to 1 (exactly the relation the question needs next).",
      ...lines,
      'Reply as {"scores":[{"id":"r1","score":0.9}, ...]} with every id.',
    ].join("\n"),
  };
}

export function entityPrompt(question: string, path: PathView, entities: { id: string; name: string }[]): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      `Path so far: ${describePath(path)}`,
      "Score each entity from 0 to 1 by how likely it leads to the answer.",
      ...entities.map((e) => `${e.id}: ${e.name}`),
      'Reply as {"scores":[{"id":"e1","score":0.5}, ...]}.',
    ].join("\n"),
  };
}

export function judgePrompt(question: string, paths: PathView[]): { system: string; prompt: string } {
  return {
    system: SYSTEM,
    prompt: [
      `Question: ${question}`,
      "Reasoning paths found so far:",
      ...paths.map((p, i) => `${i + 1}. ${describePath(p)}`),
      "Do these paths reach the entities that answer the question? Think first, then decide.",
      'Reply as {"reasoning":"...","enough":true|false}.',
    ].join("\n"),
  };
}
