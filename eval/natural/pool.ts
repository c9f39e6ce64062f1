import type { NaturalItem } from "./types";

/** How many items each templated intent aims for (the brief asks for at least 16). */
export const PER_INTENT = 20;

/**
 * Candidates most famous first, the top few shuffled by the seeded stream so the set is not always
 * the same handful of blockbusters, then the rest in order of fame.
 */
export function famousFirst<T>(xs: readonly T[], fame: (x: T) => number, rand: () => number, top: number): T[] {
  const sorted = [...xs].sort((a, b) => fame(b) - fame(a));
  const head = sorted.slice(0, top);
  for (let i = head.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [head[i], head[j]] = [head[j]!, head[i]!];
  }
  return [...head, ...sorted.slice(top)];
}

/** Builds items from candidates in order until `n` are made; a repeated id or question is skipped. */
export function collect<T>(candidates: Iterable<T>, n: number, build: (c: T, made: number) => NaturalItem | undefined): NaturalItem[] {
  const out: NaturalItem[] = [];
  const ids = new Set<string>();
  const questions = new Set<string>();
  for (const c of candidates) {
    if (out.length >= n) break;
    const it = build(c, out.length);
    if (!it || ids.has(it.id) || questions.has(it.question.toLowerCase())) continue;
    ids.add(it.id);
    questions.add(it.question.toLowerCase());
    out.push(it);
  }
  return out;
}

export const sortedUnique = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

/** Fill a template: `{name}` slots from the map. */
export function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = slots[k];
    if (v === undefined) throw new Error(`template "${template}" has no value for {${k}}`);
    return v;
  });
}

/** The id key of an item: its entities, folded to a slug. */
export function slug(...parts: string[]): string {
  return parts.map((p) => p.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")).join("+");
}

/** One template's question text by index, drawn from the stream; returns [index, text]. */
export function choose(rand: () => number, texts: readonly string[]): [number, string] {
  const k = Math.floor(rand() * texts.length);
  return [k, texts[k]!];
}

/** Interleaves queues so each kind of question gets its turn. */
export function* roundRobin<T>(queues: readonly (readonly T[])[]): Generator<T> {
  for (let i = 0; queues.some((q) => i < q.length); i++) for (const q of queues) if (i < q.length) yield q[i]!;
}

/** Caps how often one entity appears in a generator's items, so the set is not ten Tom Hanks questions. */
export function usageCap(max: number): { fits(keys: readonly string[]): boolean; use(keys: readonly string[]): void } {
  const used = new Map<string, number>();
  return {
    fits: (keys) => keys.every((k) => (used.get(k) ?? 0) < max),
    use: (keys) => keys.forEach((k) => used.set(k, (used.get(k) ?? 0) + 1)),
  };
}
