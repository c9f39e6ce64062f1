import { z } from "zod";

/** One tensor of a safetensors file: its dtype, shape and the bytes it occupies (a view, no copy). */
export interface SafeTensor {
  dtype: string;
  shape: number[];
  data: Buffer;
}

const Header = z.record(
  z.string(),
  z.union([z.object({ dtype: z.string(), shape: z.array(z.number().int().nonnegative()), data_offsets: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]) }), z.record(z.string(), z.string())]),
);

/**
 * Reads a safetensors file held in memory: an 8-byte little-endian header length, a JSON header
 * naming each tensor's dtype, shape and byte range, then the raw data.
 */
export function readSafetensors(file: Buffer, name = "model.safetensors"): Map<string, SafeTensor> {
  if (file.length < 8) throw new Error(`${name}: too short to be a safetensors file`);
  const headerLength = Number(file.readBigUInt64LE(0));
  if (headerLength <= 0 || 8 + headerLength > file.length) throw new Error(`${name}: header length ${headerLength} does not fit the file (${file.length} bytes)`);
  const parsed = Header.safeParse(JSON.parse(file.subarray(8, 8 + headerLength).toString("utf8")));
  if (!parsed.success) throw new Error(`${name}: header is not a safetensors header (${parsed.error.issues[0]?.message})`);
  const base = 8 + headerLength;
  const tensors = new Map<string, SafeTensor>();
  for (const [key, entry] of Object.entries(parsed.data)) {
    if (key === "__metadata__" || !("dtype" in entry)) continue;
    const e = entry as { dtype: string; shape: number[]; data_offsets: [number, number] };
    const [start, end] = e.data_offsets;
    if (base + end > file.length || start > end) throw new Error(`${name}: tensor ${key} lies outside the file`);
    tensors.set(key, { dtype: String(e.dtype), shape: e.shape, data: file.subarray(base + start, base + end) });
  }
  return tensors;
}

/** The tensor's values as float32 (copied, so alignment never matters). */
export function tensorF32(t: SafeTensor, name: string): Float32Array {
  if (t.dtype !== "F32") throw new Error(`tensor ${name} is ${t.dtype}; only F32 checkpoints are converted`);
  const count = t.shape.reduce((a, b) => a * b, 1);
  if (t.data.length !== count * 4) throw new Error(`tensor ${name}: ${t.data.length} bytes for shape [${t.shape.join(", ")}]`);
  const out = new Float32Array(count);
  new Uint8Array(out.buffer).set(t.data);
  return out;
}
