/**
 * A GGUF (version 3) writer for what the model converter needs: scalar, string and array
 * metadata, and F32 or F16 tensors, aligned as llama.cpp expects.
 */

const ALIGNMENT = 32;

enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

export enum TensorType {
  F32 = 0,
  F16 = 1,
  /** Blocks of 32 values: one F16 scale and 32 signed bytes (ggml's Q8_0). */
  Q8_0 = 8,
}

export type MetaValue =
  | { type: "u32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "strings"; value: readonly string[] }
  | { type: "i32s"; value: readonly number[] };

export interface GgufTensor {
  name: string;
  /** The shape as the source framework states it (row-major, outermost first). */
  shape: readonly number[];
  type: TensorType;
  values: Float32Array;
}

class ByteSink {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string): void {
    const bytes = Buffer.from(s, "utf8");
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(to: number): void {
    const rest = (to - (this.length % to)) % to;
    if (rest) this.push(Buffer.alloc(rest));
  }
  concat(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function writeValue(sink: ByteSink, v: MetaValue): void {
  switch (v.type) {
    case "u32":
      sink.u32(ValueType.UINT32);
      sink.u32(v.value);
      return;
    case "f32":
      sink.u32(ValueType.FLOAT32);
      sink.f32(v.value);
      return;
    case "bool":
      sink.u32(ValueType.BOOL);
      sink.push(Buffer.from([v.value ? 1 : 0]));
      return;
    case "string":
      sink.u32(ValueType.STRING);
      sink.str(v.value);
      return;
    case "strings":
      sink.u32(ValueType.ARRAY);
      sink.u32(ValueType.STRING);
      sink.u64(v.value.length);
      for (const s of v.value) sink.str(s);
      return;
    case "i32s":
      sink.u32(ValueType.ARRAY);
      sink.u32(ValueType.INT32);
      sink.u64(v.value.length);
      for (const n of v.value) sink.i32(n);
      return;
  }
}

/** Encodes the tensor's values in its GGUF type. */
function tensorBytes(t: GgufTensor): Buffer {
  if (t.type === TensorType.F32) return Buffer.from(t.values.buffer, t.values.byteOffset, t.values.byteLength);
  if (t.type === TensorType.Q8_0) return quantizeQ8_0(t);
  const out = Buffer.alloc(t.values.length * 2);
  for (let i = 0; i < t.values.length; i++) out.writeUInt16LE(float16Bits(t.values[i]!), i * 2);
  return out;
}

/** The whole GGUF file: header, metadata, tensor table, then the aligned tensor data. */
export function writeGguf(metadata: ReadonlyArray<readonly [string, MetaValue]>, tensors: readonly GgufTensor[]): Buffer {
  const head = new ByteSink();
  head.push(Buffer.from("GGUF", "ascii"));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(metadata.length);
  for (const [key, value] of metadata) {
    head.str(key);
    writeValue(head, value);
  }
  const datas = tensors.map(tensorBytes);
  let offset = 0;
  tensors.forEach((t, i) => {
    const count = t.shape.reduce((a, b) => a * b, 1);
    if (count !== t.values.length) throw new Error(`tensor ${t.name}: ${t.values.length} values for shape [${t.shape.join(", ")}]`);
    head.str(t.name);
    head.u32(t.shape.length);
    // GGUF lists dimensions innermost first, the reverse of a row-major shape.
    for (const d of [...t.shape].reverse()) head.u64(d);
    head.u32(t.type);
    head.u64(offset);
    offset += datas[i]!.length;
    offset += (ALIGNMENT - (offset % ALIGNMENT)) % ALIGNMENT;
  });
  head.pad(ALIGNMENT);
  for (const d of datas) {
    head.push(d);
    head.pad(ALIGNMENT);
  }
  return head.concat();
}

const Q8_BLOCK = 32;

/** ggml's Q8_0: per block of 32, scale = max |x| / 127 (as F16) and each value rounded to x / scale. */
function quantizeQ8_0(t: GgufTensor): Buffer {
  const row = t.shape[t.shape.length - 1]!;
  if (row % Q8_BLOCK !== 0) throw new Error(`tensor ${t.name}: rows of ${row} values cannot be split into Q8_0 blocks of ${Q8_BLOCK}`);
  const blocks = t.values.length / Q8_BLOCK;
  const out = Buffer.alloc(blocks * (2 + Q8_BLOCK));
  for (let b = 0; b < blocks; b++) {
    let amax = 0;
    for (let j = 0; j < Q8_BLOCK; j++) amax = Math.max(amax, Math.abs(t.values[b * Q8_BLOCK + j]!));
    const d = amax / 127;
    const inv = d ? 1 / d : 0;
    const at = b * (2 + Q8_BLOCK);
    out.writeUInt16LE(float16Bits(d), at);
    for (let j = 0; j < Q8_BLOCK; j++) out.writeInt8(Math.round(t.values[b * Q8_BLOCK + j]! * inv), at + 2 + j);
  }
  return out;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE half-precision bits of a float32, rounded to nearest even (overflow to infinity). */
export function float16Bits(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exp = (x >>> 23) & 0xff;
  let mant = x & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  let e = exp - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let half = mant >>> shift;
    const rest = mant & ((1 << shift) - 1);
    const mid = 1 << (shift - 1);
    if (rest > mid || (rest === mid && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half++;
  return sign | half;
}
