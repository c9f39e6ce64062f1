import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ToolCallsSchema, type ChatModel, type StructuredRequest, type StructuredResponse, type ToolCallRequest, type ToolCalls } from "../ports/chat-model";
import { sha256Hex } from "../util/hash";

const Entry = z.object({ key: z.string(), value: z.unknown(), usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }) });

/**
 * An on-disk cache of structured replies, keyed by model, prompt and schema, so an LLM run can be
 * replayed exactly (and eval reruns cost nothing). Off by default, on for eval. A cached reply is
 * re-validated against the schema; an unreadable or stale entry is ignored and overwritten.
 * Usage is replayed as first billed, so a replayed run reports the same cost; `cached` marks it.
 */
export class CachingChatModel implements ChatModel {
  readonly id: string;
  hits = 0;
  misses = 0;

  constructor(
    private readonly inner: ChatModel,
    private readonly dir: string,
  ) {
    this.id = inner.id;
    mkdirSync(dir, { recursive: true });
    if (inner.toolCalls) {
      this.toolCalls = (req) => {
        const key = sha256Hex(JSON.stringify({ model: this.inner.id, name: req.name, system: req.system, prompt: req.prompt, mustCall: req.mustCall, maxCalls: req.maxCalls, tools: req.tools.map((t) => ({ name: t.name, description: t.description, input: z.toJSONSchema(t.input, { unrepresentable: "any" }), fields: t.fields ?? null })) }));
        return this.cached(key, ToolCallsSchema, req.meter, () => inner.toolCalls!(req));
      };
    }
  }

  readonly toolCalls?: (req: ToolCallRequest) => Promise<StructuredResponse<ToolCalls>>;

  keyOf(req: StructuredRequest<unknown>): string {
    return sha256Hex(JSON.stringify({ model: this.inner.id, name: req.name, system: req.system, prompt: req.prompt, schema: z.toJSONSchema(req.schema), ...(req.grammar ? { grammar: req.grammar } : {}) }));
  }

  structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
    return this.cached(this.keyOf(req as StructuredRequest<unknown>), req.schema, req.meter, () => this.inner.structured(req));
  }

  private async cached<T>(key: string, schema: z.ZodType<T>, meter: StructuredRequest<T>["meter"], ask: () => Promise<StructuredResponse<T>>): Promise<StructuredResponse<T>> {
    const path = join(this.dir, `${key.slice(0, 2)}`, `${key}.json`);
    try {
      const entry = Entry.parse(JSON.parse(readFileSync(path, "utf8")));
      const value = schema.safeParse(entry.value);
      if (entry.key === key && value.success) {
        this.hits++;
        meter?.record({ calls: 1, ...entry.usage, cached: true });
        return { value: value.data, usage: entry.usage, cached: true, attempts: 0 };
      }
    } catch {
      // absent or unreadable: ask the model
    }
    this.misses++;
    const res = await ask();
    mkdirSync(join(this.dir, key.slice(0, 2)), { recursive: true });
    const tmp = `${path}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify({ key, value: res.value, usage: res.usage }));
    renameSync(tmp, path);
    return res;
  }
}
