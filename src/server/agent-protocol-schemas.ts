import { z } from "zod";
import { THREAD_STATUSES } from "../threads/store";
import { editDistance } from "../util/text";
import { BudgetSchema, ResearchRequest } from "./schemas";

/**
 * Request bodies of the Agent Protocol routes, as LangGraph's SDK (`@langchain/langgraph-sdk`) sends
 * them. Strict: our fields are checked, every other field the SDK sends is listed and accepted (the
 * ones the service does not apply are named in x-graphrag-ignored-fields), and an unknown field is
 * a 400 that names the field it is closest to.
 */

/** A field the SDK may send as null or leave out. */
const maybe = <T extends z.ZodType>(t: T) => t.nullish();
const anObject = z.record(z.string(), z.unknown());
const anything = z.unknown();

/** Every stream mode LangGraph knows. Only values, updates and custom carry anything here (no chat-model tokens, no debug events), so the others are accepted and stay silent, as in LangGraph when a graph has nothing to send on them. */
export const STREAM_MODES = ["values", "messages", "updates", "events", "debug", "tasks", "checkpoints", "custom", "messages-tuple", "tools", "lifecycle"] as const;
export type StreamMode = (typeof STREAM_MODES)[number];

/** A strict object whose unknown fields are refused with the field each is closest to ("imput": did you mean input?). */
function strictBody<S extends z.ZodRawShape>(what: string, shape: S) {
  const names = Object.keys(shape);
  const unknown = (keys: readonly string[]) => {
    const hints = keys.flatMap((k) => {
      const near = names.map((f) => ({ f, d: editDistance(k.toLowerCase(), f, 3) })).sort((a, b) => a.d - b.d)[0];
      return near && near.d <= Math.min(3, Math.floor(k.length / 3)) ? [`${k}: did you mean ${near.f}?`] : [];
    });
    return `not ${what} field${keys.length > 1 ? "s" : ""}${hints.length ? ` (${hints.join("; ")})` : ""}; the fields are ${names.join(", ")}`;
  };
  return z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? unknown(issue.keys) : undefined) });
}

/** A run's input: a new question (a turn of the thread), with an optional budget. */
export const RunInput = z.strictObject({ question: ResearchRequest.shape.question, budget: BudgetSchema.optional() });

const Command = z.strictObject({ resume: anything.optional(), goto: anything.optional(), update: anything.optional() });
const RunConfig = z.looseObject({
  tags: maybe(z.array(z.string())),
  recursion_limit: maybe(z.number().int()),
  configurable: maybe(z.looseObject({ budget: BudgetSchema.optional() })),
});
const CheckpointRef = z.looseObject({ checkpoint_id: maybe(z.string()), checkpoint_ns: maybe(z.string()), thread_id: maybe(z.string()), checkpoint_map: maybe(anObject) });

/** Fields a run request may carry that the service accepts but does not apply. */
export const IGNORED_RUN_FIELDS = [
  "context",
  "stream_subgraphs",
  "stream_resumable",
  "feedback_keys",
  "interrupt_before",
  "interrupt_after",
  "webhook",
  "strict_resume",
  "on_completion",
  "after_seconds",
  "checkpoint_during",
  "durability",
  "langsmith_tracer",
] as const;

export const RunCreateBody = strictBody("an Agent Protocol run", {
  assistant_id: z.string().min(1, "assistant_id must not be empty"),
  input: maybe(RunInput),
  command: maybe(Command),
  config: maybe(RunConfig),
  metadata: maybe(anObject),
  stream_mode: maybe(z.union([z.enum(STREAM_MODES), z.array(z.enum(STREAM_MODES))])),
  on_disconnect: maybe(z.enum(["cancel", "continue"])),
  multitask_strategy: maybe(z.enum(["reject", "interrupt", "rollback", "enqueue"])),
  if_not_exists: maybe(z.enum(["reject", "create"])),
  checkpoint: maybe(CheckpointRef),
  checkpoint_id: maybe(z.string()),
  ...(Object.fromEntries(IGNORED_RUN_FIELDS.map((f) => [f, anything.optional()])) as Record<(typeof IGNORED_RUN_FIELDS)[number], z.ZodOptional<z.ZodUnknown>>),
});
export type RunCreate = z.infer<typeof RunCreateBody>;

export const ThreadCreateBody = strictBody("an Agent Protocol thread", {
  thread_id: maybe(z.string()),
  metadata: maybe(anObject),
  if_exists: maybe(z.enum(["raise", "do_nothing"])),
  supersteps: maybe(z.array(anything)),
  ttl: anything.optional(),
});

const limit = (d: number) => z.number().int().min(1).max(1000).default(d);
const offset = z.number().int().min(0).default(0);
const sortOrder = maybe(z.enum(["asc", "desc"]));

export const ThreadSearchBody = strictBody("a thread search", {
  metadata: maybe(anObject),
  ids: maybe(z.array(z.string())),
  status: maybe(z.enum(THREAD_STATUSES)),
  values: maybe(anObject),
  limit: limit(10),
  offset,
  sort_by: maybe(z.enum(["thread_id", "status", "created_at", "updated_at", "state_updated_at"])),
  sort_order: sortOrder,
  select: maybe(z.array(z.string())),
  extract: maybe(anObject),
});
export type ThreadSearch = z.infer<typeof ThreadSearchBody>;

/** threads.update: the metadata merged into the thread's (a key set to null is removed); a ttl is not kept. */
export const ThreadPatchBody = strictBody("a thread update", { metadata: maybe(anObject), ttl: maybe(z.unknown()) });
export const ThreadCountBody = strictBody("a thread count", { metadata: maybe(anObject), values: maybe(anObject), status: maybe(z.enum(THREAD_STATUSES)) });

export const HistoryBody = strictBody("a thread history", {
  limit: limit(10),
  before: maybe(z.union([z.string(), z.looseObject({ configurable: z.looseObject({ checkpoint_id: z.string() }) })])),
  metadata: maybe(anObject),
  checkpoint: maybe(CheckpointRef),
  select: maybe(z.array(z.string())),
});

export const StateAtCheckpointBody = strictBody("a state request", { checkpoint: CheckpointRef, subgraphs: maybe(z.boolean()), select: maybe(z.array(z.string())) });

export const AssistantSearchBody = strictBody("an assistant search", {
  graph_id: maybe(z.string()),
  name: maybe(z.string()),
  metadata: maybe(anObject),
  limit: limit(10),
  offset,
  sort_by: maybe(z.enum(["assistant_id", "graph_id", "name", "created_at", "updated_at"])),
  sort_order: sortOrder,
  select: maybe(z.array(z.string())),
});

export const AssistantCountBody = strictBody("an assistant count", { graph_id: maybe(z.string()), name: maybe(z.string()), metadata: maybe(anObject) });

/** GET /threads/:id/runs: the SDK sends numbers and the status as query strings. */
export const RunListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  status: z.enum(["pending", "running", "success", "error", "timeout", "interrupted"]).optional(),
  select: z.unknown().optional(),
});
