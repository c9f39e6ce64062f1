import { existsSync } from "node:fs";
import { describe } from "vitest";

/**
 * Live-model tests run when the model files are installed (`npm run models:fetch`); without them
 * they skip and say why, unless REQUIRE_MODELS=1 (CI), which turns an absent file into a failure.
 */
export function describeWithModel(title: string, file: string, body: () => void): void {
  if (!existsSync(file) && process.env.REQUIRE_MODELS !== "1") {
    describe.skip(`${title} (skipped: ${file} is absent; run \`npm run models:fetch\`, or REQUIRE_MODELS=1 to fail instead)`, body);
  } else {
    describe(title, body);
  }
}
