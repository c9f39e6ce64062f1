import { METAQA_RELATIONS, type MetaqaRelation } from "../schema";
import type { IngestLog } from "../ingest-report";

export interface Triple {
  subject: string;
  relation: MetaqaRelation;
  object: string;
  line: number;
}

const RELATIONS = new Set<string>(METAQA_RELATIONS);

/**
 * Parses MetaQA `subject|relation|object` lines. Names are kept byte-for-byte (answers are
 * compared by name); a line with the wrong shape is rejected with its reason.
 */
export function parseKbTriples(lines: readonly string[], file: string, log: IngestLog): Triple[] {
  const counts = log.file(file);
  const out: Triple[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!;
    counts.read++;
    if (line.trim() === "") {
      log.reject(file, lineNo, "empty line");
      continue;
    }
    const parts = line.split("|");
    if (parts.length !== 3) {
      log.reject(file, lineNo, `expected 3 fields separated by "|", found ${parts.length}`);
      continue;
    }
    const [subject, relation, object] = parts as [string, string, string];
    if (subject.trim() === "" || object.trim() === "") {
      log.reject(file, lineNo, subject.trim() === "" ? "empty subject" : "empty object");
      continue;
    }
    if (!RELATIONS.has(relation)) {
      log.reject(file, lineNo, `unknown relation "${relation}" (expected one of ${METAQA_RELATIONS.join(", ")})`);
      continue;
    }
    out.push({ subject, relation: relation as MetaqaRelation, object, line: lineNo });
  }
  return out;
}
