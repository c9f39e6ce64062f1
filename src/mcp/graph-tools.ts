import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { EDGE_TYPES, NODE_TYPES } from "../kb/schema";
import type { Evidence } from "../../tools/evidence";
import { findMovies } from "../../tools/find-movies";
import { lookupEntity } from "../../tools/lookup-entity";
import { neighbors } from "../../tools/neighbors";
import { runTool, type AnyTool } from "../../tools/tool";
import { GRAPH_TOOL_DEADLINE_MS, MAX_ITEMS, capText, serveCall, toolError, withDeadline, withoutEvidenceIds } from "./calls";
import type { McpDeps } from "./server";

const Item = z.object({
  entity: z.string().describe("The KB entity the item is about (an exact KB name: pass it to neighbors)."),
  type: z.enum(NODE_TYPES).optional(),
  text: z.string(),
  score: z.number(),
  kind: z.enum(["node", "triple", "path", "passage"]),
  path: z.array(z.object({ subject: z.string(), edge: z.enum(EDGE_TYPES), object: z.string() })).optional(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

export const GraphToolOutput = z.object({
  items: z.array(Item),
  total: z.number().int().describe("How many items the tool found; items lists at most 50."),
  truncated: z.boolean().describe("Whether items leaves some out."),
  notes: z.array(z.string()).describe("What the tool wants you to know: why a result is empty, how a name was resolved, what was capped."),
});
export type GraphToolReply = z.infer<typeof GraphToolOutput>;

/** A tool's evidence as the reply: its items (at most MAX_ITEMS) and notes, as text and as structured content. */
export function graphToolReply(evidence: readonly Evidence[], notes: readonly string[]): { text: string; structured: GraphToolReply } {
  const shown = evidence.slice(0, MAX_ITEMS);
  const truncated = evidence.length > shown.length;
  const allNotes = [...notes.map((n) => withoutEvidenceIds(n)), ...(truncated ? [`showing ${shown.length} of ${evidence.length}; ask with a lower limit or more constraints`] : [])];
  const items = shown.map((e) => ({
    entity: e.focus,
    ...(e.focusType ? { type: e.focusType } : {}),
    text: withoutEvidenceIds(e.text),
    score: e.score,
    kind: e.kind,
    ...(e.path ? { path: e.path } : {}),
    ...(e.meta ? { details: e.meta } : {}),
  }));
  const lines = [...items.map((it, i) => `${i + 1}. ${it.text}`), ...(allNotes.length ? ["", ...allNotes.map((n) => `note: ${n}`)] : [])];
  return { text: capText(lines.length ? lines.join("\n") : "no results"), structured: { items, total: evidence.length, truncated, notes: allNotes } };
}

/**
 * One retrieval tool as an MCP tool: its own input schema and run function (through runTool, as the
 * agent calls it), read-only, with a deadline and the client's cancellation.
 */
function registerGraphTool(server: McpServer, deps: McpDeps, tool: AnyTool, title: string): void {
  server.registerTool(
    tool.name,
    { title, description: tool.description, inputSchema: tool.input, outputSchema: GraphToolOutput, annotations: { readOnlyHint: true, openWorldHint: false } },
    (input: unknown, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) =>
      serveCall(tool.name, { log: deps.log, drain: deps.callDrain }, async () => {
        const out = await withDeadline(GRAPH_TOOL_DEADLINE_MS, extra.signal, `no result within ${GRAPH_TOOL_DEADLINE_MS} ms; ask with a lower limit or fewer constraints`, (signal) => runTool(tool, input, { kb: deps.kb, step: 0, signal }));
        // A known problem (an unknown entity, a backend down) is the caller's to fix: a tool error that says how.
        if (out.error) return toolError(`${tool.name}: ${out.error.message}`);
        const reply = graphToolReply(out.evidence, out.notes);
        return { content: [{ type: "text", text: reply.text }], structuredContent: reply.structured };
      }),
  );
}

/** lookup_entity, neighbors and find_movies: the graph tools the agent uses, for a client to explore with. */
export function registerGraphTools(server: McpServer, deps: McpDeps): void {
  registerGraphTool(server, deps, lookupEntity, "Find knowledge-graph entities by name");
  registerGraphTool(server, deps, neighbors, "An entity's neighbours in the knowledge graph");
  registerGraphTool(server, deps, findMovies, "Find and rank films by constraints");
}
