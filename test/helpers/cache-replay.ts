import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AIMessage } from "@langchain/core/messages";
import type { RunResult } from "../../agents/research/types";
import { CachingChatModel } from "../../src/llm/response-cache";
import type { ChatModel } from "../../src/ports/chat-model";
import { scriptedAdapter } from "./fake-chat";

/**
 * A run with a scripted model behind the on-disk response cache, then the same run again with a model
 * that has no replies at all: what the second run got, it got from the cache.
 */
export async function replayFromCache(run: (model: ChatModel) => Promise<RunResult>, script: (string | object | Error | AIMessage)[]): Promise<{ first: RunResult; replayed: RunResult; hits: number; promptsSent: number }> {
  const dir = mkdtempSync(join(tmpdir(), "mg-replay-"));
  const first = await run(new CachingChatModel(scriptedAdapter(script).model, dir));
  const empty = scriptedAdapter([]);
  const cached = new CachingChatModel(empty.model, dir);
  const replayed = await run(cached);
  return { first, replayed, hits: cached.hits, promptsSent: empty.fake.prompts.length };
}
