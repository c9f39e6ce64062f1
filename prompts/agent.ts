import { z } from "zod";
import { TOOLS } from "../tools/index";
import type { ToolName } from "../tools/evidence";
import { evidenceLines } from "./evidence-view";
import type { ToolSpec } from "../src/ports/chat-model";

/**
 * The agent's one prompt a step: the question, the rules' reading as a hint (its parts, by id), the
 * tools with their input schemas, the evidence so far in a few lines, and what was refused or
 * invalid last step. The reply is one flat object (see agents/planners/agent-step.ts): tool calls, or
 * finish.
 */
export const AGENT_SYSTEM =
  "You research questions about films over a movie knowledge graph by calling tools. Each step, either call one to three tools whose results you still need, or finish when the evidence answers every part of the question. Give each call's arguments as a JSON object that fits the tool's schema, name the plan part it serves, and say why in a few words. Reply with JSON only.";

/** The tools the agent may call, in the order it sees them. */
export const AGENT_TOOLS = ["find_movies", "neighbors", "think_on_graph", "full_text", "semantic_search", "depth_first", "breadth_first", "find_concepts", "community_reports", "lookup_entity"] as const satisfies readonly ToolName[];

/** Evidence lines shown a step, and the characters of each. */
const EVIDENCE_SHOWN = 20;
const EVIDENCE_CHARS = 160;

export interface AgentPromptInput {
  question: string;
  /** The rules' plan in one line per part ("p1 lookup(Jaws → DIRECTED in)"). */
  planParts: string[];
  /** The parts the answer needs (ids). */
  answers: string[];
  evidence: { id: string; tool: string; text: string }[];
  /** Calls already made, as "tool {args}". */
  tried: string[];
  /** What the service said about the last step's calls (refused repeats, invalid arguments). */
  feedback: string[];
  /** What the rules' judge says is still missing, if anything. */
  missing: string[];
  /** The calls the rules would make now, one line each ("tool {args} (serves p1: why)"). */
  suggested?: string[];
}

/** A reply the model can copy the shape of: a real call, its arguments as JSON text. */
const EXAMPLE = JSON.stringify({ finish: false, reason: "the director of Heat is asked", calls: [{ tool: "neighbors", part: "p1", args: JSON.stringify({ entity: "Heat", edge: "DIRECTED", direction: "in" }), reason: "who directed Heat" }] });

let toolText: string | undefined;

/**
 * Each tool: its name, the first sentence of what it does and its input as a compact signature read
 * from its zod schema (`?` optional, `a|b` choices, `[…]` lists), once per process: short enough for a
 * small local model's context, exact enough to write valid arguments.
 */
export function describeTools(): string {
  toolText ??= AGENT_TOOLS.map((name) => {
    const t = TOOLS[name];
    const schema = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const first = t.description.split(/(?<=\.)\s/)[0] ?? t.description;
    return `- ${name}: ${first}\n  input: ${signature(schema, 0)}`;
  }).join("\n");
  return toolText;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** Choices shown of an enum, and how deep nested objects are spelled out. */
const ENUM_SHOWN = 8;
const DEPTH = 2;

function signature(s: JsonSchema, depth: number): string {
  if (s.enum) return s.enum.slice(0, ENUM_SHOWN).map(String).join("|") + (s.enum.length > ENUM_SHOWN ? "|…" : "");
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map((a) => signature(a, depth)).join(" or ");
  const type = Array.isArray(s.type) ? s.type.join("|") : s.type;
  if (type === "array") return `[${s.items ? signature(s.items, depth + 1) : "…"}]`;
  if (type === "object" || s.properties) {
    if (depth > DEPTH || !s.properties) return "object";
    const required = new Set(s.required ?? []);
    return `{${Object.entries(s.properties).map(([k, v]) => `${k}${required.has(k) ? "" : "?"}: ${signature(v, depth + 1)}`).join(", ")}}`;
  }
  return type ?? "any";
}

/**
 * The system prompt: what the agent does, the tools and the reply's shape. It is the same for every
 * step of every question, so a local model keeps it evaluated (its KV cache) and reads only the
 * question and the evidence anew each step.
 */
export function agentSystem(mode: "json" | "tools" = "json"): string {
  if (mode === "tools") return [AGENT_TOOLS_SYSTEM, "Tools:", describeTools()].join("\n");
  return [
    AGENT_SYSTEM,
    "Tools:",
    describeTools(),
    "In a tool's input, name?: marks an optional field (write the name without ?), a|b the choices, [x] a list.",
    `Example reply: ${EXAMPLE}`,
    'Or, when the evidence answers the question: {"finish": true, "reason": "…", "calls": []}',
  ].join("\n");
}

/** With the model's own tool calling: the same task, the tools bound with their schemas, no reply format to copy. */
export const AGENT_TOOLS_SYSTEM =
  "You research questions about films over a movie knowledge graph by calling tools. Each step, say in a few words what you still need, then call one to three tools whose results you need; call none when the evidence already answers every part of the question.";

/**
 * The fields a model writes for each tool where a grammar constrains it (it writes every field it is
 * given), as alternative sets: what names the call's subject, relation and constraints; limits,
 * weights and switches keep their defaults.
 */
export const AGENT_FIELDS: Readonly<Record<(typeof AGENT_TOOLS)[number], readonly (readonly string[])[]>> = {
  find_movies: [["people"], ["concepts"], ["people", "concepts"], ["people", "years"], ["concepts", "years"], ["people", "concepts", "years"]],
  neighbors: [["entities", "edge", "direction"]],
  think_on_graph: [["question", "entities"]],
  full_text: [["query"], ["query", "types"]],
  semantic_search: [["query"]],
  depth_first: [["query"], ["query", "movies"]],
  breadth_first: [["query"]],
  find_concepts: [["query"]],
  community_reports: [["query"]],
  lookup_entity: [["mention"], ["mention", "types"]],
};

/** The agent's tools as the model binds them: name, description, input schema, and the fields a grammar writes. */
export function agentTools(): ToolSpec[] {
  return AGENT_TOOLS.map((name) => ({ name, description: TOOLS[name].description, input: TOOLS[name].input, fields: AGENT_FIELDS[name] }));
}

export function agentPrompt(input: AgentPromptInput, mode: "json" | "tools" = "json"): { system: string; prompt: string } {
  const evidence = evidenceLines(input.evidence, EVIDENCE_SHOWN, EVIDENCE_CHARS);
  const lines = [
    `Question: ${input.question}`,
    `A reading of it by rules (a hint; parts by id, * = the answer needs it):`,
    ...input.planParts.map((p) => `  ${input.answers.some((a) => p.startsWith(`${a} `)) ? "*" : ""}${p}`),
    input.tried.length ? `Calls made so far:\n${input.tried.map((t) => `  ${t}`).join("\n")}` : "No calls made yet.",
    input.evidence.length ? `Evidence so far (${input.evidence.length} items, best first):\n${evidence.join("\n")}` : "No evidence yet.",
    ...(input.missing.length ? [`Still missing: ${input.missing.join("; ")}`] : []),
    ...(input.suggested?.length ? [`Calls the rules would make now (take, change or ignore them):\n${input.suggested.map((c) => `  ${c}`).join("\n")}`] : []),
    ...(input.feedback.length ? [`About your last step: ${input.feedback.join(" ")}`] : []),
  ];
  return { system: agentSystem(mode), prompt: lines.join("\n") };
}
