import type { EvalRecord } from "./records";

/**
 * Internal notation an answer must never show a reader: evidence ids, relation names and arrows,
 * the tools' own phrasing, and values a program left unset.
 */
const NOTATION: readonly { what: string; pattern: RegExp }[] = [
  { what: "an evidence id", pattern: /\bev_[0-9a-f]{6,}/ },
  { what: "a relation name", pattern: /\b(?:ACTED_IN|DIRECTED|WROTE|HAS_GENRE|HAS_TAG|HAS_RATING|HAS_VOTES|RELEASED_IN|IN_LANGUAGE)\b/ },
  { what: "a relation arrow", pattern: /[A-Z_]{4,}[<>]/ },
  { what: "a tool's phrasing", pattern: /\bendpoints of\b|\bwith the seeds\b|\brelationPath\b/ },
  { what: "an unset value", pattern: /\bundefined\b|\bNaN\b|\[object Object\]/ },
];

/** The first piece of internal notation in an answer, with what it is; undefined when it reads as prose. */
export function internalNotation(answer: string): { what: string; text: string } | undefined {
  for (const n of NOTATION) {
    const m = n.pattern.exec(answer);
    if (m) return { what: n.what, text: m[0] };
  }
  return undefined;
}

/** A record that carries its plan: at least one part, each with its kind, and the answered parts among them. */
export function carriesPlan(r: Pick<EvalRecord, "plan">): boolean {
  const plan = r.plan;
  if (!plan || plan.parts.length === 0) return false;
  const ids = new Set(plan.parts.map((p) => p.id));
  return plan.parts.every((p) => typeof p.kind === "string") && plan.answer.every((id) => ids.has(id));
}
