import { z } from "zod";
import { InvalidInputError } from "../errors";

const Command = z.enum(["start", "stop", "status", "help"]);
/** The subcommands of a local server the project runs itself (`npm run neo4j`, `npm run postgres`). */
export type ServerCommand = z.infer<typeof Command>;

/** Exactly one subcommand; -h and --help ask for the usage. A wrong one is an error showing `usage` and what was given. */
export function parseServerCommand(argv: readonly string[], usage: string): ServerCommand {
  const words = argv.map((a) => (a === "-h" || a === "--help" ? "help" : a));
  const parsed = Command.safeParse(words[0]);
  if (words.length !== 1 || !parsed.success) {
    const got = argv.length === 0 ? "no command" : JSON.stringify(argv.join(" "));
    throw new InvalidInputError(`${usage}\n\n(got ${got})`);
  }
  return parsed.data;
}
