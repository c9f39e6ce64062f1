import type { MessagePort } from "node:worker_threads";
import { AppError, BackendUnavailableError, isAppError, type ErrorCode } from "../errors";
import type { KnowledgeBase } from "../kb/knowledge-base";
import type { RemotePorts } from "../kb/shared/parts";
import type { EmbedOptions } from "../ports/embedder";
import type { StoryQuery, TextQuery } from "../ports/text-index";
import type { VectorQuery } from "../ports/vector-store";

/**
 * A worker's searches, answered by the main thread (which holds the one text index, the vector
 * stores and the embedder): a request per call, its reply matched by id. Searches are a few per run
 * and each takes milliseconds, so a message each way costs little; the graph and the linker, asked
 * all the time, are in shared memory instead (src/kb/shared/parts.ts).
 */
export type KbCall =
  | { type: "kb"; id: number; port: "text"; method: "search"; args: [string, TextQuery | undefined] }
  | { type: "kb"; id: number; port: "text"; method: "searchStories"; args: [string, StoryQuery | undefined] }
  | { type: "kb"; id: number; port: "vectors" | "passages"; method: "search"; args: [Float32Array, VectorQuery | undefined] }
  | { type: "kb"; id: number; port: "vectors" | "passages"; method: "size"; args: [] }
  | { type: "kb"; id: number; port: "embedder"; method: "embed"; args: [string[], Omit<EmbedOptions, "signal"> | undefined] };

export type KbReply = { type: "kb-reply"; id: number; ok: true; value: unknown } | { type: "kb-reply"; id: number; ok: false; error: { name: string; message: string; code?: ErrorCode } };

/** What a worker needs to know of the remote ports without asking: their names and dimensions. */
export interface RemoteInfo {
  text: { kind: string };
  vectors: { kind: string; dimension: number };
  passages: { kind: string; dimension: number };
  embedder: { id: string; dimension: number };
}

export function remoteInfoOf(kb: KnowledgeBase): RemoteInfo {
  return {
    text: { kind: kb.text.kind },
    vectors: { kind: kb.vectors.kind, dimension: kb.vectors.dimension },
    passages: { kind: kb.passages.kind, dimension: kb.passages.dimension },
    embedder: { id: kb.embedder.id, dimension: kb.embedder.dimension },
  };
}

/** Main thread: answers one worker call from the knowledge base. */
export async function answerKbCall(kb: KnowledgeBase, call: KbCall): Promise<KbReply> {
  try {
    const value = await dispatch(kb, call);
    return { type: "kb-reply", id: call.id, ok: true, value };
  } catch (e) {
    const err = e as Error;
    return { type: "kb-reply", id: call.id, ok: false, error: { name: err?.name ?? "Error", message: isAppError(e) ? e.message : String(err?.message ?? e), ...(isAppError(e) ? { code: e.code } : {}) } };
  }
}

function dispatch(kb: KnowledgeBase, call: KbCall): Promise<unknown> {
  switch (call.port) {
    case "text":
      return call.method === "searchStories" ? kb.text.searchStories(call.args[0], call.args[1]) : kb.text.search(call.args[0], call.args[1]);
    case "vectors":
    case "passages": {
      const store = call.port === "vectors" ? kb.vectors : kb.passages;
      return call.method === "size" ? store.size() : store.search(call.args[0], call.args[1]);
    }
    case "embedder":
      return kb.embedder.embed(call.args[0], call.args[1]);
  }
}

function revive(e: { name: string; message: string; code?: ErrorCode }): Error {
  if (e.code === "backend_unavailable") return new BackendUnavailableError(e.message);
  if (e.code) return new AppError(e.code, e.message);
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

type Call = KbCall extends infer C ? (C extends { id: number } ? Omit<C, "id" | "type"> : never) : never;

/** Worker: the remote ports, each call a message to the main thread. */
export function remotePorts(port: MessagePort | { postMessage(m: unknown): void; on(e: "message", f: (m: unknown) => void): unknown }, info: RemoteInfo): RemotePorts {
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  port.on("message", (m: unknown) => {
    const reply = m as KbReply;
    if (reply?.type !== "kb-reply") return;
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(revive(reply.error));
  });
  const ask = <T>(call: Call): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      port.postMessage({ type: "kb", id, ...call });
    });
  const store = (which: "vectors" | "passages") => ({
    kind: info[which].kind,
    dimension: info[which].dimension,
    size: () => ask<number>({ port: which, method: "size", args: [] }),
    search: (vector: Float32Array, query?: VectorQuery) => ask({ port: which, method: "search", args: [vector, query] }),
    upsert: () => Promise.reject(new AppError("invalid_input", "a worker thread does not write vectors; ingest runs on the main thread")),
  });
  return {
    text: {
      kind: info.text.kind,
      search: (query, options) => ask({ port: "text", method: "search", args: [query, options] }),
      searchStories: (query, options) => ask({ port: "text", method: "searchStories", args: [query, options] }),
    },
    vectors: store("vectors") as RemotePorts["vectors"],
    passages: store("passages") as RemotePorts["passages"],
    embedder: {
      id: info.embedder.id,
      dimension: info.embedder.dimension,
      // The abort signal stays here: a signal cannot cross threads, and a query embedding is quick.
      embed: (texts, options) => ask({ port: "embedder", method: "embed", args: [[...texts], options ? { kind: options.kind } : undefined] }),
    },
  };
}
