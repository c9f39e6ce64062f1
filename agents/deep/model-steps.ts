import { z } from "zod";
import { BudgetExceededError } from "../../src/ports/chat-model";
import { reducePrompt, relevancePrompt, subQueryPrompt } from "../../prompts/deep";
import type { RunContext } from "../research/context";
import type { RelevanceTest } from "./assess";
import type { DeepMemory, RankedFilm } from "./memory";

/**
 * The deep route's model steps, used only when a chat model is configured: sub-queries from the
 * primer, relevance tests in assess, the order of the reduce. Every call goes through the run's
 * metered model (counted against its budget); a failed call, a spent budget or an unusable reply
 * leaves the offline result in place, and the step's note says why.
 */

/** Films the model tests per facet per round: the best untested ones. */
export const MODEL_TESTS_PER_FACET = 8;
/** Facets the model tests per round (the others are tested offline). */
const MODEL_FACETS_PER_ROUND = 4;
/** Films the model orders in the reduce. */
const MODEL_REDUCE = 8;

const SubQueries = z.object({ queries: z.array(z.object({ facet: z.string().max(10), words: z.string().min(1).max(200) })).max(12) });
const About = z.object({ about: z.array(z.number().int().min(1).max(MODEL_TESTS_PER_FACET)).max(MODEL_TESTS_PER_FACET) });
const Order = z.object({ order: z.array(z.number().int().min(1).max(MODEL_REDUCE)).max(MODEL_REDUCE) });

async function ask<T>(ctx: RunContext, name: string, schema: z.ZodType<T>, p: { system: string; prompt: string }, notes: string[]): Promise<T | undefined> {
  if (!ctx.model) return undefined;
  try {
    return (await ctx.model.structured({ name, schema, ...p, signal: ctx.signal })).value;
  } catch (e) {
    ctx.signal.throwIfAborted();
    notes.push(`${name}: ${e instanceof BudgetExceededError ? e.message : `the model's reply was unusable (${(e as Error).message.slice(0, 120)})`}; offline result kept`);
    return undefined;
  }
}

/** The model's search words for each facet, as extra sub-queries (one call). */
export async function modelSubQueries(m: DeepMemory, ctx: RunContext, notes: string[]): Promise<DeepMemory["subQueries"]> {
  if (!ctx.model || !m.facets.length || m.intent === "known_item") return [];
  const reply = await ask(ctx, "deep_subqueries", SubQueries, subQueryPrompt(m.text, m.facets), notes);
  const known = new Set(m.facets.map((f) => f.id));
  return (reply?.queries ?? []).filter((q) => known.has(q.facet)).map((q) => ({ serves: q.facet, tool: "full_text", why: `the model's words for it: "${q.words}"`, query: q.words }));
}

/** A relevance test through the model for the facets of this round (the first few), offline for the rest. */
export function modelRelevance(ctx: RunContext, notes: string[]): RelevanceTest | undefined {
  if (!ctx.model) return undefined;
  let facetsThisRound = 0;
  return async (facet, films) => {
    if (facetsThisRound++ >= MODEL_FACETS_PER_ROUND || !films.length) return undefined;
    const batch = films.slice(0, MODEL_TESTS_PER_FACET);
    const reply = await ask(ctx, "deep_relevance", About, relevancePrompt(facet.said, batch), notes);
    if (!reply) return undefined;
    const yes = new Set(reply.about);
    return new Map(batch.map((f, i) => [f.film, yes.has(i + 1)]));
  };
}

/** Facets a film's own text or links show (the model's relevance test aside). */
const shown = (f: RankedFilm) => new Set(f.reasons.filter((r) => !r.byModel && r.facet !== "hint" && r.facet !== "like").map((r) => r.facet)).size;

/**
 * The model's order of the best films (one call); films it leaves out keep their place after those it
 * orders. It orders close matches, never against the evidence: outside a known-item search, a film whose
 * own text or links show more of the request's facets stays above one that shows fewer, and then one
 * that meets more (the model's word included) above one that meets fewer, whatever the model says.
 */
export async function modelReduce(m: DeepMemory, films: RankedFilm[], ctx: RunContext, notes: string[]): Promise<RankedFilm[]> {
  if (!ctx.model || films.length < 2) return films;
  const head = films.slice(0, MODEL_REDUCE);
  const reply = await ask(ctx, "deep_reduce", Order, reducePrompt(m.text, head.map((f) => ({ film: f.film, reasons: f.reasons.map((r) => r.text).join("; ") }))), notes);
  if (!reply) return films;
  const order = [...new Set(reply.order)].filter((i) => i <= head.length).map((i) => head[i - 1]!);
  const rest = head.filter((f) => !order.includes(f));
  const ordered = [...order, ...rest];
  if (m.intent !== "known_item") ordered.sort((a, b) => shown(b) - shown(a) || b.met - a.met);
  return [...ordered, ...films.slice(MODEL_REDUCE)];
}
