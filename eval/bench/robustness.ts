import type { Config } from "../../src/config";
import { readTomtRequests } from "../robustness/open-requests";
import { startServer } from "./api";

const REQUESTS = 1500;
const CONNECTIONS = 4;

/**
 * Real requests against a started service: the first 1,500 Reddit tip-of-the-tongue posts of the
 * training split (title and text), each sent once to POST /v1/research with the default strategy.
 * Prints the status counts, and for each status other than 200 its error codes and messages
 * (shortened, counted), so a 500 names what broke and a 400 shows what it tells the user to fix.
 */
export async function benchRobustness(config: Config): Promise<Record<string, unknown>> {
  const requests = readTomtRequests(config.dataDir!, "train").slice(0, REQUESTS);
  const server = await startServer({ RATE_LIMIT_PER_MINUTE: "0", MAX_CONCURRENT_RUNS: String(CONNECTIONS), MAX_QUEUED_RUNS: "64" });
  const statuses: Record<string, number> = {};
  const errors: Record<string, Record<string, number>> = {};
  const t0 = performance.now();
  try {
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const res = await fetch(`${server.url}/v1/research`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ question: r.text, includeTrace: false }) });
        const body = (await res.json()) as { error?: { code?: string; message?: string } };
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status !== 200) {
          // Numbers vary from request to request ("question is 2,025 characters"); the kind of message is what counts.
          const kind = `${body.error?.code ?? "?"}: ${(body.error?.message ?? "").replace(/\d[\d,]*/g, "N").slice(0, 160)}`;
          const byStatus = (errors[res.status] ??= {});
          byStatus[kind] = (byStatus[kind] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await server.stop();
  }
  return { requests: requests.length, source: "tomt-movies-train.jsonl.gz, first 1,500 (title + text)", connections: CONNECTIONS, seconds: Math.round((performance.now() - t0) / 100) / 10, statuses, errors };
}
