/**
 * Tracing as the agent sees it: spans with attributes, each a child of the one it serves (a run's
 * `invoke_agent`, its tools' `execute_tool`, retrieval, model calls). Off by default (`NO_TRACING`
 * does nothing and costs nothing); src/adapters/otel exports them over OTLP when configured.
 */
export type SpanValue = string | number | boolean | readonly string[];
export type SpanAttributes = Readonly<Record<string, SpanValue | undefined>>;

export interface TraceSpan {
  set(attributes: SpanAttributes): void;
  /** Marks the span failed with the error's type and message (never a stack). */
  fail(error: unknown): void;
  end(): void;
  child(name: string, attributes?: SpanAttributes): TraceSpan;
}

export interface Tracing {
  readonly enabled: boolean;
  root(name: string, attributes?: SpanAttributes): TraceSpan;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

const NOOP_SPAN: TraceSpan = { set() {}, fail() {}, end() {}, child: () => NOOP_SPAN };

export const NO_TRACING: Tracing = { enabled: false, root: () => NOOP_SPAN, shutdown: async () => {} };

/** Runs `fn` inside a child span, ending it (failed, when `fn` throws) whatever happens. */
export async function inSpan<T>(parent: TraceSpan, name: string, attributes: SpanAttributes, fn: (span: TraceSpan) => Promise<T>): Promise<T> {
  const span = parent.child(name, attributes);
  try {
    return await fn(span);
  } catch (e) {
    span.fail(e);
    throw e;
  } finally {
    span.end();
  }
}
