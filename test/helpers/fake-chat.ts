import { FakeListChatModel } from "@langchain/core/utils/testing";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { LangChainChatModel } from "../../src/adapters/langchain/chat-model";

/**
 * A scripted LangChain chat model (FakeListChatModel: replies in order, JSON-parsed by
 * withStructuredOutput) that can also fail: an Error in the script is thrown by that call, e.g. a
 * 429. Wrapped in the production adapter, with no real waiting between retries.
 */
export class ScriptedChatModel extends FakeListChatModel {
  readonly prompts: string[] = [];
  /** The tools each bindTools call bound, by name. */
  readonly bound: string[][] = [];
  private readonly script: (string | Error | AIMessage)[];

  constructor(script: (string | object | Error | AIMessage)[]) {
    const replies = script.map((s) => (s instanceof Error || s instanceof AIMessage ? s : typeof s === "string" ? s : JSON.stringify(s)));
    super({ responses: [] });
    this.script = replies;
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.prompts.push(messages.map((m) => String(m.content)).join("\n"));
    const next = this.script.shift();
    if (next === undefined) throw new Error("scripted chat model: no reply left");
    if (next instanceof Error) throw next;
    if (next instanceof AIMessage) return { generations: [{ text: typeof next.content === "string" ? next.content : "", message: next }] };
    return { generations: [{ text: next, message: new AIMessage({ content: next }) }] };
  }

  override bindTools(tools: Parameters<FakeListChatModel["bindTools"]>[0]): ReturnType<FakeListChatModel["bindTools"]> {
    this.bound.push(tools.map((t) => (t as { function?: { name: string }; name?: string }).function?.name ?? (t as { name?: string }).name ?? "?"));
    // The scripted replies carry their own tool calls: the bound model is this one.
    return this as unknown as ReturnType<FakeListChatModel["bindTools"]>;
  }
}

export function http429(): Error {
  return Object.assign(new Error("[429 Too Many Requests] Resource has been exhausted"), { status: 429 });
}

/** A reply that calls tools natively (LangChain's tool_calls), with its text as the reason. */
export function toolCallReply(reason: string, calls: { name: string; args: Record<string, unknown> }[]): AIMessage {
  return new AIMessage({ content: reason, tool_calls: calls.map((c, i) => ({ id: `call_${i}`, name: c.name, args: c.args, type: "tool_call" as const })) });
}

export function scriptedAdapter(script: (string | object | Error | AIMessage)[], attempts = 3): { model: LangChainChatModel; fake: ScriptedChatModel; sleeps: number[] } {
  const fake = new ScriptedChatModel(script);
  const sleeps: number[] = [];
  const model = new LangChainChatModel(fake, "scripted:fake", { attempts, baseDelayMs: 100, sleep: async (ms) => void sleeps.push(ms) });
  return { model, fake, sleeps };
}
