import { closeSync, createReadStream, existsSync, openSync, writeSync } from "node:fs";
import { createInterface } from "node:readline";
import { z } from "zod";
import { DataMissingError, isAppError } from "../errors";

/**
 * `ask --input FILE`: one question a line, as plain text or as a JSON object `{"id"?, "question"}`
 * (so a question may hold line breaks). Each result is written as one JSON line, led by the id or
 * line number it answers, the moment it is ready, straight to the file (no buffer a crash could lose). A question that fails is an error line
 * `{"id" | "line", "question", "error": {code, message}}` and the next one is asked; so is a line that
 * cannot be read. The summary counts both.
 */

const JsonQuestion = z.object({ id: z.union([z.string().min(1), z.number()]).optional(), question: z.string() }).strict();

export interface FileSummary {
  asked: number;
  answered: number;
  failed: number;
  /** Failures by error code (`internal` for a bug). */
  byCode: Record<string, number>;
}

/** One input line read: the question with the id it came with or its line number, or why it cannot be read. */
type InputLine = { where: { id: string | number } | { line: number }; question: string } | { where: { line: number }; error: string };

function readLine(text: string, line: number): InputLine | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (!trimmed.startsWith("{")) return { where: { line }, question: trimmed };
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    // Not JSON after all: a question that opens with a brace.
    return { where: { line }, question: trimmed };
  }
  if (!json || typeof json !== "object" || !("question" in json)) return { where: { line }, question: trimmed };
  const parsed = JsonQuestion.safeParse(json);
  if (!parsed.success) return { where: { line }, error: `a JSON line is {"id"?, "question"}: ${parsed.error.issues.map((i) => `${i.path.join(".") || (i as { keys?: string[] }).keys?.join(", ") || "line"}: ${i.message}`).join("; ")}` };
  return { where: parsed.data.id !== undefined ? { id: parsed.data.id } : { line }, question: parsed.data.question };
}

/**
 * Answers every question of `inputPath` with `answer`, writing each result or error as one JSON line
 * to `outPath` (or stdout) as it finishes. Never throws for a question; returns the counts.
 */
export async function answerFile(inputPath: string, outPath: string | undefined, answer: (question: string) => Promise<unknown>): Promise<FileSummary> {
  if (!existsSync(inputPath)) throw new DataMissingError(`--input ${inputPath} does not exist`);
  const fd = outPath ? openSync(outPath, "w") : 1;
  const write = (record: unknown) => writeSync(fd, `${JSON.stringify(record)}\n`);
  const summary: FileSummary = { asked: 0, answered: 0, failed: 0, byCode: {} };
  const fail = (where: object, question: string | undefined, code: string, message: string) => {
    summary.failed++;
    summary.byCode[code] = (summary.byCode[code] ?? 0) + 1;
    write({ ...where, ...(question !== undefined ? { question } : {}), error: { code, message } });
  };
  try {
    let n = 0;
    for await (const text of createInterface({ input: createReadStream(inputPath), crlfDelay: Infinity })) {
      const read = readLine(text, ++n);
      if (!read) continue;
      summary.asked++;
      if ("error" in read) {
        fail(read.where, undefined, "invalid_input", read.error);
        continue;
      }
      try {
        const result = await answer(read.question);
        write({ ...read.where, ...(result as object) });
        summary.answered++;
      } catch (e) {
        // A bug is reported on its line like any failure; its stack goes to stderr for whoever fixes it.
        if (!isAppError(e)) process.stderr.write(`line ${n}: ${(e as Error)?.stack ?? String(e)}\n`);
        fail(read.where, read.question, isAppError(e) ? e.code : "internal", isAppError(e) ? e.message : `internal error: ${(e as Error)?.message ?? String(e)}`);
      }
    }
  } finally {
    if (outPath) closeSync(fd);
  }
  return summary;
}

/** "answered 98 of 100 questions; 2 failed (invalid_input 1, internal 1): see their error lines". */
export function describeSummary(s: FileSummary, out: string | undefined): string {
  const failed = s.failed ? `; ${s.failed} failed (${Object.entries(s.byCode).map(([c, k]) => `${c} ${k}`).join(", ")}): see their error lines${out ? ` in ${out}` : ""}` : "";
  return `answered ${s.answered} of ${s.asked} questions${failed}`;
}
