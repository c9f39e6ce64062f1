import { describe, expect, it } from "vitest";
import { evalJudgePrompt } from "../../prompts/eval-judge";

describe("the eval judge's prompt", () => {
  it("shows a long reference set as its first 30 and how many more, so it fits a small model's context", () => {
    const gold = Array.from({ length: 2000 }, (_, i) => `Comedy ${i}`);
    const { prompt } = evalJudgePrompt({ question: "a comedy?", gold, answer: "Comedy 5", context: [] });
    expect(prompt).toContain("Comedy 29 | and 1970 more (any one of them answers a question that asks for one)");
    expect(prompt).not.toContain("Comedy 30 ");
  });

  it("shows a short reference set whole", () => {
    expect(evalJudgePrompt({ question: "who?", gold: ["A", "B"], answer: "A", context: [] }).prompt).toContain("Reference answers: A | B\n");
  });
});
