import type { VectorHit, VectorItem, VectorQuery, VectorStore } from "../../ports/vector-store";
import { NODE_TYPE_BIT, type NodeType } from "../../kb/schema";
import { DotScorer } from "./wasm/dot-scores";

/**
 * Exact cosine search over unit vectors in one Float32Array (row i = item i). A full scan of the
 * 16k movies at 192 dimensions is a few million multiply-adds, done with WebAssembly SIMD (a plain
 * loop where that is unavailable): under a millisecond, and never approximate.
 */
export class EmbeddedVectorStore implements VectorStore {
  readonly kind = "exact";
  private ids: string[] = [];
  private types: NodeType[] = [];
  private matrix: Float32Array;
  private readonly rowOf = new Map<string, number>();
  /** WebAssembly scorer over a copy of the matrix, made on first search (null: unavailable). */
  private scorer: DotScorer | null | undefined;

  constructor(readonly dimension: number, initial?: { ids: string[]; types: NodeType[]; matrix: Float32Array }) {
    this.matrix = new Float32Array(0);
    if (initial) {
      if (initial.matrix.length !== initial.ids.length * dimension) throw new Error(`vector matrix has ${initial.matrix.length} values, expected ${initial.ids.length} × ${dimension}`);
      this.ids = [...initial.ids];
      this.types = [...initial.types];
      this.matrix = initial.matrix;
      this.ids.forEach((id, i) => this.rowOf.set(id, i));
    }
  }

  async size(): Promise<number> {
    return this.ids.length;
  }

  /** The stored vector of an item, if any (a view, not a copy). */
  vectorOf(id: string): Float32Array | undefined {
    const row = this.rowOf.get(id);
    return row === undefined ? undefined : this.matrix.subarray(row * this.dimension, (row + 1) * this.dimension);
  }

  /** Everything needed to persist the store. */
  export(): { ids: string[]; types: NodeType[]; matrix: Float32Array } {
    return { ids: this.ids, types: this.types, matrix: this.matrix };
  }

  async upsert(items: readonly VectorItem[]): Promise<void> {
    this.scorer = undefined;
    const fresh = items.filter((it) => !this.rowOf.has(it.id));
    if (fresh.length) {
      const grown = new Float32Array((this.ids.length + fresh.length) * this.dimension);
      grown.set(this.matrix);
      this.matrix = grown;
    }
    for (const it of items) {
      if (it.vector.length !== this.dimension) throw new Error(`vector for ${it.id} has ${it.vector.length} dimensions, expected ${this.dimension}`);
      let row = this.rowOf.get(it.id);
      if (row === undefined) {
        row = this.ids.length;
        this.ids.push(it.id);
        this.types.push(it.type);
        this.rowOf.set(it.id, row);
      } else {
        this.types[row] = it.type;
      }
      this.matrix.set(it.vector, row * this.dimension);
    }
  }

  async search(vector: Float32Array, query: VectorQuery = {}): Promise<VectorHit[]> {
    return this.searchSync(vector, query);
  }

  searchSync(vector: Float32Array, query: VectorQuery = {}): VectorHit[] {
    if (vector.length !== this.dimension) throw new Error(`query vector has ${vector.length} dimensions, expected ${this.dimension}`);
    const k = query.k ?? 10;
    const threshold = query.threshold ?? -Infinity;
    const mask = query.types?.reduce((m, t) => m | NODE_TYPE_BIT[t], 0) ?? 0;
    const d = this.dimension;
    const m = this.matrix;
    if (query.ids) return this.searchRows(vector, query.ids.map((id) => this.rowOf.get(id)).filter((r): r is number => r !== undefined), k, threshold, mask);
    // Top-k kept sorted (descending score, then row) in small parallel arrays.
    const topScore: number[] = [];
    const topRow: number[] = [];
    const d4 = d - (d % 4);
    this.scorer ??= DotScorer.create(m, this.ids.length, d) ?? null;
    const precomputed = this.scorer ? this.scorer.scores(vector) : undefined;
    for (let row = 0, o = 0; row < this.ids.length; row++, o += d) {
      if (mask && (NODE_TYPE_BIT[this.types[row]!] & mask) === 0) continue;
      let s: number;
      if (precomputed) s = precomputed[row]!;
      else {
        // Four independent sums let V8 keep the multiply-adds in flight: about twice as fast.
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        let s3 = 0;
        let j = 0;
        for (; j < d4; j += 4) {
          s0 += m[o + j]! * vector[j]!;
          s1 += m[o + j + 1]! * vector[j + 1]!;
          s2 += m[o + j + 2]! * vector[j + 2]!;
          s3 += m[o + j + 3]! * vector[j + 3]!;
        }
        for (; j < d; j++) s0 += m[o + j]! * vector[j]!;
        s = s0 + s1 + s2 + s3;
      }
      if (s < threshold) continue;
      if (topScore.length === k && s <= topScore[k - 1]!) continue;
      let at = topScore.length;
      while (at > 0 && topScore[at - 1]! < s) at--;
      topScore.splice(at, 0, s);
      topRow.splice(at, 0, row);
      if (topScore.length > k) {
        topScore.pop();
        topRow.pop();
      }
    }
    return topRow.map((row, i) => ({ id: this.ids[row]!, score: topScore[i]!, type: this.types[row]! }));
  }

  private searchRows(vector: Float32Array, rows: number[], k: number, threshold: number, mask: number): VectorHit[] {
    const d = this.dimension;
    const scored: { row: number; s: number }[] = [];
    for (const row of [...new Set(rows)]) {
      if (mask && (NODE_TYPE_BIT[this.types[row]!] & mask) === 0) continue;
      let s = 0;
      const o = row * d;
      for (let j = 0; j < d; j++) s += this.matrix[o + j]! * vector[j]!;
      if (s >= threshold) scored.push({ row, s });
    }
    scored.sort((a, b) => b.s - a.s || a.row - b.row);
    return scored.slice(0, k).map(({ row, s }) => ({ id: this.ids[row]!, score: s, type: this.types[row]! }));
  }
}
