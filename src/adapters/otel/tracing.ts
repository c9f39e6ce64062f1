import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Span, type Tracer } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor, type SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import type { SpanAttributes, TraceSpan, Tracing } from "../../ports/tracing";

const SCOPE = "movie-graph-research";

function attributes(a: SpanAttributes | undefined): Attributes {
  const out: Attributes = {};
  for (const [k, v] of Object.entries(a ?? {})) if (v !== undefined) out[k] = Array.isArray(v) ? [...v] : (v as string | number | boolean);
  return out;
}

class OtelSpan implements TraceSpan {
  constructor(
    private readonly tracer: Tracer,
    private readonly span: Span,
  ) {}
  set(a: SpanAttributes): void {
    this.span.setAttributes(attributes(a));
  }
  fail(error: unknown): void {
    const e = error as { name?: string; code?: string; message?: string };
    this.span.setAttribute("error.type", e?.code ?? e?.name ?? "Error");
    this.span.setStatus({ code: SpanStatusCode.ERROR, message: String(e?.message ?? error).slice(0, 300) });
  }
  end(): void {
    this.span.end();
  }
  child(name: string, a?: SpanAttributes): TraceSpan {
    const parent = trace.setSpan(context.active(), this.span);
    return new OtelSpan(this.tracer, this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes: attributes(a) }, parent));
  }
}

/** Spans through an OpenTelemetry tracer provider (the GenAI semantic conventions' names and attributes are the caller's). */
export class OtelTracing implements Tracing {
  readonly enabled = true;
  private readonly tracer: Tracer;

  constructor(private readonly provider: BasicTracerProvider) {
    this.tracer = provider.getTracer(SCOPE);
  }

  root(name: string, a?: SpanAttributes): TraceSpan {
    return new OtelSpan(this.tracer, this.tracer.startSpan(name, { kind: SpanKind.INTERNAL, attributes: attributes(a) }, context.active()));
  }

  async shutdown(): Promise<void> {
    await this.provider.shutdown();
  }
}

function provider(service: { name: string; version: string }, processor: SpanProcessor): BasicTracerProvider {
  return new BasicTracerProvider({ resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: service.name, [ATTR_SERVICE_VERSION]: service.version }), spanProcessors: [processor] });
}

/** Spans exported over OTLP/HTTP (JSON) to `url` (a collector's /v1/traces), batched. */
export function otlpTracing(url: string, service: { name: string; version: string }, headers: Record<string, string> = {}): OtelTracing {
  return new OtelTracing(provider(service, new BatchSpanProcessor(new OTLPTraceExporter({ url, headers }))));
}

/** Spans kept in memory (tests, and `bench` when it inspects them). */
export function inMemoryTracing(service = { name: SCOPE, version: "test" }): { tracing: OtelTracing; exporter: InMemorySpanExporter } {
  const exporter = new InMemorySpanExporter();
  return { tracing: new OtelTracing(provider(service, new SimpleSpanProcessor(exporter))), exporter };
}
