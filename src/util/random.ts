import { fnv1a32 } from "./hash";

/** mulberry32: a tiny seeded PRNG; the same seed gives the same stream on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws from a seeded uniform source (Box-Muller). */
export function gaussian(rand: () => number): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    let u = 0;
    while (u === 0) u = rand();
    const v = rand();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/**
 * Seeded sample that is stable across runs, machines and file order: items are ranked by a hash
 * of (seed, key) and the first `n` are kept, then returned in their original order.
 */
export function stableSample<T>(items: readonly T[], n: number, seed: number, key: (item: T, index: number) => string): T[] {
  if (n >= items.length) return [...items];
  const ranked = items.map((item, index) => ({ index, h: fnv1a32(`${seed}:${key(item, index)}`) }));
  ranked.sort((a, b) => a.h - b.h || a.index - b.index);
  const keep = ranked.slice(0, n).map((r) => r.index).sort((a, b) => a - b);
  return keep.map((i) => items[i]!);
}
