import { fitToSchema } from "../src/util/fit-schema";
import type { AnyTool } from "./tool";

/**
 * A planned call's arguments fitted to its tool's caps: a told story longer than full text searches,
 * more titles than find_movies takes. The research agent's calls are cut, each cut a note for the
 * trace, instead of failing the call; what no cut can fix is left for the tool's own error. (Callers
 * from outside, MCP clients and models, get the tool's error instead: they can fix what they send.)
 */
export function fitToolInput(tool: AnyTool, args: Record<string, unknown>): { args: Record<string, unknown>; notes: string[] } {
  const fitted = fitToSchema(tool.input, args, { label: (path) => `${tool.name} ${path.map(String).join(".")}` });
  return fitted.notes.length ? { args: fitted.raw as Record<string, unknown>, notes: fitted.notes } : { args, notes: [] };
}
