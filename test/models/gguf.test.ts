import { describe, expect, it } from "vitest";
import { bertToGguf } from "../../src/models/bert-to-gguf";
import { TensorType, float16Bits, writeGguf } from "../../src/models/gguf-writer";
import { readSafetensors, tensorF32 } from "../../src/models/safetensors";

/** A minimal GGUF reader for the tests: metadata keys and values, and the tensor table. */
function readGguf(buf: Buffer): { meta: Map<string, unknown>; tensors: { name: string; dims: number[]; type: number; offset: number }[]; dataStart: number } {
  let p = 0;
  const u32 = () => ((p += 4), buf.readUInt32LE(p - 4));
  const u64 = () => ((p += 8), Number(buf.readBigUInt64LE(p - 8)));
  const str = () => {
    const n = u64();
    p += n;
    return buf.subarray(p - n, p).toString("utf8");
  };
  const value = (type: number): unknown => {
    switch (type) {
      case 4: return u32();
      case 5: return ((p += 4), buf.readInt32LE(p - 4));
      case 6: return ((p += 4), buf.readFloatLE(p - 4));
      case 7: return ((p += 1), buf[p - 1] === 1);
      case 8: return str();
      case 9: {
        const t = u32();
        const n = u64();
        return Array.from({ length: n }, () => value(t));
      }
      default: throw new Error(`type ${type}`);
    }
  };
  expect(buf.subarray(0, 4).toString("ascii")).toBe("GGUF");
  p = 4;
  expect(u32()).toBe(3);
  const nt = u64();
  const nk = u64();
  const meta = new Map<string, unknown>();
  for (let i = 0; i < nk; i++) {
    const k = str();
    meta.set(k, value(u32()));
  }
  const tensors = Array.from({ length: nt }, () => {
    const name = str();
    const nd = u32();
    const dims = Array.from({ length: nd }, () => u64());
    return { name, dims, type: u32(), offset: u64() };
  });
  return { meta, tensors, dataStart: Math.ceil(p / 32) * 32 };
}

function safetensorsFile(tensors: Record<string, { shape: number[]; values: number[] }>): Buffer {
  const header: Record<string, unknown> = { __metadata__: { format: "pt" } };
  const datas: Buffer[] = [];
  let offset = 0;
  for (const [name, t] of Object.entries(tensors)) {
    const data = Buffer.from(Float32Array.from(t.values).buffer);
    header[name] = { dtype: "F32", shape: t.shape, data_offsets: [offset, offset + data.length] };
    datas.push(data);
    offset += data.length;
  }
  const json = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(8);
  len.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([len, json, ...datas]);
}

describe("float16Bits", () => {
  it("encodes exact values, rounds to nearest even, and saturates", () => {
    expect(float16Bits(0)).toBe(0);
    expect(float16Bits(-0)).toBe(0x8000);
    expect(float16Bits(1)).toBe(0x3c00);
    expect(float16Bits(-2)).toBe(0xc000);
    expect(float16Bits(0.5)).toBe(0x3800);
    expect(float16Bits(65504)).toBe(0x7bff);
    expect(float16Bits(1e6)).toBe(0x7c00);
    expect(float16Bits(Number.NaN) & 0x7c00).toBe(0x7c00);
    expect(float16Bits(2 ** -24)).toBe(1); // the smallest subnormal
    expect(float16Bits(1 + 2 ** -11)).toBe(0x3c00); // halfway: stays on the even mantissa
    expect(float16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02); // halfway: rounds up to the even one
  });
});

describe("writeGguf", () => {
  it("writes metadata and aligned tensors with dimensions innermost first", () => {
    const buf = writeGguf(
      [["general.architecture", { type: "string", value: "bert" }], ["x.count", { type: "u32", value: 7 }], ["x.flag", { type: "bool", value: false }], ["x.list", { type: "strings", value: ["a", "b"] }]],
      [
        { name: "m", shape: [2, 3], type: TensorType.F32, values: Float32Array.from([1, 2, 3, 4, 5, 6]) },
        { name: "h", shape: [3], type: TensorType.F16, values: Float32Array.from([1, 0.5, -2]) },
      ],
    );
    const g = readGguf(buf);
    expect(g.meta.get("general.architecture")).toBe("bert");
    expect(g.meta.get("x.count")).toBe(7);
    expect(g.meta.get("x.flag")).toBe(false);
    expect(g.meta.get("x.list")).toEqual(["a", "b"]);
    expect(g.tensors.map((t) => [t.name, t.dims, t.type])).toEqual([["m", [3, 2], 0], ["h", [3], 1]]);
    expect(g.tensors[1]!.offset % 32).toBe(0);
    const m = g.tensors[0]!;
    expect(Array.from(new Float32Array(buf.buffer.slice(buf.byteOffset + g.dataStart + m.offset, buf.byteOffset + g.dataStart + m.offset + 24)))).toEqual([1, 2, 3, 4, 5, 6]);
    const h = g.dataStart + g.tensors[1]!.offset;
    expect([buf.readUInt16LE(h), buf.readUInt16LE(h + 2), buf.readUInt16LE(h + 4)]).toEqual([0x3c00, 0x3800, 0xc000]);
  });
});

