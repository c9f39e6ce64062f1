import type { z } from "zod";
import { codePointLength } from "./text";

/** A value's place in a nested object or array: the path a zod issue names. */
export type FitPath = readonly PropertyKey[];

/**
 * What fitting a value to a schema did: the value with every cut made (the raw form, as it would be
 * parsed), the parsed value when it now fits, one note for each cut, and the issues no cut could
 * settle (a wrong type, a broken reference: a bug in whatever wrote the value, never cut away).
 */
export interface Fitted<T> {
  raw: unknown;
  parsed?: T;
  notes: string[];
  unfixed: z.core.$ZodIssue[];
}

export interface FitOptions {
  /** How a note names the value at a path ("p2 plot: story"); the path joined by dots when absent. */
  label?: (path: FitPath, root: unknown) => string;
  /**
   * A caller's own fix for issues a plain cut would get wrong (a plan's parts, whose references must
   * stay whole), tried before the plain cuts: a new root and its notes, or undefined to leave them.
   */
  fix?: (root: unknown, issues: readonly z.core.$ZodIssue[]) => { root: unknown; notes: string[] } | undefined;
}

/** Enough rounds for nested caps: a list cut before its items' strings are checked, and so on. */
const MAX_ROUNDS = 12;

/**
 * Fits a value to a schema's caps instead of failing on them: a list over its maximum keeps its
 * first items, a string over its maximum is cut at a word boundary (never inside a surrogate pair),
 * a number outside its range is brought to the nearest bound. Each cut is a note naming the value,
 * what it was and the cap. A value that already fits costs one parse; anything other than a cap is
 * left as an issue for the caller.
 */
export function fitToSchema<S extends z.ZodType>(schema: S, value: unknown, options: FitOptions = {}): Fitted<z.output<S>> {
  const notes: string[] = [];
  let root = value;
  let copied = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const r = schema.safeParse(root);
    if (r.success) return { raw: root, parsed: r.data, notes, unfixed: [] };
    if (!copied) {
      root = structuredClone(root);
      copied = true;
    }
    const own = options.fix?.(root, r.error.issues);
    if (own) {
      root = own.root;
      notes.push(...own.notes);
      continue;
    }
    const label = (path: FitPath) => options.label?.(path, root) ?? (path.map(String).join(".") || "the value");
    let cut = false;
    for (const issue of r.error.issues) {
      const note = cutToCap(root, issue, label);
      if (note) {
        notes.push(note);
        cut = true;
      }
    }
    if (!cut) return { raw: root, notes, unfixed: r.error.issues };
  }
  const last = schema.safeParse(root);
  return last.success ? { raw: root, parsed: last.data, notes, unfixed: [] } : { raw: root, notes, unfixed: last.error.issues };
}

/** Cuts the value an issue names to the issue's bound; the note, or undefined when the issue is no cap. */
function cutToCap(root: unknown, issue: z.core.$ZodIssue, label: (path: FitPath) => string): string | undefined {
  if (issue.code !== "too_big" && issue.code !== "too_small") return undefined;
  const holder = parentOf(root, issue.path);
  if (!holder) return undefined;
  const key = issue.path[issue.path.length - 1]!;
  const v = (holder as Record<PropertyKey, unknown>)[key];
  const bound = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
  if (!Number.isFinite(bound)) return undefined;
  if (issue.code === "too_big" && Array.isArray(v)) {
    const before = v.length;
    v.length = Math.max(0, issue.inclusive === false ? bound - 1 : bound);
    return `${label(issue.path)}: ${before} items, over the limit of ${bound}: kept the first ${v.length}`;
  }
  if (issue.code === "too_big" && typeof v === "string") {
    const cutText = clipText(v.trim(), issue.inclusive === false ? bound - 1 : bound);
    (holder as Record<PropertyKey, unknown>)[key] = cutText;
    return `${label(issue.path)}: ${size(v.trim())}, over the limit of ${bound}: kept the first ${size(cutText)}, to "…${[...cutText].slice(-30).join("").trimStart()}"`;
  }
  if (typeof v === "number" && (issue.origin === "number" || issue.origin === "int")) {
    (holder as Record<PropertyKey, unknown>)[key] = bound;
    return `${label(issue.path)}: ${v} is ${issue.code === "too_big" ? "above the largest" : "below the smallest"} value taken (${bound}): read as ${bound}`;
  }
  return undefined;
}

function size(s: string): string {
  return `${codePointLength(s)} characters`;
}

function parentOf(root: unknown, path: FitPath): object | undefined {
  if (path.length === 0) return undefined;
  let at: unknown = root;
  for (const k of path.slice(0, -1)) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[k];
  }
  return at !== null && typeof at === "object" ? at : undefined;
}

/**
 * The longest start of a text within `max` characters, counted as code points as zod's string limits
 * count them (a surrogate pair is never split), ending at a word boundary when one is near.
 */
export function clipText(text: string, max: number): string {
  const points = [...text];
  if (points.length <= max) return text;
  const head = points.slice(0, Math.max(0, max)).join("");
  const space = head.search(/\s\S*$/);
  return (space > 0 && space >= head.length - WORD_REACH ? head.slice(0, space) : head).trimEnd();
}

/** How far back a cut looks for the end of a word before it cuts inside one. */
const WORD_REACH = 40;
