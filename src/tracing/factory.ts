import { otlpTracing } from "../adapters/otel/tracing";
import type { Config } from "../config";
import { InvalidInputError } from "../errors";
import { NO_TRACING, type Tracing } from "../ports/tracing";
import { VERSION } from "../version";

/** "k=v,k2=v2" as headers; a malformed pair is an error naming it (its value is never shown). */
function headers(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (raw ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new InvalidInputError(`OTEL_EXPORTER_OTLP_HEADERS: "${pair.split("=")[0]}" is not key=value`);
    out[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return out;
}

/** Traces over OTLP when an endpoint is configured; otherwise none (the default costs nothing). */
export function createTracing(config: Config): Tracing {
  const e = config.env;
  const url = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces` : undefined);
  if (!url) return NO_TRACING;
  return otlpTracing(url, { name: e.OTEL_SERVICE_NAME, version: VERSION }, headers(e.OTEL_EXPORTER_OTLP_HEADERS));
}