describe("readSafetensors", () => {
  it("reads tensors and refuses files that do not add up", () => {
    const file = safetensorsFile({ a: { shape: [2], values: [1.5, -1] } });
    const t = readSafetensors(file).get("a")!;
    expect(t.shape).toEqual([2]);
    expect(Array.from(tensorF32(t, "a"))).toEqual([1.5, -1]);
    expect(() => readSafetensors(file.subarray(0, 4))).toThrow(/too short/);
    const bad = Buffer.from(file);
    bad.writeBigUInt64LE(10n ** 9n);
    expect(() => readSafetensors(bad)).toThrow(/does not fit/);
  });
});

describe("bertToGguf", () => {
  const hidden = 4;
  const ffn = 8;
  const vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "##s", "film"];
  const config = { model_type: "bert", hidden_size: hidden, intermediate_size: ffn, num_hidden_layers: 1, num_attention_heads: 2, max_position_embeddings: 16, layer_norm_eps: 1e-12, type_vocab_size: 2, vocab_size: vocab.length, hidden_act: "gelu" };
  const tokenizer = {
    normalizer: { type: "BertNormalizer", lowercase: true },
    model: { type: "WordPiece", vocab: Object.fromEntries(vocab.map((t, i) => [t, i])) },
    added_tokens: vocab.slice(0, 5).map((content, id) => ({ id, content, special: true })),
  };
  const fill = (shape: number[]) => ({ shape, values: Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => (i % 7) / 10) });
  const weights: Record<string, { shape: number[]; values: number[] }> = {
    "embeddings.word_embeddings.weight": fill([vocab.length, hidden]),
    "embeddings.token_type_embeddings.weight": fill([2, hidden]),
    "embeddings.position_embeddings.weight": fill([16, hidden]),
    "embeddings.LayerNorm.weight": fill([hidden]),
    "embeddings.LayerNorm.bias": fill([hidden]),
    "embeddings.position_ids": fill([1, 16]),
  };
  for (const [name, shape] of [["attention.self.query", [hidden, hidden]], ["attention.self.key", [hidden, hidden]], ["attention.self.value", [hidden, hidden]], ["attention.output.dense", [hidden, hidden]], ["attention.output.LayerNorm", [hidden]], ["intermediate.dense", [ffn, hidden]], ["output.dense", [hidden, ffn]], ["output.LayerNorm", [hidden]]] as const) {
    weights[`encoder.layer.0.${name}.weight`] = fill([...shape]);
    weights[`encoder.layer.0.${name}.bias`] = fill([shape[0]]);
  }

  it("maps the checkpoint onto llama.cpp's BERT layout with a WordPiece vocabulary", () => {
    const g = readGguf(bertToGguf({ config: JSON.stringify(config), tokenizer: JSON.stringify(tokenizer), weights: safetensorsFile(weights) }, "tiny"));
    expect(g.meta.get("general.architecture")).toBe("bert");
    expect(g.meta.get("bert.pooling_type")).toBe(1);
    expect(g.meta.get("bert.block_count")).toBe(1);
    expect(g.meta.get("tokenizer.ggml.tokens")).toEqual(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "\u2581the", "s", "\u2581film"]);
    expect(g.meta.get("tokenizer.ggml.token_type")).toEqual([3, 2, 3, 3, 3, 1, 1, 1]);
    expect(g.meta.get("tokenizer.ggml.cls_token_id")).toBe(2);
    const byName = new Map(g.tensors.map((t) => [t.name, t]));
    expect(byName.get("blk.0.ffn_up.weight")).toMatchObject({ dims: [hidden, ffn], type: 1 });
    expect(byName.get("position_embd.weight")?.type).toBe(0);
    expect(byName.get("blk.0.attn_output_norm.bias")?.type).toBe(0);
    expect(g.tensors).toHaveLength(5 + 16);
  });

  it("names a missing tensor", () => {
    const { ["encoder.layer.0.output.dense.weight"]: _, ...partial } = weights;
    expect(() => bertToGguf({ config: JSON.stringify(config), tokenizer: JSON.stringify(tokenizer), weights: safetensorsFile(partial) }, "tiny")).toThrow(/encoder\.layer\.0\.output\.dense\.weight is missing/);
  });
});
