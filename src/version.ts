import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./config";

export const VERSION: string = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;
