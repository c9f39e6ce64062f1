import { SharedStrings, sharedInt32, type SharedStringsData } from "./strings";

/**
 * A map from strings to lists of integers, built once and then read by every thread from shared
 * memory: the keys as SharedStrings, an open-addressing hash table of key indexes, and the lists in
 * one array with an offset per key. It stands in for `Map<string, number[]>` in the indexes the
 * knowledge base builds at load (linking, names, word counts), so worker threads hold none of them.
 */
export interface SharedStringMapData {
  keys: SharedStringsData;
  /** Key index + 1 per slot, 0 for an empty slot; its length is a power of two. */
  table: Int32Array;
  offsets: Int32Array;
  values: Int32Array;
}

/** FNV-1a over UTF-16 code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const EMPTY = new Int32Array(0);

export class SharedStringMap {
  readonly keys: SharedStrings;
  private readonly mask: number;

  constructor(readonly data: SharedStringMapData) {
    this.keys = new SharedStrings(data.keys);
    this.mask = data.table.length - 1;
  }

  /** From entries in a stable order (the order of `entries`); an entry's list may be empty. */
  static build(entries: Iterable<readonly [string, ArrayLike<number>]>): SharedStringMap {
    const list = [...entries];
    const keys = SharedStrings.build(list.map(([k]) => k));
    let size = 1;
    while (size < list.length * 2) size <<= 1;
    const table = sharedInt32(size);
    const mask = size - 1;
    list.forEach(([k], i) => {
      let slot = hash(k) & mask;
      while (table[slot] !== 0) {
        if (keys.equals(table[slot]! - 1, k)) throw new Error(`duplicate key in a shared map: ${JSON.stringify(k)}`);
        slot = (slot + 1) & mask;
      }
      table[slot] = i + 1;
    });
    const offsets = sharedInt32(list.length + 1);
    let total = 0;
    list.forEach(([, v], i) => {
      offsets[i] = total;
      total += v.length;
    });
    offsets[list.length] = total;
    const values = sharedInt32(total);
    list.forEach(([, v], i) => values.set(Array.from(v), offsets[i]!));
    return new SharedStringMap({ keys: keys.data, table, offsets, values });
  }

  /** From a Map of lists, keys in the Map's order. */
  static fromMap(map: ReadonlyMap<string, ArrayLike<number>>): SharedStringMap {
    return SharedStringMap.build(map.entries());
  }

  get size(): number {
    return this.keys.length;
  }

  /** The key's index, or -1. */
  indexOf(key: string): number {
    let slot = hash(key) & this.mask;
    for (;;) {
      const at = this.data.table[slot]!;
      if (at === 0) return -1;
      if (this.keys.equals(at - 1, key)) return at - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  /** The key's list (a view into shared memory), or undefined. */
  get(key: string): Int32Array | undefined {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.valuesAt(i);
  }

  valuesAt(i: number): Int32Array {
    const from = this.data.offsets[i]!;
    const to = this.data.offsets[i + 1]!;
    return from === to ? EMPTY : this.data.values.subarray(from, to);
  }

  keyAt(i: number): string {
    return this.keys.get(i);
  }
}
