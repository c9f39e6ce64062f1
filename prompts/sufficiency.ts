import { evidenceLines, type EvidenceLine } from "./evidence-view";

/**
 * The model judge's prompt: the question, the parts the answer needs, the evidence so far, the rules'
 * verdict and the follow-ups the rules could run, numbered. The reply says whether the evidence is
 * enough, what is missing, and which follow-up to try (0: none). Flat, for small local models too.
 */
export const SUFFICIENCY_SYSTEM = "You judge whether the evidence gathered from a movie knowledge graph answers a question. Be strict: enough only when the evidence states the answer to every part. Reply with JSON only.";

const EVIDENCE_SHOWN = 16;
const EVIDENCE_CHARS = 160;

export interface SufficiencyInput {
  question: string;
  /** The parts the answer needs, one line each ("p1 lookup(Jaws → DIRECTED in)"). */
  parts: string[];
  evidence: EvidenceLine[];
  /** The rules' verdict in one line. */
  rules: string;
  /** Follow-ups that can run next, one line each, numbered from 1 in this order. */
  options: string[];
}

export function sufficiencyPrompt(input: SufficiencyInput): { system: string; prompt: string } {
  return {
    system: SUFFICIENCY_SYSTEM,
    prompt: [
      `Question: ${input.question}`,
      "What the answer needs:",
      ...input.parts.map((p) => `  ${p}`),
      input.evidence.length ? `Evidence (${input.evidence.length} items, best first):\n${evidenceLines(input.evidence, EVIDENCE_SHOWN, EVIDENCE_CHARS).join("\n")}` : "No evidence yet.",
      `The rules say: ${input.rules}`,
      input.options.length ? `Searches that can run next:\n${input.options.map((o, i) => `  ${i + 1}. ${o}`).join("\n")}` : "No further search is available.",
      `Reply as {"reason":"…","enough":true|false,"missing":"what is still missing, or empty","next":N} where N is the number of the search to run next (0 for none).`,
    ].join("\n"),
  };
}
