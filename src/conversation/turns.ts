import { z } from "zod";
import { InvalidInputError } from "../errors";
import { NON_BLANK_PATTERN, codePointLength } from "../util/text";

/** How many earlier turns a follow-up is read against (older ones are dropped, the newest kept). */
export const MAX_HISTORY_TURNS = 8;
/** The longest earlier question or reply kept in a turn, in characters (code points); longer text is cut, and a question over it is refused. */
export const MAX_TURN_TEXT = 4000;

/**
 * One earlier turn of a conversation, as every client can supply it: the question the user asked,
 * the reply they got and, when the service answered it (a thread, a stored run), the answers it
 * computed, best first. Chat clients only have the texts; the follow-up reader then finds the
 * answers' names in the reply.
 */
export const ConversationTurnSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, "a turn's question must not be empty")
      .refine((q) => codePointLength(q) <= MAX_TURN_TEXT, `a turn's question is over ${MAX_TURN_TEXT} characters`)
      .meta({ maxLength: MAX_TURN_TEXT, pattern: NON_BLANK_PATTERN, description: "what the user asked in that turn" }),
    answer: z.string().optional(),
    answers: z.array(z.string()).max(100).optional(),
    /** The question as the service understood it (a follow-up resolved against the turns before it). */
    resolved: z.string().optional(),
  })
  .strict();
export type ConversationTurn = z.infer<typeof ConversationTurnSchema>;

/** A chat message as OpenAI- and Ollama-style clients send it, reduced to its role and text. */
export interface ChatText {
  role: string;
  text: string;
}

/**
 * A chat transcript as the question to answer and the turns before it: the last user message with
 * text is the question; each earlier user message is a turn, with the assistant reply that follows
 * it (if any) as its answer. System, developer and tool messages are not turns. Only the newest
 * MAX_HISTORY_TURNS turns are kept. What the history leaves out is named in `unread`, for the
 * client to be told: older turns, text past MAX_TURN_TEXT, further replies to one question, and
 * messages after the question.
 */
export function conversationFromMessages(messages: readonly ChatText[]): { question: string; history: ConversationTurn[]; unread: string[] } {
  const lastUser = findLastIndex(messages, (m) => m.role === "user" && m.text.trim().length > 0);
  if (lastUser < 0) throw new InvalidInputError("messages: needs a user message with text");
  const question = messages[lastUser]!.text.trim();
  const history: ConversationTurn[] = [];
  const unread = new Set<string>();
  const kept = (text: string) => {
    const t = clip(text.trim());
    if (t !== text.trim()) unread.add(`messages[].content[past-${MAX_TURN_TEXT}-characters]`);
    return t;
  };
  for (let i = 0; i < lastUser; i++) {
    const m = messages[i]!;
    if (m.role === "user" && m.text.trim()) history.push({ question: kept(m.text) });
    else if (m.role === "assistant" && m.text.trim() && history.length > 0) {
      if (history.at(-1)!.answer === undefined) history.at(-1)!.answer = kept(m.text);
      else unread.add("messages[further-assistant-replies-to-one-question]");
    }
  }
  if (history.length > MAX_HISTORY_TURNS) unread.add(`messages[turns-before-the-newest-${MAX_HISTORY_TURNS}]`);
  if (messages.slice(lastUser + 1).some((m) => m.text.trim() && (m.role === "user" || m.role === "assistant"))) unread.add("messages[after-the-last-user-question]");
  return { question, history: history.slice(-MAX_HISTORY_TURNS), unread: [...unread] };
}

/** Checks a request's history: at most MAX_HISTORY_TURNS (the error says to send the newest), texts within MAX_TURN_TEXT. */
export function checkHistory(history: readonly ConversationTurn[] | undefined): ConversationTurn[] {
  if (!history) return [];
  if (history.length > MAX_HISTORY_TURNS) throw new InvalidInputError(`history has ${history.length} turns; send at most the newest ${MAX_HISTORY_TURNS}`, { field: "history" });
  for (const [i, t] of history.entries()) {
    const chars = codePointLength(t.question);
    if (chars > MAX_TURN_TEXT) throw new InvalidInputError(`history[${i}].question is ${chars} characters; the limit is ${MAX_TURN_TEXT}`, { field: `history[${i}].question` });
  }
  return history.map((t) => ({ ...t, ...(t.answer !== undefined ? { answer: clip(t.answer) } : {}) }));
}

function clip(text: string): string {
  const cps = [...text];
  return cps.length > MAX_TURN_TEXT ? cps.slice(0, MAX_TURN_TEXT).join("") : text;
}

function findLastIndex<T>(xs: readonly T[], p: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (p(xs[i]!)) return i;
  return -1;
}
