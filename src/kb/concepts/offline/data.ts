import type { CommunityReport } from "../../../ports/concept-graph";
import { SnapshotCorruptError, type SectionValue, type SnapshotReader } from "../../snapshot-file";

/**
 * The concept graph in flat arrays: what the offline builder produces, what the snapshot stores and
 * what the embedded adapter (and every worker thread, from shared memory) reads. Concept `i` is
 * `keys[i]` (keys sorted); links are compressed sparse rows, strongest first.
 */
export interface LinkRows {
  /** Row r's entries are [offsets[r], offsets[r + 1]). */
  offsets: Int32Array;
  targets: Int32Array;
  weights: Float32Array;
  /** Source bits per link (CONCEPT_SOURCES order), or empty for rows that have none. */
  sources: Uint8Array;
}

export interface ConceptBuildReport {
  /** Milliseconds per phase of the build. */
  ms: { read: number; table: number; cooccurrence: number; communities: number; reports: number; total: number };
  names: number;
  skipped: { untypedNames: number; rarePhrases: number; notAboutTheFilm: number; personNames: number };
  families: number;
}

export interface ConceptGraphData {
  keys: string[];
  names: string[];
  /** Index into CONCEPT_TYPES. */
  types: Uint8Array;
  /** Union of the sources of each concept's links. */
  sources: Uint8Array;
  /** KB node → its concepts (rows per KB node; films only are non-empty), weight desc then key. */
  byFilm: LinkRows;
  /** Concept → its films (KB nodes), weight desc then film name. */
  byConcept: LinkRows;
  /** Concept → concepts that share films (the pruned co-occurrence edges, both ways), weight (NPMI) desc then key. */
  related: LinkRows;
  /** Per concept, its leaf community (index into `reports`), or -1. */
  leafOf: Int32Array;
  /** Parents before children (the index `leafOf` and the parent chain use). */
  reports: CommunityReport[];
  build: ConceptBuildReport;
}

const ROWS = ["byFilm", "byConcept", "related"] as const;

/** The snapshot sections of a concept graph (typed arrays for everything large). */
export function conceptSections(d: ConceptGraphData): Record<string, SectionValue> {
  const out: Record<string, SectionValue> = {
    conceptKeys: { kind: "json", value: d.keys },
    conceptNames: { kind: "json", value: d.names },
    conceptTypes: { kind: "u8", value: d.types },
    conceptSources: { kind: "u8", value: d.sources },
    conceptLeafOf: { kind: "i32", value: d.leafOf },
    conceptReports: { kind: "json", value: d.reports },
    conceptBuild: { kind: "json", value: d.build },
  };
  for (const r of ROWS) {
    out[`${r}Offsets`] = { kind: "i32", value: d[r].offsets };
    out[`${r}Targets`] = { kind: "i32", value: d[r].targets };
    out[`${r}Weights`] = { kind: "f32", value: d[r].weights };
    out[`${r}Sources`] = { kind: "u8", value: d[r].sources };
  }
  return out;
}

/** Reads the concept sections back and checks that they fit together and the KB (`nodes` nodes). */
export function readConceptSections(r: SnapshotReader, path: string, nodes: number): ConceptGraphData {
  const rows = (name: (typeof ROWS)[number]): LinkRows => ({
    offsets: r.array(`${name}Offsets`, "i32"),
    targets: r.array(`${name}Targets`, "i32"),
    weights: r.array(`${name}Weights`, "f32"),
    sources: r.array(`${name}Sources`, "u8"),
  });
  const d: ConceptGraphData = {
    keys: r.json<string[]>("conceptKeys"),
    names: r.json<string[]>("conceptNames"),
    types: r.array("conceptTypes", "u8"),
    sources: r.array("conceptSources", "u8"),
    byFilm: rows("byFilm"),
    byConcept: rows("byConcept"),
    related: rows("related"),
    leafOf: r.array("conceptLeafOf", "i32"),
    reports: r.json<CommunityReport[]>("conceptReports"),
    build: r.json<ConceptBuildReport>("conceptBuild"),
  };
  const problem = shapeProblem(d, nodes);
  if (problem) throw new SnapshotCorruptError(path, `concept graph: ${problem}`);
  return d;
}

/** What is inconsistent in a concept graph's arrays, or undefined. */
export function shapeProblem(d: ConceptGraphData, nodes: number): string | undefined {
  const n = d.keys.length;
  if (d.names.length !== n || d.types.length !== n || d.sources.length !== n || d.leafOf.length !== n) return "per-concept arrays disagree in length";
  const expect: Record<(typeof ROWS)[number], [number, number]> = { byFilm: [nodes, n], byConcept: [n, nodes], related: [n, n] };
  for (const name of ROWS) {
    const rows = d[name];
    const [count, targets] = expect[name];
    const total = rows.offsets[count];
    if (rows.offsets.length !== count + 1 || total !== rows.targets.length || rows.weights.length !== total) return `${name} rows disagree with their entries`;
    if (rows.sources.length !== 0 && rows.sources.length !== total) return `${name} sources disagree with their entries`;
    for (let i = 0; i < rows.targets.length; i++) if (rows.targets[i]! < 0 || rows.targets[i]! >= targets) return `${name} points outside its range`;
  }
  for (let i = 0; i < n; i++) if (d.leafOf[i]! >= d.reports.length) return "a concept's community is not among the reports";
  return undefined;
}
