import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors";
import { parseServerCommand } from "../../src/neo4j-server/command";

describe("npm run neo4j -- <command>", () => {
  it("takes start, stop and status, and --help or -h for the usage", () => {
    expect(parseServerCommand(["start"])).toBe("start");
    expect(parseServerCommand(["stop"])).toBe("stop");
    expect(parseServerCommand(["status"])).toBe("status");
    expect(parseServerCommand(["--help"])).toBe("help");
    expect(parseServerCommand(["-h"])).toBe("help");
  });

  it("answers anything else with the usage and what it got", () => {
    for (const argv of [[], ["restart"], ["start", "now"], ["--port", "7687"]]) {
      let error: unknown;
      try {
        parseServerCommand(argv);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(/^usage: npm run neo4j -- start\|stop\|status/);
      expect((error as Error).message).toContain(argv.length === 0 ? "(got no command)" : `(got ${JSON.stringify(argv.join(" "))})`);
    }
  });
});
