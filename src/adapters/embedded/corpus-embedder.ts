import type { Embedder } from "../../ports/embedder";
import { contentTerms } from "../../util/text";
import { gaussian, seededRandom } from "../../util/random";
import { sha256Hex } from "../../util/hash";
import { gram, matrix, multiply, symmetricEigen, type Matrix } from "../../math/dense";
import { csrTimesDense, csrTransposeTimesDense, type CsrMatrix } from "../../math/sparse";

/**
 * The offline embedder: latent semantic analysis of the corpus itself (TF-IDF, then a seeded
 * randomized SVD). No download, deterministic, and a text is embedded by folding its terms into
 * the learned term space, so queries and documents share one space.
 */
export interface CorpusEmbedderModel {
  dimension: number;
  vocab: string[];
  idf: Float32Array;
  /** vocab.length × dimension, row-major. */
  termVectors: Float32Array;
  /** Hash of the training corpus and options; part of the embedder id. */
  fingerprint: string;
}

export interface TrainOptions {
  dimension?: number;
  seed?: number;
  /** Terms in fewer documents than this carry no co-occurrence signal. */
  minDf?: number;
  /** Terms in more than this fraction of documents are noise. */
  maxDfRatio?: number;
  powerIterations?: number;
  /** Singular values enter term vectors as σ^(1 - damping): 0 is plain LSA fold-in, 1 whitens. */
  damping?: number;
  onStage?: (stage: string) => void;
}

const DEFAULTS = { dimension: 256, seed: 7, minDf: 2, maxDfRatio: 0.4, powerIterations: 1, damping: 1 } as const;

export function trainCorpusEmbedder(docs: readonly string[], options: TrainOptions = {}): CorpusEmbedderModel {
  const o = { ...DEFAULTS, ...options };
  const stage = o.onStage ?? (() => {});
  stage("tokenize");
  const docTerms = docs.map((d) => contentTerms(d));
  const df = new Map<string, number>();
  for (const terms of docTerms) for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const maxDf = Math.max(o.minDf, Math.floor(o.maxDfRatio * docs.length));
  const vocab = [...df.entries()].filter(([, n]) => n >= o.minDf && n <= maxDf).map(([t]) => t).sort();
  const termIndex = new Map(vocab.map((t, i) => [t, i]));
  const idf = new Float32Array(vocab.length);
  vocab.forEach((t, i) => (idf[i] = Math.log(1 + docs.length / df.get(t)!)));

  stage("weight");
  const a = weightedCsr(docTerms, termIndex, idf);
  const k = Math.min(o.dimension, vocab.length, docs.length);
  const l = Math.min(k + 16, vocab.length, docs.length);

  stage("svd");
  const termVectors = randomizedTermVectors(a, k, l, o.powerIterations, o.damping, o.seed);
  const fingerprint = sha256Hex(JSON.stringify({ n: docs.length, v: vocab.length, o: { ...o, onStage: undefined } }) + sha256Hex(docs.join("\u0001"))).slice(0, 16);
  return { dimension: k, vocab, idf, termVectors, fingerprint };
}

/**
 * Top-k right singular vectors of A by randomized SVD (Halko et al.), without explicit QR: the range
 * basis comes from the eigen-decomposition of YᵀY, and BBᵀ is formed in the small l×l space, so the
 * only large costs are four sparse products and two Gram matrices.
 */
