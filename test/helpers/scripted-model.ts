import type { ChatModel, StructuredRequest, StructuredResponse } from "../../src/ports/chat-model";
import { ModelOutputError } from "../../src/ports/chat-model";

/**
 * A ChatModel that answers from a script, in order, validating each reply against the request's
 * schema as the real adapter does. A reply may be a value, an Error to throw, or a function of the
 * request. Records every request for assertions.
 */
export function scriptedModel(script: (unknown | Error | ((req: StructuredRequest<unknown>) => unknown))[]): ChatModel & { requests: StructuredRequest<unknown>[] } {
  const requests: StructuredRequest<unknown>[] = [];
  return {
    id: "scripted",
    requests,
    async structured<T>(req: StructuredRequest<T>): Promise<StructuredResponse<T>> {
      requests.push(req as StructuredRequest<unknown>);
      req.meter?.check();
      req.meter?.record({ calls: 1, inputTokens: req.prompt.length, outputTokens: 10 });
      const next = script.shift();
      if (next === undefined) throw new Error(`scripted model: no reply left for ${req.name}`);
      if (next instanceof Error) throw next;
      const raw = typeof next === "function" ? (next as (r: StructuredRequest<unknown>) => unknown)(req as StructuredRequest<unknown>) : next;
      const parsed = req.schema.safeParse(raw);
      if (!parsed.success) throw new ModelOutputError(`reply does not fit ${req.name}: ${parsed.error.issues[0]?.message}`);
      return { value: parsed.data, usage: { inputTokens: req.prompt.length, outputTokens: 10 } };
    },
  };
}
