import { readFileSync } from "node:fs";
import type { z } from "zod";

/**
 * Reads a JSON-lines file of records with an `id`, each validated by `schema`: blank lines are
 * skipped, and a line that is not JSON, does not fit, or repeats an id is an error naming the file
 * and line.
 */
export function readJsonlFile<S extends z.ZodType<{ id: string }>>(path: string, schema: S): z.output<S>[] {
  const out: z.output<S>[] = [];
  const seen = new Set<string>();
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((text, i) => {
      if (text.trim() === "") return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        throw new Error(`${path}:${i + 1}: not JSON (${(e as Error).message})`);
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`);
      if (seen.has(parsed.data.id)) throw new Error(`${path}:${i + 1}: duplicate id "${parsed.data.id}"`);
      seen.add(parsed.data.id);
      out.push(parsed.data);
    });
  return out;
}
