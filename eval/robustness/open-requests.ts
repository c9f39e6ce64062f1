import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { DataMissingError } from "../../src/errors";

/**
 * The open requests people wrote (`DATA_DIR/open-requests/`, training and validation splits only;
 * the test splits are held out and never read): Reddit tip-of-the-tongue posts and INSPIRED's seeker
 * utterances, as request texts. Only the text is read here; gold answers are the eval's business.
 */

export const TOMT_SPLITS = ["train", "validation"] as const;
export type TomtSplit = (typeof TOMT_SPLITS)[number];

/** A request as sent to the service: where it came from and its text. */
export interface RequestText {
  id: string;
  source: string;
  text: string;
}

const TomtRow = z.object({ id: z.string().min(1), title: z.string(), text: z.string() }).passthrough();

function gunzipped(path: string): string {
  if (!existsSync(path)) throw new DataMissingError(`${path} does not exist: see ../shared/data/open-requests/README.md`);
  return gunzipSync(readFileSync(path)).toString("utf8");
}

/** Reddit-TOMT movie requests of a split, in file order, each as its title and text on two lines (the post as written). */
export function readTomtRequests(dataDir: string, split: TomtSplit): RequestText[] {
  const path = join(dataDir, "open-requests", `tomt-movies-${split}.jsonl.gz`);
  return gunzipped(path)
    .split("\n")
    .flatMap((line, i) => {
      if (!line.trim()) return [];
      const row = TomtRow.safeParse(JSON.parse(line));
      if (!row.success) throw new DataMissingError(`${path}:${i + 1}: ${row.error.issues.map((x) => `${x.path.join(".")}: ${x.message}`).join("; ")}`);
      return [{ id: `tomt-${split}:${row.data.id}`, source: `tomt-${split}`, text: `${row.data.title}\n${row.data.text}`.trim() }];
    });
}

/** INSPIRED's dev dialogues: every seeker utterance, verbatim, in file order. */
export function readInspiredSeekerTexts(dataDir: string): RequestText[] {
  const path = join(dataDir, "open-requests", "inspired-dev.tsv.gz");
  const [header, ...rows] = gunzipped(path).split("\n");
  const cols = (header ?? "").split("\t");
  const at = (name: string) => {
    const i = cols.indexOf(name);
    if (i < 0) throw new DataMissingError(`${path}: no column "${name}" in its header`);
    return i;
  };
  const [dialog, utt, speaker, text] = [at("dialog_id"), at("utt_id"), at("speaker"), at("text")];
  return rows.flatMap((line) => {
    const f = line.split("\t");
    const t = f[text]?.trim();
    return f[speaker] === "SEEKER" && t ? [{ id: `inspired-dev:${f[dialog]}:${f[utt]}`, source: "inspired-dev", text: t }] : [];
  });
}
