import type { z } from "zod";
import { clipText, fitToSchema, type FitPath } from "../util/fit-schema";
import { QueryPlan, refsOf, type PlanPartInput, type QueryPlanInput } from "./schema";

/** A draft plan that could not be made to fit: what still breaks the schema (a bug in what wrote it, not the question's fault). */
export class PlanFitError extends Error {
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super(`the plan does not fit its schema: ${issues.map((i) => `${i.path.join(".") || "plan"}: ${i.message}`).join("; ")}`);
    this.name = "PlanFitError";
  }
}

export interface FittedPlan {
  plan: QueryPlan;
  /** One line for each cut: what was cut and why. Empty when the draft fitted as written. */
  notes: string[];
}

/**
 * Fits a draft plan to the schema's caps, so a long or odd question is answered in part instead of
 * failing: a question read as more clauses than a plan answers keeps its first clauses whole (each
 * with every part it uses), and any other list or string over its cap is cut (fit-schema.ts). Each
 * cut is a note for the trace. `clauses` are the texts the answered parts were read from, in the
 * order of `answer`, so a note can say which were left out.
 */
export function fitPlan(draft: QueryPlanInput, o: { clauses?: readonly string[] } = {}): FittedPlan {
  const fitted = fitToSchema(QueryPlan, draft, { label, fix: (root, issues) => keepFirstClauses(root as QueryPlanInput, issues, o.clauses ?? []) });
  if (!fitted.parsed) throw new PlanFitError(fitted.unfixed);
  return { plan: fitted.parsed, notes: fitted.notes };
}

/** "p3 plot: story" for a path into a part; "the question" and so on for the plan's own fields. */
function label(path: FitPath, root: unknown): string {
  const plan = root as QueryPlanInput;
  if (path[0] === "parts" && typeof path[1] === "number") {
    const part = plan.parts[path[1]];
    const rest = path.slice(2).map(String).join(".");
    return `${part?.id ?? `part ${path[1] + 1}`} ${part?.kind ?? ""}${rest ? `: ${rest}` : ""}`;
  }
  return path[0] === "question" ? "the question" : path[0] === "rules" ? "the rules that fired" : path.map(String).join(".");
}

/**
 * More answered parts or parts than a plan holds: the first answered parts whose parts all fit, in
 * the question's order, renumbered p1, p2, …; the rest are named in the note. Undefined when the
 * issues are not about the plan's size, or when not even the first answered part fits (the plain
 * cuts then have their say, and a plan they cannot repair is an error).
 */
function keepFirstClauses(plan: QueryPlanInput, issues: readonly z.core.$ZodIssue[], clauses: readonly string[]): { root: unknown; notes: string[] } | undefined {
  const cap = (field: "parts" | "answer") => {
    const i = issues.find((x) => x.code === "too_big" && x.path.length === 1 && x.path[0] === field);
    return i?.code === "too_big" ? Number(i.maximum) : undefined;
  };
  const maxParts = cap("parts");
  const maxAnswers = cap("answer");
  if (maxParts === undefined && maxAnswers === undefined) return undefined;
  const byId = new Map(plan.parts.map((p) => [p.id, p]));
  const needs = (id: string, into: Set<string>): Set<string> => {
    const part = byId.get(id);
    if (!part || into.has(id)) return into;
    into.add(id);
    for (const r of refsOf(part)) needs(r, into);
    return into;
  };
  let kept = new Set<string>();
  const answered: string[] = [];
  for (const id of plan.answer) {
    const next = needs(id, new Set(kept));
    if (next.size > (maxParts ?? plan.parts.length) || answered.length >= (maxAnswers ?? plan.answer.length)) break;
    kept = next;
    answered.push(id);
  }
  if (!answered.length) return undefined;
  const parts = plan.parts.filter((p) => kept.has(p.id));
  const renamed = new Map(parts.map((p, i) => [p.id, `p${i + 1}`]));
  const renumber = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(renumber);
    if (v && typeof v === "object") {
      const ref = (v as { ref?: unknown }).ref;
      if (typeof ref === "string" && Object.keys(v).length === 1) return { ref: renamed.get(ref) ?? ref };
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, renumber(x)]));
    }
    return v;
  };
  const left = plan.answer.slice(answered.length);
  const said = left.map((_, i) => clauses[answered.length + i]).filter((t): t is string => Boolean(t?.trim()));
  const shown = said.slice(0, 3).map((t) => `"${clipText(t.replace(/\s+/g, " ").trim(), 60)}${t.length > 60 ? "…" : ""}"`);
  const what = said.length ? `: ${shown.join(", ")}${said.length > 3 ? ` and ${said.length - 3} more` : ""}` : "";
  const note = `the question reads as ${plan.answer.length} questions (${plan.parts.length} plan parts); a plan answers at most ${maxAnswers ?? plan.answer.length} with at most ${maxParts ?? plan.parts.length} parts: the first ${answered.length} are answered, ${left.length} are not${what}; ask those on their own`;
  const root: QueryPlanInput = { ...plan, parts: parts.map((p) => ({ ...(renumber(p) as PlanPartInput), id: renamed.get(p.id)! }) as PlanPartInput), answer: answered.map((id) => renamed.get(id)!) };
  return { root, notes: [note] };
}
