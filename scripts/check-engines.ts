/**
 * `npm run check:engines`: the Node versions the project says it runs on agree with every installed
 * package's own `engines.node` (each must accept every version the project's range accepts), with
 * the README's stated range, and with the Node running now. Exits 1 and names each disagreement.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import semver from "semver";

const ROOT = resolve(import.meta.dirname, "..");

interface LockPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

function main(): number {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { engines?: { node?: string } };
  const range = pkg.engines?.node;
  if (!range || !semver.validRange(range)) {
    process.stderr.write(`check-engines: package.json engines.node is missing or not a range: ${String(range)}\n`);
    return 1;
  }
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, LockPackage> };
  const problems: string[] = [];
  let checked = 0;
  for (const [path, info] of Object.entries(lock.packages)) {
    const engines = info.engines;
    const node = engines && !Array.isArray(engines) ? engines.node : undefined;
    if (!path || !node) continue;
    checked++;
    // Optional platform builds (another OS or CPU) never install here; their range is still checked.
    if (!semver.validRange(node)) problems.push(`${path}@${info.version}: engines.node "${node}" is not a range`);
    else if (!semver.subset(range, node)) problems.push(`${path}@${info.version} needs node ${node}, but package.json allows ${range}`);
  }
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  if (!readme.includes(`\`${range}\``)) problems.push(`README.md does not state the supported Node range \`${range}\``);
  if (!semver.satisfies(process.versions.node, range)) problems.push(`this Node (${process.versions.node}) is outside ${range}`);
  for (const p of problems) process.stderr.write(`check-engines: ${p}\n`);
  process.stdout.write(`check-engines: node ${range}; ${checked} packages with engines checked, ${problems.length} disagreement(s)\n`);
  return problems.length ? 1 : 0;
}

process.exitCode = main();
