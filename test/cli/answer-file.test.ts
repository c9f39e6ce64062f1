import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { answerFile, describeSummary } from "../../src/cli/answer-file";
import { InvalidInputError } from "../../src/errors";

const dir = mkdtempSync(join(tmpdir(), "mg-answer-file-"));
const lines = (path: string) => readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);

describe("ask --input: a file of questions answered line by line", () => {
  it("writes each answer as it finishes, reports a failing question as an error line and goes on to the next", async () => {
    const input = join(dir, "questions.txt");
    const out = join(dir, "answers.jsonl");
    writeFileSync(
      input,
      [
        "who directed Paper Moons",
        "",
        JSON.stringify({ id: "q-crash", question: "a question the code trips over" }),
        JSON.stringify({ id: 7, question: "a question\nwith a line break" }),
        "x".repeat(30),
        JSON.stringify({ question: "typo in a field", strategy: "tog" }),
        "{ not json, a question that opens with a brace }",
        "the last question",
      ].join("\n"),
    );
    const seenBefore: number[] = [];
    const summary = await answerFile(input, out, async (q) => {
      // What is on disk when a question starts: every earlier line, already written.
      seenBefore.push(readFileSync(out, "utf8").split("\n").filter(Boolean).length);
      if (q.startsWith("a question the code")) throw new TypeError("Cannot read properties of undefined (reading 'id')");
      if (q.startsWith("xxx")) throw new InvalidInputError("question is 30 characters; the limit is 20");
      return { answer: `answered: ${q}` };
    });
    expect(seenBefore).toEqual([0, 1, 2, 3, 5, 6]);
    expect(lines(out)).toEqual([
      { line: 1, answer: "answered: who directed Paper Moons" },
      { id: "q-crash", question: "a question the code trips over", error: { code: "internal", message: "internal error: Cannot read properties of undefined (reading 'id')" } },
      { id: 7, answer: "answered: a question\nwith a line break" },
      { line: 5, question: "x".repeat(30), error: { code: "invalid_input", message: "question is 30 characters; the limit is 20" } },
      { line: 6, error: { code: "invalid_input", message: expect.stringMatching(/^a JSON line is \{"id"\?, "question"\}: strategy: Unrecognized key/) } },
      { line: 7, answer: "answered: { not json, a question that opens with a brace }" },
      { line: 8, answer: "answered: the last question" },
    ]);
    expect(summary).toEqual({ asked: 7, answered: 4, failed: 3, byCode: { internal: 1, invalid_input: 2 } });
    expect(describeSummary(summary, out)).toBe(`answered 4 of 7 questions; 3 failed (internal 1, invalid_input 2): see their error lines in ${out}`);
  });

  it("says plainly when the input file is missing", async () => {
    await expect(answerFile(join(dir, "nope.txt"), undefined, async () => ({}))).rejects.toThrow(/--input .*nope\.txt does not exist/);
  });
});
