import type { QuestionAnalysis, TopicEntity } from "../../src/question/analyze";
import type { PartUnderstanding } from "../../src/question/understand";
import type { ToolName } from "../../tools/evidence";
import { briefArgs, type MenuEntry } from "../../prompts/research";
import type { PlannedCall } from "../research/types";
import { callSignature } from "./planner";
import { conceptArg, togFilters, yearsOf } from "./tool-choice";

/**
 * Options a menu shows at most: few enough for a small model to weigh. They are numbered, not
 * lettered: a 135M model picks letters by their token (it chose "D" whatever D was) but takes
 * numbers in order, so the usual plan, listed first, is what it runs.
 */
export const MENU_SIZE = 8;
/** Text search stays on every menu, however crowded: it is what works when the graph does not. */
const ALWAYS: readonly ToolName[] = ["full_text", "semantic_search"];

/** A part of the question as the menu reads it: the staged reading when there is one. */
export interface MenuPart {
  id: string;
  text: string;
  analysis: QuestionAnalysis;
  reading?: PartUnderstanding;
}

const named = (t: TopicEntity) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.35;

/**
 * Calls that fit a part besides the heuristic's own, so that every tool is on the menu when it
 * fits: relation paths, exact filters, similar films, a kind of film, neighbours, name look-ups for
 * names that did not link, and text search on the part as asked.
 */
export function alternativeCalls(p: MenuPart): PlannedCall[] {
  const a = p.analysis;
  const serves = p.id;
  const topics = a.topics.filter(named).slice(0, 2);
  const out: PlannedCall[] = [];
  const filters = p.reading ? togFilters(p.reading) : undefined;
  for (const t of topics) out.push({ tool: "think_on_graph", args: { question: p.text, entities: [t.name], width: 3, depth: 3, scorer: "lexical", ...(filters ? { filters } : {}) }, rationale: `relation paths from ${t.name}`, serves });

  const concepts = (p.reading?.concepts ?? []).filter((c) => c.strong).slice(0, 3);
  const years = p.reading ? yearsOf(p.reading) : undefined;
  const people = topics.filter((t) => t.types.includes("Person"));
  if (concepts.length || years || people.length) {
    out.push({ tool: "find_movies", args: { concepts: concepts.map(conceptArg), people: people.map((t) => ({ name: t.name })), ...(years ? { years } : {}), limit: 50 }, rationale: "the films that fit exactly", serves });
  }
  for (const t of topics.filter((x) => x.types.includes("Movie"))) out.push({ tool: "depth_first", args: { movies: [t.name], results: 10 }, rationale: `films like ${t.name}`, serves });
  if (concepts[0]) out.push({ tool: "breadth_first", args: { query: concepts[0].label, kind: conceptArg(concepts[0]), concepts: 2 }, rationale: `what ${concepts[0].label} films are like`, serves });
  // One relation asked ("who directed X"): the neighbours along it; otherwise all of them. Words of a
  // told plot that happen to be tags ("dead", "child") are no place to start.
  const edges = new Set(a.cues.map((c) => c.edge));
  const edge = a.answer.edge && edges.size <= 1 ? { edge: a.answer.edge } : {};
  const starts = topics.length ? topics : p.reading?.intent === "plot" ? [] : a.topics.filter((x) => x.confidence >= 0.5).slice(0, 2);
  for (const t of starts) out.push({ tool: "neighbors", args: { entity: t.name, ...edge }, rationale: `the direct relations of ${t.name}`, serves });
  for (const n of p.reading?.notFound ?? []) out.push({ tool: "lookup_entity", args: { mention: n.text }, rationale: `what "${n.text}" may mean`, serves });
  for (const t of a.topics.filter((x) => x.confidence < 0.7).slice(0, 1)) out.push({ tool: "lookup_entity", args: { mention: t.text }, rationale: `what "${t.text}" may mean`, serves });
  out.push({ tool: "full_text", args: { query: p.text.slice(0, 500), limit: 10 }, rationale: "keyword search on the question", serves });
  out.push({ tool: "semantic_search", args: { query: p.text, k: 8 }, rationale: "semantic search on the question", serves });
  return out;
}

/**
 * A numbered menu: the given calls first (the most likely, in order), without repeats, without
 * what `exclude` holds (calls already run) and without tools the run does not allow; capped at
 * `size`, keeping one full-text and one semantic search when there are any.
 */
export function numberedMenu(calls: readonly PlannedCall[], allowed: ReadonlySet<ToolName>, exclude: ReadonlySet<string> = new Set(), size = MENU_SIZE): MenuEntry[] {
  const seen = new Set<string>();
  const unique: PlannedCall[] = [];
  for (const c of calls) {
    const sig = callSignature(c);
    // Two calls that read the same on the menu (they differ in a tuning number) are one option.
    const line = `${c.tool} ${briefArgs(c.args)} ${c.serves ?? ""}`;
    if (!allowed.has(c.tool) || exclude.has(sig) || seen.has(sig) || seen.has(line)) continue;
    seen.add(sig).add(line);
    unique.push(c);
  }
  const kept = unique.slice(0, size);
  for (const tool of ALWAYS) {
    if (kept.some((c) => c.tool === tool)) continue;
    const c = unique.find((x) => x.tool === tool);
    if (!c) continue;
    const drop = kept.findLastIndex((x) => !ALWAYS.includes(x.tool));
    if (kept.length >= size && drop >= 0) kept.splice(drop, 1);
    kept.push(c);
  }
  return kept.map((call, i) => ({ label: String(i + 1), call }));
}
