import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

/** Whole-file text, transparently gunzipped for `.gz` paths. Files here are a few MB at most. */
export function readText(path: string): string {
  const raw = readFileSync(path);
  const buf = path.endsWith(".gz") ? gunzipSync(raw) : raw;
  return buf.toString("utf8");
}

/** Lines without their terminator; a trailing empty line (final newline) is not a record. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
