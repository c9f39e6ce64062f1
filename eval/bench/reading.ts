import type { Config } from "../../src/config";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { understandQuestion } from "../../src/question/understand";
import { readTomtRequests } from "../robustness/open-requests";
import { timeCalls, type Timing } from "./timing";

/** How many requests of each kind are read. */
const REQUESTS = 200;
/** The service's cap on a question's length: longer requests are refused before they are read. */
const MAX_CHARS = 2000;

/**
 * What reading a request costs, no model involved: `understandQuestion` (every reading pass and the plan) timed over
 * the 200 longest tip-of-the-tongue training posts the service accepts (the heaviest text it reads) and over the 200
 * shortest (a question's usual length).
 */
export async function benchReading(kb: KnowledgeBase, config: Config): Promise<{ longest: Timing & { chars: number }; shortest: Timing & { chars: number } }> {
  const texts = readTomtRequests(config.dataDir!, "train")
    .map((r) => r.text)
    .filter((t) => t.length <= MAX_CHARS)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  const longest = texts.slice(-REQUESTS);
  const shortest = texts.slice(0, REQUESTS);
  const read = (t: string) => understandQuestion(t, kb);
  const chars = (xs: readonly string[]) => Math.round(xs.reduce((a, t) => a + t.length, 0) / Math.max(1, xs.length));
  return { longest: { ...(await timeCalls(longest, read, 10)), chars: chars(longest) }, shortest: { ...(await timeCalls(shortest, read, 10)), chars: chars(shortest) } };
}
