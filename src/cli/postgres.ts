import { serverStatus, startServer, stopServer } from "../postgres-server/cluster";
import { parseServerCommand, serverSettings, USAGE } from "../postgres-server/settings";
import { runMain } from "./entry";

/**
 * `npm run postgres -- start|stop|status`: a local PostgreSQL server for CHECKPOINTER=postgres, on
 * Debian's packaged binaries (see src/postgres-server/cluster.ts). Progress goes to stderr, the
 * outcome to stdout; the password is never printed. status exits 3 when no server runs.
 */
const NOT_RUNNING_EXIT_CODE = 3;

async function main(): Promise<void> {
  const command = parseServerCommand(process.argv.slice(2));
  if (command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const settings = serverSettings();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const log = (line: string) => process.stderr.write(`${line}\n`);

  switch (command) {
    case "start": {
      const r = await startServer(settings, { log });
      out(r.state === "started" ? `PostgreSQL started (pid ${r.pid}) in ${r.seconds.toFixed(1)} s${r.newCluster ? ", new cluster" : ""}` : `PostgreSQL was already running (pid ${r.pid})`);
      out(`  url:  ${r.url} (password: POSTGRES_PASSWORD's; put it after the user, percent-encoded)`);
      out(`  data: ${r.dataDir} (${r.version}, run as user ${r.runsAs})`);
      out(`  log:  ${r.logFile}`);
      out(`  use:  CHECKPOINTER=postgres POSTGRES_URL=${r.url.replace(`//${settings.user}@`, `//${settings.user}:PASSWORD@`)}`);
      return;
    }
    case "stop": {
      const r = await stopServer(settings, { log });
      out(r.state === "not-running" ? "PostgreSQL is not running" : `PostgreSQL stopped (pid ${r.pid}) in ${r.seconds.toFixed(1)} s`);
      return;
    }
    case "status": {
      const r = serverStatus(settings);
      if (r.running) out(`PostgreSQL is running (pid ${r.pid}) on 127.0.0.1:${r.port}; data: ${r.dataDir}; log: ${r.logFile}`);
      else {
        out("PostgreSQL is not running");
        process.exitCode = NOT_RUNNING_EXIT_CODE;
      }
      return;
    }
  }
}

runMain("postgres", main);
