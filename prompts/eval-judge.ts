/**
 * The LLM-as-judge prompt (RAGAS-style). One call per answer scores six things, each with its
 * reasoning written before its score, as a flat JSON object.
 */
/** Reference answers shown to the judge, at most. */
const MAX_REFERENCES = 30;

export function evalJudgePrompt(input: { question: string; gold: readonly string[]; answer: string; context: readonly string[] }): { system: string; prompt: string } {
  return {
    system: "You grade answers of a question-answering system over a movie knowledge graph. Be strict and consistent. Reply with JSON only.",
    prompt: [
      `Question: ${input.question}`,
      // A set of thousands ("a comedy on netflix": every comedy) would not fit a small model's context: the first ones and how many more.
      `Reference answers: ${input.gold.slice(0, MAX_REFERENCES).join(" | ")}${input.gold.length > MAX_REFERENCES ? ` | and ${input.gold.length - MAX_REFERENCES} more (any one of them answers a question that asks for one)` : ""}`,
      `System answer: ${input.answer}`,
      "Context the system used:",
      ...input.context.map((c, i) => `${i + 1}. ${c}`),
      "Score each from 0 to 1, writing a short reason first (a few words):",
      "- faithfulness: is every claim in the answer supported by the context?",
      "- answer_relevancy: does the answer address the question asked?",
      "- context_precision: how much of the context is relevant to the question?",
      "- context_recall: does the context contain what is needed for the reference answers?",
      "- answer_correctness: does the answer agree with the reference answers?",
      "- completeness: does the answer give everything asked: every part of the question, every reference answer?",
      'Reply as {"faithfulness_reasoning":"...","faithfulness":0.0,"answer_relevancy_reasoning":"...","answer_relevancy":0.0,"context_precision_reasoning":"...","context_precision":0.0,"context_recall_reasoning":"...","context_recall":0.0,"answer_correctness_reasoning":"...","answer_correctness":0.0,"completeness_reasoning":"...","completeness":0.0}',
    ].join("\n"),
  };
}
