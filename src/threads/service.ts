import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver, StateSnapshot } from "@langchain/langgraph";
import { threadGraph, turnsOf } from "../../agents/research/run";
import type { ResearchStateValue } from "../../agents/research/state";
import type { Budget, RunResult, Strategy, TraceStep } from "../../agents/research/types";
import type { ConversationTurn } from "../conversation/turns";
import { AppError, InvalidInputError } from "../errors";
import { serveRun, type ServiceDeps } from "../server/research-service";
import type { ThreadRecord, ThreadStatus, ThreadStore } from "./store";

/** What a thread's state shows a client: the last turn's question and answer, and the turns so far. */
export interface ThreadValues {
  question?: string;
  /** The question the last turn stood for, when it was a follow-up. */
  resolved?: string;
  answer?: string;
  answers: { name: string; type?: string; score: number }[];
  /** The evidence the answer's numbers cite, in order: [1] is citations[0]. */
  citations: { id: string; text: string }[];
  /** Every answered turn, oldest first (the newest eight). */
  turns: ConversationTurn[];
  truncated?: string;
}

/** One checkpoint of a thread, as the Agent Protocol shows it. */
export interface ThreadState {
  values: ThreadValues;
  /** The nodes still to run (an interrupted run's); empty when the last run finished. */
  next: string[];
  checkpoint: { thread_id: string; checkpoint_ns: string; checkpoint_id: string };
  parent_checkpoint: { thread_id: string; checkpoint_ns: string; checkpoint_id: string } | null;
  metadata: Record<string, unknown>;
  created_at: string | null;
  tasks: { id: string; name: string }[];
}

export interface ThreadRunRequest {
  /** The question of a new turn; absent with `resume`. */
  question?: string;
  strategy: Strategy;
  budget?: Partial<Budget>;
  /** Continue the thread's interrupted run from its last checkpoint. */
  resume?: boolean;
}

const now = () => new Date().toISOString();

/**
 * Conversations as LangGraph threads: records in a file store, state in the checkpointer, runs
 * through the service's one run path (gated, stored, drained) as turns of the thread. One run at a
 * time per thread: a second gets 409 while the first is going.
 */
export class ThreadService {
  private saver?: Promise<BaseCheckpointSaver>;

  constructor(
    private readonly records: ThreadStore,
    private readonly openSaver: () => Promise<BaseCheckpointSaver>,
    private readonly deps: ServiceDeps,
  ) {}

  async create(req: { threadId?: string; metadata?: Record<string, unknown>; ifExists?: "raise" | "do_nothing" }): Promise<ThreadRecord> {
    const id = req.threadId ?? randomUUID();
    const made = await this.records.create(id, req.metadata ?? {}, now());
    if (made) return made;
    if (req.ifExists === "do_nothing") return this.get(id);
    throw new AppError("conflict", `thread ${id} already exists`, { threadId: id });
  }

  async get(id: string): Promise<ThreadRecord> {
    const r = await this.records.get(id);
    if (!r) throw new AppError("not_found", `no thread ${id}`, { threadId: id });
    return r;
  }

  /** Merges metadata into a thread's (a key set to null is removed), as the Agent Protocol's PATCH does. */
  async update(id: string, metadata: Record<string, unknown>): Promise<ThreadRecord> {
    const r = await this.get(id);
    const merged = Object.fromEntries(Object.entries({ ...r.metadata, ...metadata }).filter(([, v]) => v !== null));
    return (await this.records.update(id, { metadata: merged }, now())) ?? this.get(id);
  }

  search(filter: { status?: ThreadStatus; metadata?: Record<string, unknown> }, limit: number, offset: number): Promise<ThreadRecord[]> {
    return this.records.search(filter, limit, offset);
  }

  async delete(id: string): Promise<void> {
    const r = await this.get(id);
    if (r.status === "busy") throw new AppError("conflict", `thread ${id} has a run going; wait for it before deleting the thread`);
    await (await this.checkpointer()).deleteThread(id);
    await this.records.delete(id);
  }

  /** The thread's latest state. */
  async state(id: string): Promise<ThreadState> {
    await this.get(id);
    return view(id, await threadGraph(await this.checkpointer()).getState({ configurable: { thread_id: id } }));
  }

