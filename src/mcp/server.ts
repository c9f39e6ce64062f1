import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { KnowledgeBase } from "../kb/knowledge-base";
import type { Drain } from "../server/drain";
import type { ServiceDeps } from "../server/research-service";
import type { Logger } from "../util/logger";
import { VERSION } from "../version";
import { registerGraphTools } from "./graph-tools";
import { registerResearchTool } from "./research-tool";

export const MCP_SERVER_NAME = "movie-graph-research";

export interface McpDeps {
  /** Research runs go through the service: its run gate, stored runs and drain. */
  service: ServiceDeps;
  kb: KnowledgeBase;
  log: Logger;
  /**
   * Where no HTTP middleware counts requests (stdio): each tool call counts as a request in flight
   * on this drain, so a shutdown waits for it, and calls are refused once it drains.
   */
  callDrain?: Drain;
}

/**
 * The MCP server: `research` (a cited answer, with progress per step) and the read-only graph tools
 * `lookup_entity`, `neighbors` and `find_movies`. One per connection; cheap to build.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: VERSION },
    {
      instructions:
        "Answers questions about films from a movie knowledge graph with cited evidence. Use `research` for a question in words; use lookup_entity, neighbors and find_movies to explore the graph directly (entity ids are exact KB names).",
    },
  );
  registerResearchTool(server, deps);
  registerGraphTools(server, deps);
  return server;
}
