import { loadConfig } from "../config";
import { parseServerCommand, USAGE } from "../neo4j-server/command";
import { serverStatus, startServer, stopServer } from "../neo4j-server/launcher";
import { serverSettings } from "../neo4j-server/settings";
import { runMain } from "./entry";

/**
 * `npm run neo4j -- start|stop|status`: a local Neo4j 5.26 community server for the Neo4j backend,
 * run by the launcher in neo4j-launcher/ (see src/neo4j-server/launcher.ts). Progress goes to
 * stderr, the outcome to stdout; status exits 3 when no server runs.
 */
const NOT_RUNNING_EXIT_CODE = 3;

async function main(): Promise<void> {
  const command = parseServerCommand(process.argv.slice(2));
  if (command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const settings = serverSettings(loadConfig());
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const log = (line: string) => process.stderr.write(`${line}\n`);

  switch (command) {
    case "start": {
      const r = await startServer(settings, { log });
      out(r.state === "started" ? `Neo4j started (pid ${r.pid}) in ${r.seconds.toFixed(1)} s` : `Neo4j was already running (pid ${r.pid})`);
      out(`  bolt: ${r.uri} (user neo4j, password from NEO4J_PASSWORD)`);
      out(`  data: ${r.dataDir}`);
      out(`  logs: ${r.logFile} (Neo4j's debug.log beside it)`);
      out(`  use:  GRAPH_STORE=neo4j NEO4J_URI=${r.uri}`);
      return;
    }
    case "stop": {
      const r = await stopServer(settings, { log });
      if (r.state === "not-running") out("Neo4j is not running");
      else if (r.state === "stopped") out(`Neo4j stopped (pid ${r.pid}) in ${r.seconds.toFixed(1)} s`);
      else out(`Neo4j (pid ${r.pid}) did not shut down in time and was killed; it recovers from its transaction log at the next start`);
      return;
    }
    case "status": {
      const r = serverStatus(settings);
      if (r.running) out(`Neo4j is running (pid ${r.pid}) at ${r.uri}; logs: ${r.logFile}`);
      else {
        out("Neo4j is not running");
        process.exitCode = NOT_RUNNING_EXIT_CODE;
      }
      return;
    }
  }
}

runMain("neo4j", main);