  /** The thread's checkpoints, newest first. */
  async history(id: string, limit: number, before?: string): Promise<ThreadState[]> {
    await this.get(id);
    const g = threadGraph(await this.checkpointer());
    const out: ThreadState[] = [];
    const options = { limit, ...(before ? { before: { configurable: { thread_id: id, checkpoint_id: before } } } : {}) };
    for await (const s of g.getStateHistory({ configurable: { thread_id: id } }, options)) out.push(view(id, s));
    return out;
  }

  /** A turn of the thread (or the resumption of its interrupted run), through the service's run path. */
  async run(id: string, req: ThreadRunRequest, signal: AbortSignal, hooks: { onStart?: (runId: string) => void; onStep?: (s: TraceStep) => void } = {}): Promise<RunResult> {
    const before = await this.get(id);
    // Claimed in one step, so two requests (or two instances sharing the store) cannot both start a run on the thread.
    const claim = await this.records.claim(id, now());
    if (claim === "missing") throw new AppError("not_found", `no thread ${id}`, { threadId: id });
    if (claim === "busy") throw new AppError("conflict", `thread ${id} already has a run going; wait for it (runs.join) or use another thread`);
    let started = false;
    let status: ThreadStatus = "error";
    try {
      const question = req.resume ? await this.unfinishedQuestion(id) : req.question;
      if (!question) throw new InvalidInputError("input.question is required (or resume the thread's interrupted run)", { field: "input.question" });
      const result = await serveRun(this.deps, { question, strategy: req.strategy, ...(req.budget ? { budget: req.budget } : {}), via: "thread", thread: { id, ...(req.resume ? { resume: true } : {}) } }, signal, {
        ...hooks,
        onStart: (runId) => {
          started = true;
          void this.records.update(id, { lastRunId: runId }, now());
          hooks.onStart?.(runId);
        },
      });
      status = "idle";
      return result;
    } catch (e) {
      if ((e as { code?: string }).code === "interrupted" || signal.aborted) status = "interrupted";
      throw e;
    } finally {
      // A run refused before it started (a cap, a full queue) leaves the thread as it was.
      await this.records.update(id, { status: started || status === "idle" ? status : before.status }, now());
    }
  }

  /** The question of the run a thread's last checkpoint did not finish. */
  private async unfinishedQuestion(id: string): Promise<string> {
    const s = await threadGraph(await this.checkpointer()).getState({ configurable: { thread_id: id } });
    const v = s.values as Partial<ResearchStateValue>;
    if (!s.next.length || !v.question) throw new InvalidInputError(`thread ${id} has no interrupted run to resume`, { field: "resume" });
    return v.followUp?.said ?? v.question;
  }

  private checkpointer(): Promise<BaseCheckpointSaver> {
    return (this.saver ??= this.openSaver());
  }
}

/** A checkpoint as the client sees it: the answer and turns, not the research's working fields. */
function view(id: string, s: StateSnapshot): ThreadState {
  const v = s.values as Partial<ResearchStateValue>;
  const d = v.draft;
  const byId = new Map((v.evidence ?? []).map((e) => [e.id, e]));
  const cfg = (c: StateSnapshot["config"] | undefined) => (c?.configurable?.checkpoint_id ? { thread_id: id, checkpoint_ns: String(c.configurable.checkpoint_ns ?? ""), checkpoint_id: String(c.configurable.checkpoint_id) } : null);
  const values: ThreadValues = {
    ...(v.question ? { question: v.followUp?.said ?? v.question } : {}),
    ...(v.followUp && v.followUp.kind !== "standalone" ? { resolved: v.followUp.question } : {}),
    ...(d ? { answer: d.text } : {}),
    answers: (d?.answers ?? []).map((a) => ({ name: a.name, ...(a.type ? { type: a.type } : {}), score: a.score })),
    citations: (d?.citations ?? []).map((cid) => ({ id: cid, text: byId.get(cid)?.text ?? "" })),
    turns: turnsOf(v),
    ...(v.truncated ? { truncated: v.truncated } : {}),
  };
  return {
    values,
    next: [...s.next],
    checkpoint: cfg(s.config) ?? { thread_id: id, checkpoint_ns: "", checkpoint_id: "" },
    parent_checkpoint: cfg(s.parentConfig),
    metadata: (s.metadata ?? {}) as Record<string, unknown>,
    created_at: s.createdAt ?? null,
    tasks: s.tasks.map((t) => ({ id: t.id, name: t.name })),
  };
}
