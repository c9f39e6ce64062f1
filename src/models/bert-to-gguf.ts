import { z } from "zod";
import { TensorType, writeGguf, type GgufTensor, type MetaValue } from "./gguf-writer";
import { readSafetensors, tensorF32 } from "./safetensors";

/**
 * Converts a BERT sentence encoder in the Hugging Face layout (config.json, tokenizer.json,
 * model.safetensors; e.g. all-MiniLM-L6-v2) into a GGUF file that llama.cpp runs as an embedding
 * model with mean pooling. Matrices are stored as F16, vectors as F32.
 */

const BertConfig = z.object({
  model_type: z.literal("bert"),
  hidden_size: z.number().int().positive(),
  intermediate_size: z.number().int().positive(),
  num_hidden_layers: z.number().int().positive(),
  num_attention_heads: z.number().int().positive(),
  max_position_embeddings: z.number().int().positive(),
  layer_norm_eps: z.number().positive(),
  type_vocab_size: z.number().int().positive(),
  vocab_size: z.number().int().positive(),
  hidden_act: z.literal("gelu"),
});

const Tokenizer = z.object({
  normalizer: z.object({ type: z.literal("BertNormalizer"), lowercase: z.boolean() }),
  model: z.object({ type: z.literal("WordPiece"), vocab: z.record(z.string(), z.number().int().nonnegative()) }),
  added_tokens: z.array(z.object({ id: z.number().int(), content: z.string(), special: z.boolean() })),
});

export interface BertSource {
  config: string;
  tokenizer: string;
  weights: Buffer;
}

const LAYER_TENSORS: ReadonlyArray<readonly [string, string]> = [
  ["attention.self.query", "attn_q"],
  ["attention.self.key", "attn_k"],
  ["attention.self.value", "attn_v"],
  ["attention.output.dense", "attn_output"],
  ["attention.output.LayerNorm", "attn_output_norm"],
  ["intermediate.dense", "ffn_up"],
  ["output.dense", "ffn_down"],
  ["output.LayerNorm", "layer_output_norm"],
];

const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;

export function bertToGguf(source: BertSource, name: string, matrixType: TensorType.F16 | TensorType.Q8_0 = TensorType.F16): Buffer {
  const config = BertConfig.parse(JSON.parse(source.config));
  const tok = Tokenizer.parse(JSON.parse(source.tokenizer));
  if (!tok.normalizer.lowercase) throw new Error(`${name}: only uncased (lowercasing) BERT tokenizers are supported`);
  const weights = readSafetensors(source.weights);

  const tokens: string[] = new Array(config.vocab_size);
  for (const [piece, id] of Object.entries(tok.model.vocab)) {
    if (id >= config.vocab_size) throw new Error(`${name}: token id ${id} is beyond the vocabulary size ${config.vocab_size}`);
    tokens[id] = piece;
  }
  if (tokens.some((t) => t === undefined) || tokens.length !== config.vocab_size) throw new Error(`${name}: the tokenizer's vocabulary has gaps`);
  const special = new Map(tok.added_tokens.filter((t) => t.special).map((t) => [t.content, t.id]));
  const idOf = (content: string): number => {
    const id = special.get(content);
    if (id === undefined) throw new Error(`${name}: the tokenizer has no ${content} token`);
    return id;
  };
  // llama.cpp's WordPiece marks a word start with U+2581 and writes continuations without "##".
  const pieces = tokens.map((t) => (special.has(t) ? t : t.startsWith("##") ? t.slice(2) : `\u2581${t}`));
  const types = tokens.map((t) => (t === "[UNK]" ? TOKEN_UNKNOWN : special.has(t) ? TOKEN_CONTROL : TOKEN_NORMAL));

  const tensors: GgufTensor[] = [];
  // Matrices that llama.cpp multiplies or looks rows up in are F16; tables it adds, and vectors, stay F32.
  const take = (from: string, to: string, type: TensorType = matrixType): void => {
    const t = weights.get(from);
    if (!t) throw new Error(`${name}: tensor ${from} is missing from the checkpoint`);
    const values = tensorF32(t, from);
    tensors.push({ name: to, shape: t.shape, values, type: t.shape.length >= 2 ? type : TensorType.F32 });
  };
  const prefix = weights.has("embeddings.word_embeddings.weight") ? "" : "bert.";
  take(`${prefix}embeddings.word_embeddings.weight`, "token_embd.weight");
  take(`${prefix}embeddings.token_type_embeddings.weight`, "token_types.weight", TensorType.F32);
  take(`${prefix}embeddings.position_embeddings.weight`, "position_embd.weight", TensorType.F32);
  take(`${prefix}embeddings.LayerNorm.weight`, "token_embd_norm.weight");
  take(`${prefix}embeddings.LayerNorm.bias`, "token_embd_norm.bias");
  for (let i = 0; i < config.num_hidden_layers; i++) {
    for (const [from, to] of LAYER_TENSORS) {
      take(`${prefix}encoder.layer.${i}.${from}.weight`, `blk.${i}.${to}.weight`);
      take(`${prefix}encoder.layer.${i}.${from}.bias`, `blk.${i}.${to}.bias`);
    }
  }

  const meta: Array<readonly [string, MetaValue]> = [
    ["general.architecture", { type: "string", value: "bert" }],
    ["general.name", { type: "string", value: name }],
    // llama.cpp's file types: 1 mostly F16, 7 mostly Q8_0.
    ["general.file_type", { type: "u32", value: matrixType === TensorType.Q8_0 ? 7 : 1 }],
    ["bert.context_length", { type: "u32", value: config.max_position_embeddings }],
    ["bert.embedding_length", { type: "u32", value: config.hidden_size }],
    ["bert.feed_forward_length", { type: "u32", value: config.intermediate_size }],
    ["bert.block_count", { type: "u32", value: config.num_hidden_layers }],
    ["bert.attention.head_count", { type: "u32", value: config.num_attention_heads }],
    ["bert.attention.layer_norm_epsilon", { type: "f32", value: config.layer_norm_eps }],
    ["bert.attention.causal", { type: "bool", value: false }],
    ["bert.pooling_type", { type: "u32", value: 1 }],
    ["tokenizer.ggml.model", { type: "string", value: "bert" }],
    ["tokenizer.ggml.pre", { type: "string", value: "default" }],
    ["tokenizer.ggml.tokens", { type: "strings", value: pieces }],
    ["tokenizer.ggml.token_type", { type: "i32s", value: types }],
    ["tokenizer.ggml.token_type_count", { type: "u32", value: config.type_vocab_size }],
    ["tokenizer.ggml.unknown_token_id", { type: "u32", value: idOf("[UNK]") }],
    ["tokenizer.ggml.seperator_token_id", { type: "u32", value: idOf("[SEP]") }],
    ["tokenizer.ggml.padding_token_id", { type: "u32", value: idOf("[PAD]") }],
    ["tokenizer.ggml.cls_token_id", { type: "u32", value: idOf("[CLS]") }],
    ["tokenizer.ggml.mask_token_id", { type: "u32", value: idOf("[MASK]") }],
  ];
  return writeGguf(meta, tensors);
}
