/**
 * Small dense linear algebra for the corpus embedder, on row-major Float64Array matrices.
 * Only what randomized SVD needs; loops are written for V8's typed-array fast paths.
 */

/** Row-major matrix: element (r, c) at data[r * cols + c]. */
export interface Matrix {
  rows: number;
  cols: number;
  data: Float64Array;
}

export function matrix(rows: number, cols: number): Matrix {
  return { rows, cols, data: new Float64Array(rows * cols) };
}

export function transpose(m: Matrix): Matrix {
  const out = matrix(m.cols, m.rows);
  const { rows, cols, data } = m;
  for (let r = 0; r < rows; r++) {
    const o = r * cols;
    for (let c = 0; c < cols; c++) out.data[c * rows + r] = data[o + c]!;
  }
  return out;
}

/**
 * Orthonormalises the columns in place by modified Gram-Schmidt. Two passes ("twice is enough")
 * keep orthogonality at float64 precision; one is enough between power iterations. Works on a
 * transposed copy so each column is contiguous.
 */
export function orthonormalizeColumns(m: Matrix, passes = 2): void {
  const t = transpose(m); // rows of t are the columns of m
  const n = t.cols;
  const d = t.data;
  for (let j = 0; j < t.rows; j++) {
    const oj = j * n;
    for (let pass = 0; pass < passes; pass++) {
      for (let i = 0; i < j; i++) {
        const oi = i * n;
        let dot = 0;
        for (let r = 0; r < n; r++) dot += d[oi + r]! * d[oj + r]!;
        for (let r = 0; r < n; r++) d[oj + r]! -= dot * d[oi + r]!;
      }
    }
    let norm = 0;
    for (let r = 0; r < n; r++) norm += d[oj + r]! * d[oj + r]!;
    norm = Math.sqrt(norm);
    const inv = norm > 1e-12 ? 1 / norm : 0;
    for (let r = 0; r < n; r++) d[oj + r]! *= inv;
  }
  const back = transpose(t);
  m.data.set(back.data);
}

/** Gram matrix MᵀM (cols × cols), symmetric. */
export function gram(m: Matrix): Float64Array {
  const t = transpose(m);
  const k = t.rows;
  const n = t.cols;
  const g = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    const oi = i * n;
    for (let j = i; j < k; j++) {
      const oj = j * n;
      let dot = 0;
      for (let r = 0; r < n; r++) dot += t.data[oi + r]! * t.data[oj + r]!;
      g[i * k + j] = dot;
      g[j * k + i] = dot;
    }
  }
  return g;
}

/** A · B for row-major A (n×k) and a small row-major B (k×m). */
export function multiply(a: Matrix, b: Matrix): Matrix {
  const out = matrix(a.rows, b.cols);
  const k = a.cols;
  const m = b.cols;
  for (let r = 0; r < a.rows; r++) {
    const oa = r * k;
    const oo = r * m;
    for (let p = 0; p < k; p++) {
      const v = a.data[oa + p]!;
      if (v === 0) continue;
      const ob = p * m;
      for (let c = 0; c < m; c++) out.data[oo + c]! += v * b.data[ob + c]!;
    }
  }
  return out;
}

/**
 * Eigen-decomposition of a symmetric n×n matrix (row-major): Householder reduction to tridiagonal
 * form, then the implicit QL algorithm (the classic EISPACK tred2/tql2 pair). O(n³), a few ms for
 * n = 272. Returns eigenvalues in descending order and the eigenvectors as matrix columns.
 */
export function symmetricEigen(input: Float64Array, n: number): { values: Float64Array; vectors: Matrix } {
  // v is worked on as v[i][j] = v[i * n + j].
  const v = Float64Array.from(input);
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  tridiagonalize(v, d, e, n);
  tridiagonalQl(v, d, e, n);
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => d[y]! - d[x]! || x - y);
  const values = new Float64Array(n);
  const vectors = matrix(n, n);
  order.forEach((src, dst) => {
    values[dst] = d[src]!;
    for (let k = 0; k < n; k++) vectors.data[k * n + dst] = v[k * n + src]!;
  });
  return { values, vectors };
}

function tridiagonalize(v: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) d[j] = v[(n - 1) * n + j]!;
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]!);
    if (scale === 0) {
      e[i] = d[i - 1]!;
      for (let j = 0; j < i; j++) {
        d[j] = v[(i - 1) * n + j]!;
        v[i * n + j] = 0;
        v[j * n + i] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k]! /= scale;
        h += d[k]! * d[k]!;
      }
      let f = d[i - 1]!;
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j]!;
        v[j * n + i] = f;
        g = e[j]! + v[j * n + j]! * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += v[k * n + j]! * d[k]!;
          e[k]! += v[k * n + j]! * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j]! /= h;
        f += e[j]! * d[j]!;
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j]! -= hh * d[j]!;
      for (let j = 0; j < i; j++) {
        f = d[j]!;
        g = e[j]!;
        for (let k = j; k <= i - 1; k++) v[k * n + j]! -= f * e[k]! + g * d[k]!;
        d[j] = v[(i - 1) * n + j]!;
        v[i * n + j] = 0;
      }
    }
    d[i] = h;
  }
  // Accumulate the transformations.
  for (let i = 0; i < n - 1; i++) {
    v[(n - 1) * n + i] = v[i * n + i]!;
    v[i * n + i] = 1;
    const h = d[i + 1]!;
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = v[k * n + i + 1]! / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += v[k * n + i + 1]! * v[k * n + j]!;
        for (let k = 0; k <= i; k++) v[k * n + j]! -= g * d[k]!;
      }
    }
    for (let k = 0; k <= i; k++) v[k * n + i + 1] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = v[(n - 1) * n + j]!;
    v[(n - 1) * n + j] = 0;
  }
  v[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
}

function tridiagonalQl(v: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i]!;
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]!) + Math.abs(e[l]!));
    let m = l;
    while (m < n) {
      if (Math.abs(e[m]!) <= eps * tst1) break;
      m++;
    }
    if (m > l) {
      for (let iter = 0; iter < 100; iter++) {
        let g = d[l]!;
        let p = (d[l + 1]! - g) / (2 * e[l]!);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l]! / (p + r);
        d[l + 1] = e[l]! * (p + r);
        const dl1 = d[l + 1]!;
        let h = g - d[l]!;
        for (let i = l + 2; i < n; i++) d[i]! -= h;
        f += h;
        p = d[m]!;
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1]!;
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i]!;
          h = c * p;
          r = Math.hypot(p, e[i]!);
          e[i + 1] = s * r;
          s = e[i]! / r;
          c = p / r;
          p = c * d[i]! - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]!);
          for (let k = 0; k < n; k++) {
            const vk1 = v[k * n + i + 1]!;
            const vk = v[k * n + i]!;
            v[k * n + i + 1] = s * vk + c * vk1;
            v[k * n + i] = c * vk - s * vk1;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]!) / dl1;
        e[l] = s * p;
        d[l] = c * p;
        if (Math.abs(e[l]!) <= eps * tst1) break;
      }
    }
    d[l] = d[l]! + f;
    e[l] = 0;
  }
}
