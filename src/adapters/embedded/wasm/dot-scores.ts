import { DOT_SCORES_WASM_BASE64 } from "./dot-scores.wasm";

const PAGE = 65536;
let compiled: WebAssembly.Module | null | undefined;

function module(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(DOT_SCORES_WASM_BASE64, "base64"));
    } catch {
      compiled = null; // no WebAssembly SIMD here: callers use the JavaScript loop
    }
  }
  return compiled ?? null;
}

/**
 * Scores a query against every row of a matrix with WebAssembly SIMD (f32x4), about four times
 * faster than the best plain loop. The matrix is copied once into the module's memory, rows padded
 * to a multiple of 8 floats. Sums are f32 (the JavaScript loop sums in f64): scores agree to ~1e-6.
 */
export class DotScorer {
  private readonly scoresFn: (mat: number, q: number, out: number, rows: number, dim: number) => void;
  private readonly query: Float32Array;
  private readonly out: Float32Array;
  private readonly qPtr: number;
  private readonly outPtr: number;

  private constructor(
    instance: WebAssembly.Instance,
    readonly rows: number,
    readonly dim: number,
    private readonly padded: number,
    matrix: Float32Array,
  ) {
    const memory = instance.exports.memory as WebAssembly.Memory;
    const matBytes = rows * padded * 4;
    this.qPtr = matBytes;
    this.outPtr = this.qPtr + padded * 4;
    const need = this.outPtr + rows * 4;
    const have = memory.buffer.byteLength;
    if (need > have) memory.grow(Math.ceil((need - have) / PAGE));
    const heap = new Float32Array(memory.buffer);
    if (padded === dim) heap.set(matrix, 0);
    else for (let r = 0; r < rows; r++) heap.set(matrix.subarray(r * dim, (r + 1) * dim), r * padded);
    this.query = new Float32Array(memory.buffer, this.qPtr, padded);
    this.out = new Float32Array(memory.buffer, this.outPtr, rows);
    this.scoresFn = instance.exports.scores as DotScorer["scoresFn"];
  }

  /** A scorer for the matrix, or undefined where WebAssembly SIMD is unavailable. */
  static create(matrix: Float32Array, rows: number, dim: number): DotScorer | undefined {
    const m = module();
    if (!m || rows === 0) return undefined;
    const padded = Math.ceil(dim / 8) * 8;
    return new DotScorer(new WebAssembly.Instance(m, {}), rows, dim, padded, matrix);
  }

  /** Scores of every row; the array is reused by the next call. */
  scores(vector: Float32Array): Float32Array {
    this.query.fill(0);
    this.query.set(vector.subarray(0, this.dim));
    this.scoresFn(0, this.qPtr, this.outPtr, this.rows, this.padded);
    return this.out;
  }
}
