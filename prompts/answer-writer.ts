/**
 * The answer writer's prompt: the question, what the rules found (their text, already citing the
 * sources by number), and the sources themselves, numbered as the text cites them. The model writes
 * the reply in a few sentences, every claim followed by its source's number. Its names, years and
 * numbers are checked afterwards against the sources each sentence cites (agents/answering/claims.ts).
 */
export const WRITER_SYSTEM =
  "You write short, accurate answers to questions about films from numbered sources drawn from a movie knowledge graph. Use only what the sources state. Put the source number in brackets, like [2], after each claim. Reply with JSON only.";

const SOURCE_CHARS = 220;

export function answerWriterPrompt(input: { question: string; findings: string; sources: readonly string[]; yesNo: boolean }): { system: string; prompt: string } {
  return {
    system: WRITER_SYSTEM,
    prompt: [
      `Question: ${input.question}`,
      `What was found (cites the sources below): ${input.findings.slice(0, 1200)}`,
      "Sources:",
      ...input.sources.map((s, i) => `[${i + 1}] ${s.length > SOURCE_CHARS ? `${s.slice(0, SOURCE_CHARS)}…` : s}`),
      // Said only when the question is a yes/no one: a small model told "yes or no first" opens every answer with one.
      input.yesNo ? "Write the answer in one to four sentences: yes or no first, then what supports it." : "Write the answer in one to four sentences: the direct answer first, then what supports it. Do not start with yes or no.",
      "Copy names, years and numbers exactly as the sources write them; add none they do not state. If what was found says something is missing or not in the knowledge base, say so.",
      'Reply as {"text":"…"}.',
    ].join("\n"),
  };
}
