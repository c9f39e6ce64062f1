import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";

describe("configuration", () => {
  it("applies defaults and treats empty variables as unset", () => {
    const c = loadConfig({ PORT: "", DATA_DIR: "/tmp/x" });
    expect(c.env.PORT).toBe(8787);
    expect(c.env.EMBED_DIM).toBe(192);
    expect(c.embedder).toBe("corpus");
    expect(c.dataDir).toBe("/tmp/x");
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
