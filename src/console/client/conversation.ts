/** A conversation in the Ask place: its turns, the history a follow-up sends, and how a follow-up was read. Pure. */
import type { MAX_HISTORY_TURNS, MAX_TURN_TEXT } from "../../conversation/turns";
import { CITATION } from "./citations.js";
import type { ConversationTurn, RunResult, TraceStep } from "./types.js";

/** The API's caps on a request's history (typed against the server's, so the two cannot drift apart). */
export const NEWEST_TURNS: typeof MAX_HISTORY_TURNS = 8;
const TURN_TEXT: typeof MAX_TURN_TEXT = 4000;
const MAX_ANSWER_NAMES = 100;

export interface Turn {
  /** This page's own key for the turn. */
  id: number;
  /** The question as asked. */
  question: string;
  steps: TraceStep[];
  result?: RunResult;
  error?: unknown;
  running: boolean;
  runId?: string;
  /** A turn recalled from a stored run's history: its texts only, no steps or evidence. */
  recalled?: ConversationTurn;
  /** Where the history this turn was read against starts in the conversation: a referent's `turn` counts from here. */
  historyStart: number;
}

/** Whether a turn is part of the conversation a follow-up is read against (it was answered). */
export const answered = (t: Turn): boolean => Boolean(t.result || t.recalled);

const clip = (text: string): string => {
  const cps = [...text];
  return cps.length > TURN_TEXT ? cps.slice(0, TURN_TEXT).join("") : text;
};

/** One answered turn as the API takes it in `history`: the question as asked, the reply, its answers' names, what it was read as. */
export function historyTurn(t: Turn): ConversationTurn | undefined {
  if (t.recalled) return t.recalled;
  const r = t.result;
  if (!r) return undefined;
  return { question: clip(t.question), answer: clip(r.answer), answers: r.answers.slice(0, MAX_ANSWER_NAMES).map((a) => a.name), ...(r.followUp ? { resolved: clip(r.followUp.resolved) } : {}) };
}

const bytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * The history a follow-up sends: the answered turns, oldest first, the newest NEWEST_TURNS of them,
 * fewer when their JSON would not fit in `roomBytes` (a request body is capped), the oldest dropped first.
 */
export function historyFor(turns: readonly Turn[], roomBytes = Infinity): ConversationTurn[] {
  const history = turns.flatMap((t) => historyTurn(t) ?? []).slice(-NEWEST_TURNS);
  while (history.length && bytes(history) > roomBytes) history.shift();
  return history;
}

/** A new turn asked after `earlier`: the history it sends and where that history starts among them. */
export function nextTurn(id: number, question: string, earlier: readonly Turn[], roomBytes?: number): { turn: Turn; history: ConversationTurn[] } {
  const history = historyFor(earlier, roomBytes);
  return { turn: { id, question, steps: [], running: true, historyStart: earlier.filter(answered).length - history.length }, history };
}

/** The turns a stored run continues from: its request's history (texts only) and the run itself. */
export function turnsOfRun(run: { request: { question: string; history?: ConversationTurn[] }; result?: RunResult; runId: string }, firstId: number): Turn[] {
  const recalled = (run.request.history ?? []).map((h, i): Turn => ({ id: firstId + i, question: h.question, steps: [], running: false, recalled: h, historyStart: 0 }));
  if (!run.result) return recalled;
  return [...recalled, { id: firstId + recalled.length, question: run.request.question, steps: run.result.trace, result: run.result, running: false, runId: run.runId, historyStart: 0 }];
}

/** An earlier reply without its citation marks: a recalled turn has no evidence for them to lead to. */
export const withoutCitations = (text: string): string => text.replace(CITATION, "").replace(/\s+([.,;:!?])/g, "$1");

const norm = (w: string) => w.toLowerCase().replace(/^[("'“]+|[)"'”?.!,;:]+$/g, "");
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

/**
 * How a follow-up was read, for one line under its question: the question it stood for and what
 * its pointing words meant, `it → Jaws` when the difference between the two questions is a
 * pointing word put in place of an earlier name, else the earlier names it drew on and their turn.
 */
export function readAs(asked: string, followUp: NonNullable<RunResult["followUp"]>, historyStart = 0): { resolved: string; meaning: string } {
  // The service drops a leading "and", "so" … from the question it resolves ("and when did it come out?" → "When did Jaws come out?").
  const a = words(asked).filter((w, i) => i > 0 || !/^(?:and|also|so|then|ok|okay),?$/i.test(w));
  const b = words(followUp.resolved);
  let head = 0;
  while (head < a.length && head < b.length && norm(a[head]!) === norm(b[head]!)) head++;
  const tailOf = (end: number) => {
    let t = 0;
    while (t < a.length - head && t < end - head && norm(a[a.length - 1 - t]!) === norm(b[end - 1 - t]!)) t++;
    return t;
  };
  // A clause the service added at the end ("… direct besides Starfall?"): the question's own end is found before it.
  let end = b.length;
  let tail = tailOf(end);
  for (let cut = b.length - 1; tail === 0 && cut > head + 1; cut--) if (tailOf(cut) > 0) [end, tail] = [cut, tailOf(cut)];
  const bare = (ws: string[]) => ws.join(" ").replace(/[?.!,;:]+$/, "");
  const said = bare(a.slice(head, a.length - tail));
  const put = bare(b.slice(head, end - tail));
  const added = bare(b.slice(end));
  const names = followUp.referents.map((r) => r.name);
  if (said && words(said).length <= 3 && names.some((n) => put.includes(n))) return { resolved: followUp.resolved, meaning: `${said} → ${put}${added ? `, ${added}` : ""}` };
  const turns = [...new Set(followUp.referents.map((r) => r.turn + historyStart + 1))];
  return { resolved: followUp.resolved, meaning: names.length ? `from turn${turns.length > 1 ? "s" : ""} ${turns.join(", ")}: ${names.join(", ")}` : followUp.kind };
}
