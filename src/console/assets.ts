import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { PROJECT_ROOT } from "../config";
import { transform } from "esbuild";

/**
 * The console's browser code, served without a bundler: each module in `client/` is TypeScript,
 * turned into plain ES modules one file at a time (types stripped, JSX compiled against
 * hono/jsx/dom, imports left as written) and kept in memory; the few files of Hono's DOM renderer
 * that those imports reach are served from the installed package through an import map. Nothing is
 * fetched from anywhere but this server.
 */

// From the project root, so the compiled service (dist/) finds the client sources too.
const CLIENT_DIR = join(PROJECT_ROOT, "src", "console", "client");
const MODULE_NAME = /^[a-z][a-z0-9-]{0,60}\.js$/;

export interface Asset {
  body: string;
  type: string;
}

/** The import map the page declares: bare `hono/jsx/dom…` specifiers to the vendored files. */
export const IMPORT_MAP = {
  imports: {
    "hono/jsx/dom": "/console/vendor/hono/jsx/dom/index.js",
    "hono/jsx/dom/jsx-runtime": "/console/vendor/hono/jsx/dom/jsx-runtime.js",
  },
};

/** hono's ES-module build (dist/; the CommonJS one is dist/cjs/), found from the package root. */
const honoDist = (): string => {
  let dir = dirname(createRequire(import.meta.url).resolve("hono"));
  const isRoot = (d: string) => existsSync(join(d, "package.json")) && (JSON.parse(readFileSync(join(d, "package.json"), "utf8")) as { name?: string }).name === "hono";
  while (!isRoot(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const dist = join(dir, "dist");
  if (!existsSync(join(dist, "jsx", "dom", "index.js"))) throw new Error(`hono's DOM renderer is not at ${dist}/jsx/dom/index.js; run npm ci`);
  return realpathSync(dist);
};

const IMPORT_RE = /(?:import|export)\s[^"';]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\s*["'](\.{1,2}\/[^"']+)["']/g;

/** Every file of hono's dist that the DOM renderer's entry points import, transitively. */
export function vendorClosure(root: string, entries: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  const queue = entries.map((e) => resolve(root, e));
  while (queue.length) {
    const file = queue.pop()!;
    const rel = relative(root, file).split(sep).join("/");
    if (files.has(rel) || rel.startsWith("..")) continue;
    const text = readFileSync(file, "utf8");
    files.set(rel, text);
    for (const m of text.matchAll(IMPORT_RE)) queue.push(resolve(dirname(file), m[1] ?? m[2]!));
  }
  return files;
}

export class ConsoleAssets {
  private readonly modules = new Map<string, Asset>();
  private vendor: Map<string, string> | undefined;

  constructor(private readonly clientDir = CLIENT_DIR) {}

  /** A client module by its served name (`app.js` from `app.tsx` or `app.ts`), or undefined. */
  async module(name: string): Promise<Asset | undefined> {
    if (!MODULE_NAME.test(name)) return undefined;
    const cached = this.modules.get(name);
    if (cached) return cached;
    const base = name.slice(0, -3);
    const source = [`${base}.tsx`, `${base}.ts`].map((f) => join(this.clientDir, f)).find((f) => existsSync(f));
    if (!source) return undefined;
    const out = await transform(readFileSync(source, "utf8"), {
      loader: source.endsWith("x") ? "tsx" : "ts",
      format: "esm",
      target: "es2022",
      jsx: "automatic",
      jsxImportSource: "hono/jsx/dom",
      sourcefile: `console/${base}${source.endsWith("x") ? ".tsx" : ".ts"}`,
      sourcemap: "inline",
    });
    const asset = { body: out.code, type: "text/javascript; charset=utf-8" };
    this.modules.set(name, asset);
    return asset;
  }

  /** The stylesheet. */
  css(): Asset {
    const cached = this.modules.get("console.css");
    if (cached) return cached;
    const asset = { body: readFileSync(join(this.clientDir, "console.css"), "utf8"), type: "text/css; charset=utf-8" };
    this.modules.set("console.css", asset);
    return asset;
  }

  /** A file of Hono's DOM renderer by its path under hono/dist, only if the renderer imports it. */
  vendorFile(path: string): Asset | undefined {
    this.vendor ??= vendorClosure(honoDist(), ["jsx/dom/index.js", "jsx/dom/jsx-runtime.js"]);
    const body = this.vendor.get(path);
    return body === undefined ? undefined : { body, type: "text/javascript; charset=utf-8" };
  }
}
