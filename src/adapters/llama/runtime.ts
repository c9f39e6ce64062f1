import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Llama, LlamaModel } from "node-llama-cpp";
import { AppError } from "../../errors";

/**
 * The one llama.cpp runtime of the process (CPU, prebuilt binaries, never a source build), and the
 * GGUF models it has loaded, shared by the chat model and the embedder so a file is mapped once.
 */
let runtime: Promise<Llama> | undefined;
const models = new Map<string, Promise<LlamaModel>>();

/**
 * node-llama-cpp, imported on first use only: it costs start-up time, and at import it parses CI as a
 * strict boolean and throws on anything else (CI="" or CI=yes), which must not break a service that
 * never runs a local model.
 */
export async function llamaModule(): Promise<typeof import("node-llama-cpp")> {
  const ci = process.env.CI;
  if (ci !== undefined && !/^(true|false|1|0)$/i.test(ci)) process.env.CI = ci === "" ? "false" : "true";
  return import("node-llama-cpp");
}

export function llamaRuntime(): Promise<Llama> {
  // node-llama-cpp's default thread cap is at least 4; on a 2-core machine with another busy process
  // the extra threads spin against each other (measured: 3.4 s a token instead of 55 ms).
  runtime ??= llamaModule().then(({ getLlama }) => getLlama({ gpu: false, build: "never", logLevel: "error" as never, maxThreads: availableParallelism() }));
  return runtime;
}

/** Loads (once) the GGUF at `path`; a missing or unreadable file is a start-up error naming the fix. */
export function loadGgufModel(path: string, fetchHint = "npm run models:fetch"): Promise<LlamaModel> {
  let model = models.get(path);
  if (!model) {
    model = (async () => {
      if (!existsSync(path) || !statSync(path).isFile()) throw new ModelFileError(path, `model file not found: ${path} (run \`${fetchHint}\`, or point the variable at a GGUF file)`);
      const llama = await llamaRuntime();
      try {
        return await llama.loadModel({ modelPath: path });
      } catch (e) {
        throw new ModelFileError(path, `model file ${path} could not be loaded as GGUF (${(e as Error).message.slice(0, 160)}); re-run \`${fetchHint}\` to replace it`);
      }
    })();
    models.set(path, model);
    model.catch(() => models.delete(path));
  }
  return model;
}

export class ModelFileError extends AppError {
  constructor(readonly path: string, message: string) {
    super("config_invalid", message);
    this.name = "ModelFileError";
  }
}
