import type { Context } from "hono";
import { MAX_QUESTION_CHARS, type RunResult } from "../../agents/research/types";
import { conversationFromMessages, type ConversationTurn } from "../conversation/turns";
import { overLimitMessage } from "../util/limits";
import { codePointLength } from "../util/text";
import { HttpError } from "./errors";

/**
 * What chat clients (OpenAI- and Ollama-style) send and get, shared by both APIs: the transcript as
 * a question and its history; the answer with numbered footnotes, cut into stream chunks; and the
 * header that names what a request sent but the service does not apply.
 */

/** A chat message reduced to what the service reads: its role and text, and the kinds of content it cannot read (images, audio, files). */
export interface ChatInput {
  role: string;
  text: string;
  unread: readonly string[];
}

/**
 * The transcript as the question (the last user message with text) and the turns before it, each
 * earlier reply without the footnotes this service appended. A user message with images, audio or
 * files but no text cannot be read: a 400, rather than silently answering an older message.
 */
export function chatConversation(messages: readonly ChatInput[]): { question: string; history: ConversationTurn[]; unread: string[] } {
  messages.forEach((m, i) => {
    if (m.role === "user" && m.unread.length && !m.text.trim())
      throw new HttpError(400, "invalid_input", `invalid body: messages.${i}: the user message has only ${[...new Set(m.unread)].join(", ")} content; this service answers questions in text, so send the question as text`);
  });
  const { question, history, unread } = conversationFromMessages(messages.map((m) => ({ role: m.role, text: m.role === "assistant" ? withoutFootnotes(m.text) : m.text })));
  const chars = codePointLength(question);
  if (chars > MAX_QUESTION_CHARS) throw new HttpError(400, "invalid_input", `invalid body: messages: ${overLimitMessage("the question", chars, MAX_QUESTION_CHARS)}`);
  return { question, history, unread };
}

/** The longest footnote, in characters (code points): a film's overview is cut to this. */
const FOOTNOTE_CHARS = 240;
/** An evidence id, maybe in brackets or parentheses, with the space before it. */
const EVIDENCE_ID = /\s?[[(]?\bev_[0-9a-f]{16}\b[\])]?/g;
/** Evidence ids are internal: a text that names one (in brackets or parentheses or bare) says its citation number instead, or nothing. */
export function withoutEvidenceIds(text: string, citations: readonly string[] = []): string {
  return text.replace(EVIDENCE_ID, (m) => {
    const n = citations.indexOf(/ev_[0-9a-f]{16}/.exec(m)![0]);
    return n >= 0 ? ` [${n + 1}]` : "";
  });
}

/** A footnote block as replyWithFootnotes writes it: a blank line, then "[1] …", "[2] …" to the end. */
const FOOTNOTES = /\n\n\[1\] [^\n]*(?:\n\[\d+\] [^\n]*)*\s*$/;

/**
 * The answer, whose "[n]" cites citations[n-1], then one footnote a citation with its evidence's
 * text: "[1] Paper Moons directed_by Lena Marlowe". Evidence ids are internal: one left in the text
 * becomes its citation number, or goes.
 */
export function replyWithFootnotes(r: Pick<RunResult, "answer" | "citations" | "evidence">): string {
  const scrub = (text: string) => withoutEvidenceIds(text, r.citations);
  const textOf = new Map(r.evidence.map((e) => [e.id, e.text]));
  const notes = r.citations.map((id, i) => `[${i + 1}] ${clip(scrub(textOf.get(id) ?? "(evidence not kept)").replace(/\s+/g, " ").trim(), FOOTNOTE_CHARS)}`);
  const answer = scrub(r.answer).trimEnd();
  return notes.length ? `${answer}\n\n${notes.join("\n")}` : answer;
}

/** An earlier reply as a conversation turn's answer: without the footnote block this service appended. */
export function withoutFootnotes(reply: string): string {
  return reply.replace(FOOTNOTES, "");
}

/** The reply cut into stream chunks of about 80 characters at spaces; joined, they are the reply. */
export function replyChunks(reply: string, size = 80): string[] {
  const chunks: string[] = [];
  let cur = "";
  for (const word of reply.split(/(?<=\s)/)) {
    if (cur && cur.length + word.length > size) {
      chunks.push(cur);
      cur = "";
    }
    cur += word;
  }
  if (cur) chunks.push(cur);
  return chunks;
}

/** The response header that names the request's fields the service accepted but does not apply. */
export const IGNORED_HEADER = "x-graphrag-ignored-fields";
const MAX_NAMED = 40;

/**
 * The header's value: the names, comma-separated, in first-seen order. A name that is not plain
 * printable ASCII (fields are client-chosen) is percent-encoded, so the header is always valid.
 */
export function ignoredHeaderValue(names: Iterable<string>): string | undefined {
  const unique = [...new Set(names)].map((n) => (/^[\x21-\x7e]+$/.test(n) && !n.includes(",") ? n : encodeURIComponent(n)));
  if (!unique.length) return undefined;
  const shown = unique.slice(0, MAX_NAMED);
  return unique.length > MAX_NAMED ? `${shown.join(", ")}, and ${unique.length - MAX_NAMED} more` : shown.join(", ");
}

/** Sets x-graphrag-ignored-fields when the request sent anything the service does not apply. */
export function nameIgnored(c: Context, names: Iterable<string>): void {
  const value = ignoredHeaderValue(names);
  if (value) c.header(IGNORED_HEADER, value);
}

function clip(text: string, max: number): string {
  const cps = [...text];
  return cps.length > max ? `${cps.slice(0, max - 1).join("").trimEnd()}…` : text;
}
