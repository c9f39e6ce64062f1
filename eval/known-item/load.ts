import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { DataMissingError, InvalidInputError } from "../../src/errors";
import { cutToCap } from "../open-requests/cap";
import { foldTitle } from "../open-requests/film-match";
import { loadRawKb, type RawKb } from "../real/raw-kb";
import { knownItemCategory, requestText, requestTitle, type KnownItemCategory } from "./request";

/** The splits of the Reddit tip-of-the-tongue movie requests here; the test split is held out and not in the data dir. */
export const KNOWN_ITEM_FILES = { dev: "tomt-movies-validation.jsonl.gz", train: "tomt-movies-train.jsonl.gz" } as const;
export type KnownItemSplit = keyof typeof KNOWN_ITEM_FILES;

const TomtRow = z.object({
  id: z.string().min(1),
  split: z.enum(["train", "validation"]),
  title: z.string(),
  text: z.string(),
  url: z.string(),
  answer: z.array(z.object({ title: z.string().min(1), year: z.string().regex(/^\d{4}$/) })).min(1),
  origin: z.string().min(1),
});
export type TomtRow = z.infer<typeof TomtRow>;

export interface KnownItem {
  id: string;
  question: string;
  /** The accepted film's KB names (several when the source maps it to several same-titled KB films). */
  answers: string[];
  category: KnownItemCategory;
  /** Whether the post was cut to the service's question cap. */
  cut: boolean;
  url: string;
}

export interface KnownItemSet {
  items: KnownItem[];
  /** Requests cut to the question cap. */
  cut: number;
  /** Posts whose title is type tags alone, left out when the title is the request. */
  untitled: number;
}

/**
 * What of a post is the request: the whole post (title and text), or its title alone, as a half-remembered film
 * is typed into a search box ("Kid bullied into eating worms").
 */
export type KnownItemPart = "post" | "title";

/** Parses the jsonl text; a bad line is an error naming it. */
export function parseTomtLines(text: string, where: string): TomtRow[] {
  return text.split("\n").flatMap((line, i) => {
    if (line.trim() === "") return [];
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      throw new InvalidInputError(`${where}:${i + 1}: not JSON (${(e as Error).message})`);
    }
    const row = TomtRow.safeParse(json);
    if (!row.success) throw new InvalidInputError(`${where}:${i + 1}: ${row.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`);
    return [row.data];
  });
}

/** The KB's actors and directors whose names have two words or more, folded (a request naming one gives a person hint). */
export function peopleNames(kb: RawKb): Set<string> {
  const out = new Set<string>();
  for (const film of kb.films()) for (const rel of ["starred_actors", "directed_by"] as const) for (const p of kb.forward(film, rel)) {
    const f = foldTitle(p);
    // A name that starts with an article is a group or a phrase ("The Band"), not a person a request would name.
    if (f.includes(" ") && !/^(the|a|an) /.test(f)) out.add(f);
  }
  return out;
}

/** A gold film that is not a KB film with a release year within one of the source's. */
export interface GoldProblem {
  id: string;
  title: string;
  year: string;
}

/** Rows as eval items: gold checked against the KB, requests cut to the cap. Gold problems are returned, not dropped. */
export function toKnownItems(rows: readonly TomtRow[], kb: RawKb, people: ReadonlySet<string>, said: KnownItemPart = "post"): KnownItemSet & { problems: GoldProblem[] } {
  const problems: GoldProblem[] = [];
  const seen = new Set<string>();
  const items = rows.map((row): KnownItem => {
    const id = `ki:tomt:${row.id}`;
    if (seen.has(id)) throw new InvalidInputError(`known-item: duplicate post id ${row.id}`);
    seen.add(id);
    for (const a of row.answer) if (!kb.isFilm(a.title) || !kb.years(a.title).some((y) => Math.abs(y - Number(a.year)) <= 1)) problems.push({ id, title: a.title, year: a.year });
    const answers = [...new Set(row.answer.map((a) => a.title))];
    const full = said === "title" ? requestTitle(row.title) : requestText(row.title, row.text);
    if (full === "" && said === "post") throw new InvalidInputError(`known-item: post ${row.id} has neither title words nor text`);
    const { text, cut } = cutToCap(full);
    return { id, question: text, answers, category: knownItemCategory(text, answers, people), cut, url: row.url };
  });
  // A title of type tags alone ("[TOMT][MOVIE]") asks nothing by itself: counted, not asked.
  const asked = items.filter((i) => i.question !== "");
  return { items: asked, cut: asked.filter((i) => i.cut).length, untitled: items.length - asked.length, problems };
}

/**
 * The known-item set for a split (`dev` = the validation split, `train`), read from DATA_DIR; gold is
 * checked against the raw KB and a film that is not there is an error naming the post.
 */
export function loadKnownItemSet(dataDir: string, split: string, said: KnownItemPart = "post"): KnownItemSet {
  if (split !== "dev" && split !== "train") throw new InvalidInputError(`known-item has the splits dev (Reddit-TOMT validation) and train; "${split}" is not one (the test split is held out)`);
  const path = join(dataDir, "open-requests", KNOWN_ITEM_FILES[split]);
  if (!existsSync(path)) throw new DataMissingError(`no known-item data at ${path} (set DATA_DIR to the shared data directory)`);
  const kb = loadRawKb(dataDir);
  const { items, cut, untitled, problems } = toKnownItems(parseTomtLines(gunzipSync(readFileSync(path)).toString("utf8"), path), kb, peopleNames(kb), said);
  if (problems.length) throw new InvalidInputError(`known-item: ${problems.length} gold film(s) are not KB films with a year within one: ${problems.slice(0, 10).map((p) => `${p.id} "${p.title}" (${p.year})`).join("; ")}`);
  return { items, cut, untitled };
}
