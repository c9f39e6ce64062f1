import { matrix, type Matrix } from "./dense";

/** Compressed sparse rows: row r's entries are indices/values[rowPtr[r] .. rowPtr[r+1]). */
export interface CsrMatrix {
  rows: number;
  cols: number;
  rowPtr: Int32Array;
  indices: Int32Array;
  values: Float64Array;
}

/** A · X for a row-major X (a.cols × k); result a.rows × k. */
export function csrTimesDense(a: CsrMatrix, x: Matrix): Matrix {
  const k = x.cols;
  const out = matrix(a.rows, k);
  for (let r = 0; r < a.rows; r++) {
    const oo = r * k;
    for (let p = a.rowPtr[r]!; p < a.rowPtr[r + 1]!; p++) {
      const ox = a.indices[p]! * k;
      const v = a.values[p]!;
      for (let j = 0; j < k; j++) out.data[oo + j]! += v * x.data[ox + j]!;
    }
  }
  return out;
}

/** Aᵀ · Y for a row-major Y (a.rows × k); result a.cols × k. */
export function csrTransposeTimesDense(a: CsrMatrix, y: Matrix): Matrix {
  const k = y.cols;
  const out = matrix(a.cols, k);
  for (let r = 0; r < a.rows; r++) {
    const oy = r * k;
    for (let p = a.rowPtr[r]!; p < a.rowPtr[r + 1]!; p++) {
      const oo = a.indices[p]! * k;
      const v = a.values[p]!;
      for (let j = 0; j < k; j++) out.data[oo + j]! += v * y.data[oy + j]!;
    }
  }
  return out;
}
