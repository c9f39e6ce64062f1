import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";

describe("configuration", () => {
  it("applies defaults and treats empty variables as unset", () => {
    // A cache directory with no models in it: auto means the corpus embedder there.
    const c = loadConfig({ PORT: "", DATA_DIR: "/tmp/x", CACHE_DIR: "/tmp/no-such-cache-dir" });
    expect(c.env.PORT).toBe(8787);
    expect(c.env.EMBED_DIM).toBe(192);
    expect(c.embedder).toBe("corpus");
    expect(c.chatModel).toBe("none");
    expect(c.dataDir).toBe("/tmp/x");
  });

  it("picks the local encoder by default once its file is present, and honours an explicit choice", () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-models-"));
    mkdirSync(join(dir, "models"));
    writeFileSync(join(dir, "models", "all-minilm-l6-v2.gguf"), "");
    expect(loadConfig({ CACHE_DIR: dir }).embedder).toBe("local");
    expect(loadConfig({ CACHE_DIR: dir, EMBEDDER: "corpus" }).embedder).toBe("corpus");
    expect(loadConfig({ CACHE_DIR: dir, GOOGLE_API_KEY: "k" }).embedder).toBe("gemini");
    expect(() => loadConfig({ EMBEDDER: "openai" })).toThrow(/EMBEDDER=openai needs OPENAI_BASE_URL and OPENAI_EMBED_MODEL/);
  });

  it("names every invalid variable and what it got", () => {
    const err = (() => {
      try {
        loadConfig({ PORT: "eighty", EMBED_DIM: "4", LOG_LEVEL: "loud" });
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    expect(err).toMatch(/PORT: .*\(got "eighty"\)/);
    expect(err).toMatch(/EMBED_DIM: .*>=16 \(got "4"\)/);
    expect(err).toMatch(/LOG_LEVEL: .*"silent" \(got "loud"\)/);
  });

  it("uses Gemini embeddings only with a key", () => {
    expect(loadConfig({ GOOGLE_API_KEY: "k" }).embedder).toBe("gemini");
    expect(loadConfig({ GOOGLE_API_KEY: "k", EMBEDDER: "corpus" }).embedder).toBe("corpus");
    expect(() => loadConfig({ EMBEDDER: "gemini" })).toThrow(/needs GOOGLE_API_KEY/);
  });
});

describe("chat model configuration", () => {
  it("stays model-free offline and uses Gemini on auto only with a key", () => {
    const offline = loadConfig({ CACHE_DIR: "/tmp/c" });
    expect(offline.chatModel).toBe("none");
    expect(offline.localChatModel).toBe("/tmp/c/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf");
    expect(offline.env).toMatchObject({ LOCAL_CONTEXT_SIZE: 4096, LOCAL_MAX_OUTPUT_TOKENS: 256, MODEL_TIMEOUT_MS: 60_000 });
    expect(loadConfig({ GOOGLE_API_KEY: "k" }).chatModel).toBe("gemini");
    expect(loadConfig({ GOOGLE_API_KEY: "k", CHAT_MODEL: "none" }).chatModel).toBe("none");
    expect(loadConfig({ CHAT_MODEL: "local", LOCAL_CHAT_MODEL: "m.gguf" }).localChatModel).toMatch(/^\/.*\/m\.gguf$/);
  });

  it("names what a chosen provider still needs", () => {
    expect(() => loadConfig({ CHAT_MODEL: "gemini" })).toThrow(/CHAT_MODEL=gemini needs GOOGLE_API_KEY/);
    const err = (() => {
      try {
        loadConfig({ CHAT_MODEL: "openai" });
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    expect(err).toMatch(/CHAT_MODEL=openai needs OPENAI_BASE_URL/);
    expect(err).toMatch(/CHAT_MODEL=openai needs OPENAI_CHAT_MODEL/);
    expect(() => loadConfig({ CHAT_MODEL: "openai", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(/needs OPENAI_CHAT_MODEL/);
    expect(loadConfig({ CHAT_MODEL: "openai", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_CHAT_MODEL: "qwen3:0.6b" }).chatModel).toBe("openai");
    expect(() => loadConfig({ CHAT_MODEL: "gpt" })).toThrow(/CHAT_MODEL: .*\(got "gpt"\)/);
    expect(() => loadConfig({ LOCAL_CONTEXT_SIZE: "100" })).toThrow(/LOCAL_CONTEXT_SIZE: .*>=512/);
  });
});
