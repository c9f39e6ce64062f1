import { useRef, useState } from "hono/jsx/dom";
import { getJson, streamResearch } from "./api.js";
import { answered, nextTurn, turnsOfRun, type Turn } from "./conversation.js";
import type { RunResult, StoredRun, TraceStep } from "./types.js";

/** What every turn of a conversation is asked with: the strategy and budget of its first question. */
export interface AskSettings {
  strategy: string;
  budget?: Record<string, number>;
}

export interface ConversationState {
  turns: Turn[];
  settings?: AskSettings;
  /** A question refused before its run started (it has no turn), or a run this page could not continue from. */
  error?: unknown;
  /** A stored run being loaded to continue from. */
  loading?: string;
}

export interface Conversation {
  state: ConversationState;
  running: boolean;
  /** Asks a question after the answered turns so far (a turn left without an answer is replaced). */
  ask(question: string, settings?: AskSettings): Promise<void>;
  stop(): void;
  clear(): void;
  /** Continues the conversation of a stored run: its earlier turns (texts only) and the run itself. */
  continueFrom(runId: string, strategy?: string): Promise<void>;
}

// The smallest body limit a server may be configured with: a follow-up's history is trimmed to fit it.
const BODY_BYTES = 32 * 1024;
const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** A conversation in the Ask place: each question streamed as a turn, read against the answered turns before it. */
export function useConversation(): Conversation {
  const [state, setState] = useState<ConversationState>({ turns: [] });
  const controller = useRef<AbortController | null>(null);
  const ids = useRef(0);
  const update = (id: number, patch: (t: Turn) => Partial<Turn>) => setState((s) => ({ ...s, turns: s.turns.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)) }));

  const stop = () => controller.current?.abort();

  const ask = async (question: string, given?: AskSettings) => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const settings = given ?? state.settings ?? { strategy: "auto" };
    const earlier = state.turns.filter(answered);
    const request = { question, strategy: settings.strategy, ...(settings.budget ? { budget: settings.budget } : {}), includeTrace: true };
    const { turn, history } = nextTurn(ids.current++, question, earlier, BODY_BYTES - size(request) - 16);
    setState({ turns: [...earlier, turn], settings });
    const steps: TraceStep[] = [];
    let result: RunResult | undefined;
    try {
      await streamResearch(
        { ...request, ...(history.length ? { history } : {}) },
        {
          run: ({ runId }) => update(turn.id, () => ({ runId })),
          step: (step) => {
            steps.push(step as TraceStep);
            update(turn.id, () => ({ steps: [...steps] }));
          },
          answer: (r) => {
            result = r as RunResult;
            update(turn.id, () => ({ result, steps: result!.trace.length ? result!.trace : [...steps] }));
          },
        },
        mine.signal,
      );
      update(turn.id, () => ({ running: false }));
    } catch (e) {
      const error = mine.signal.aborted ? new Error("stopped: the run was cancelled from this page") : e;
      // A question refused before its run started is no turn: the error is the form's.
      setState((s) => {
        const t = s.turns.find((x) => x.id === turn.id);
        if (t && !t.runId && !t.steps.length) return { ...s, turns: s.turns.filter((x) => x.id !== turn.id), error };
        return { ...s, turns: s.turns.map((x) => (x.id === turn.id ? { ...x, running: false, error } : x)) };
      });
    } finally {
      if (controller.current === mine) controller.current = null;
    }
  };

  const clear = () => {
    controller.current?.abort();
    controller.current = null;
    setState({ turns: [] });
  };

  const continueFrom = async (runId: string, strategy?: string) => {
    setState({ turns: [], loading: runId });
    try {
      const run = await getJson<StoredRun>(`/v1/runs/${encodeURIComponent(runId)}`);
      const turns = turnsOfRun(run, ids.current);
      ids.current += turns.length;
      const settings = { strategy: strategy ?? run.request.strategy, ...(run.request.budget ? { budget: run.request.budget as Record<string, number> } : {}) };
      if (!run.result) setState({ turns: [], error: new Error(`run ${runId} has no answer to continue from (it is ${run.status})`) });
      else setState({ turns, settings });
    } catch (error) {
      setState({ turns: [], error });
    }
  };

  return { state, running: state.turns.some((t) => t.running), ask, stop, clear, continueFrom };
}
