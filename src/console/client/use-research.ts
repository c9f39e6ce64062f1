import { useRef, useState } from "hono/jsx/dom";
import { streamResearch } from "./api.js";
import type { RunResult, TraceStep } from "./types.js";

export interface ResearchRequest {
  question: string;
  strategy: string;
  budget?: Record<string, number>;
}

export interface ResearchState {
  steps: TraceStep[];
  result?: RunResult;
  error?: unknown;
  running: boolean;
  runId?: string;
}

/** One streamed research run: steps as they arrive, then the result or the API's error; stoppable. */
export function useResearch(): [ResearchState, (req: ResearchRequest) => Promise<RunResult | undefined>, () => void] {
  const [state, setState] = useState<ResearchState>({ steps: [], running: false });
  const controller = useRef<AbortController | null>(null);
  const stop = () => controller.current?.abort();
  const start = async (req: ResearchRequest): Promise<RunResult | undefined> => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    const steps: TraceStep[] = [];
    setState({ steps: [], running: true });
    let result: RunResult | undefined;
    try {
      await streamResearch(
        { ...req, includeTrace: true },
        {
          run: ({ runId }) => setState((s) => ({ ...s, runId })),
          step: (step) => {
            steps.push(step as TraceStep);
            setState((s) => ({ ...s, steps: [...steps] }));
          },
          answer: (r) => {
            result = r as RunResult;
            setState((s) => ({ ...s, result, steps: result!.trace.length ? result!.trace : [...steps] }));
          },
        },
        mine.signal,
      );
      setState((s) => ({ ...s, running: false }));
    } catch (e) {
      const aborted = mine.signal.aborted;
      setState((s) => ({ ...s, running: false, error: aborted ? new Error("stopped: the run was cancelled from this page") : e }));
    } finally {
      if (controller.current === mine) controller.current = null;
    }
    return result;
  };
  return [state, start, stop];
}