function randomizedTermVectors(a: CsrMatrix, k: number, l: number, powerIterations: number, damping: number, seed: number): Float32Array {
  const normal = gaussian(seededRandom(seed));
  const omega = matrix(a.cols, l);
  for (let i = 0; i < omega.data.length; i++) omega.data[i] = normal();
  let y = csrTimesDense(a, omega);
  for (let it = 0; it < powerIterations; it++) {
    normalizeColumns(y);
    y = csrTimesDense(a, csrTransposeTimesDense(a, y));
  }
  normalizeColumns(y);
  // Q = Y·M with M = U Λ^(-1/2) from YᵀY = U Λ Uᵀ, keeping well-conditioned directions only.
  const ey = symmetricEigen(gram(y), l);
  const floor = ey.values[0]! * 1e-12;
  const rank = Math.max(1, ey.values.findIndex((x) => x <= floor) < 0 ? l : ey.values.findIndex((x) => x <= floor));
  const m = matrix(l, rank);
  for (let c = 0; c < rank; c++) {
    const inv = 1 / Math.sqrt(ey.values[c]!);
    for (let r = 0; r < l; r++) m.data[r * rank + c] = ey.vectors.data[r * l + c]! * inv;
  }
  const z0 = csrTransposeTimesDense(a, y); // Aᵀ Y; Bᵀ = Aᵀ Q = Z0 M
  const s = multiply(multiply(transposeSmall(m), gramAsMatrix(z0)), m); // B Bᵀ = Mᵀ Z0ᵀ Z0 M
  const es = symmetricEigen(s.data, rank);
  const kk = Math.min(k, rank);
  // V_k = Bᵀ W Σ⁻¹ = Z0 (M W) Σ⁻¹; singular values enter as σ^(1 - damping).
  const mw = multiply(m, es.vectors);
  const p = matrix(l, kk);
  for (let c = 0; c < kk; c++) {
    const sigma = Math.sqrt(Math.max(es.values[c]!, 0));
    const scale = sigma > 1e-12 ? sigma ** (1 - damping) / sigma : 0;
    for (let r = 0; r < l; r++) p.data[r * kk + c] = mw.data[r * rank + c]! * scale;
  }
  const v = multiply(z0, p);
  const out = new Float32Array(a.cols * k);
  for (let t = 0; t < a.cols; t++) for (let c = 0; c < kk; c++) out[t * k + c] = v.data[t * kk + c]!;
  return out;
}

function normalizeColumns(m: Matrix): void {
  const norms = new Float64Array(m.cols);
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) norms[c]! += m.data[r * m.cols + c]! ** 2;
  for (let c = 0; c < m.cols; c++) norms[c] = norms[c]! > 0 ? 1 / Math.sqrt(norms[c]!) : 0;
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) m.data[r * m.cols + c]! *= norms[c]!;
}

function gramAsMatrix(m: Matrix): Matrix {
  return { rows: m.cols, cols: m.cols, data: gram(m) };
}

function transposeSmall(m: Matrix): Matrix {
  const out = matrix(m.cols, m.rows);
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) out.data[c * m.rows + r] = m.data[r * m.cols + c]!;
  return out;
}

function weightedCsr(docTerms: string[][], termIndex: Map<string, number>, idf: Float32Array): CsrMatrix {
  const rowPtr = new Int32Array(docTerms.length + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let r = 0; r < docTerms.length; r++) {
    const row = termWeights(docTerms[r]!, termIndex, idf);
    let norm = 0;
    for (const w of row.values()) norm += w * w;
    norm = Math.sqrt(norm) || 1;
    for (const [t, w] of [...row.entries()].sort((x, y) => x[0] - y[0])) {
      indices.push(t);
      values.push(w / norm);
    }
    rowPtr[r + 1] = indices.length;
  }
  return { rows: docTerms.length, cols: idf.length, rowPtr, indices: Int32Array.from(indices), values: Float64Array.from(values) };
}

function termWeights(terms: readonly string[], termIndex: Map<string, number>, idf: Float32Array): Map<number, number> {
  const tf = new Map<number, number>();
  for (const t of terms) {
    const i = termIndex.get(t);
    if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
  }
  const w = new Map<number, number>();
  for (const [i, n] of tf) w.set(i, (1 + Math.log(n)) * idf[i]!);
  return w;
}

export class CorpusEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  private readonly termIndex: Map<string, number>;

  constructor(private readonly model: CorpusEmbedderModel) {
    this.id = `corpus-lsa-${model.dimension}:${model.fingerprint}`;
    this.dimension = model.dimension;
    this.termIndex = new Map(model.vocab.map((t, i) => [t, i]));
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedSync(t));
  }

  /** Synchronous form for hot paths in the embedded default. */
  embedSync(text: string): Float32Array {
    const k = this.dimension;
    const out = new Float32Array(k);
    const weights = termWeights(contentTerms(text), this.termIndex, this.model.idf);
    const tv = this.model.termVectors;
    for (const [t, w] of weights) {
      const o = t * k;
      for (let j = 0; j < k; j++) out[j]! += w * tv[o + j]!;
    }
    let norm = 0;
    for (let j = 0; j < k; j++) norm += out[j]! * out[j]!;
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let j = 0; j < k; j++) out[j]! *= inv;
    }
    return out;
  }

  /** How many of a text's terms the model knows; zero means its vector carries no signal. */
  knownTerms(text: string): number {
    let n = 0;
    for (const t of contentTerms(text)) if (this.termIndex.has(t)) n++;
    return n;
  }
}

