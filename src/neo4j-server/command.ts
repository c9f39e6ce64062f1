import { parseServerCommand as parseCommand, type ServerCommand } from "../cli/server-command";

export const USAGE = `usage: npm run neo4j -- start|stop|status

  start   build the launcher if needed, start Neo4j, return once Bolt answers
  stop    shut it down cleanly (SIGTERM; SIGKILL after 60 s)
  status  say whether it runs (exit code 0) or not (exit code 3)

environment: NEO4J_PASSWORD (8+ characters; required by start), NEO4J_BOLT_PORT (7687),
NEO4J_HEAP (1g), NEO4J_HOME_DIR ($XDG_STATE_HOME/movie-graph-research/neo4j)`;

export type { ServerCommand } from "../cli/server-command";

/** Exactly one subcommand; -h and --help ask for the usage. */
export function parseServerCommand(argv: readonly string[]): ServerCommand {
  return parseCommand(argv, USAGE);
}
