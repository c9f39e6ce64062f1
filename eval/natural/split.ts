import { fnv1a32 } from "../../src/util/hash";
import type { Split } from "../datasets/metaqa";

/** The split's hash seed: changing it reshuffles dev and test, so it never changes. */
const SPLIT_SEED = 0x5eed_2b1d;

/** dev or test by a seeded hash of the item's id: stable whatever else is in the set. */
export function splitOf(id: string): Split {
  return (mix(fnv1a32(id, SPLIT_SEED)) & 1) === 0 ? "dev" : "test";
}

/** MurmurHash3's finalizer: FNV-1a's low bit is only the parity of the characters' low bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
