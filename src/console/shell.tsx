import { createHash } from "node:crypto";
import { raw } from "hono/html";
import { IMPORT_MAP } from "./assets";
import type { ConsoleConfig } from "./client/config";

/** JSON for an inline data block: `<` escaped so no value can close the script element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const importMapText = inlineJson(IMPORT_MAP);
/** The one inline script (the import map) is allowed by its hash; everything else comes from this server. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash("sha256").update(importMapText).digest("base64")}'`,
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The page at `/`: an empty shell the client renders into, with the settings it needs inline. */
export function Shell({ config }: { config: ConsoleConfig }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Movie graph research</title>
        <link rel="stylesheet" href="/console/console.css" />
        <script type="importmap">{raw(importMapText)}</script>
        <script type="application/json" id="console-config">
          {raw(inlineJson(config))}
        </script>
        <script type="module" src="/console/js/main.js"></script>
      </head>
      <body>
        <div id="app">
          <noscript>The research console needs JavaScript. The HTTP API is described at /v1/openapi.json.</noscript>
        </div>
      </body>
    </html>
  );
}
