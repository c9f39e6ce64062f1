import { InvalidInputError } from "../../src/errors";

/** One utterance of an INSPIRED dialogue, as the TSV has it (only the columns this set reads). */
export interface InspiredUtterance {
  dialogId: string;
  speaker: "SEEKER" | "RECOMMENDER";
  /** `text` with INSPIRED's escape QUOTATION_MARK turned back into the quote it stands for. */
  text: string;
  textWithPlaceholder: string;
  /** `movie_dict`: the dialogue's film titles ("Title (YYYY)") by placeholder index. */
  movieDict: ReadonlyMap<number, string>;
  /** `fine_label`: how the dialogue ended (accept_rating_good, accept_rating_mod, accept_uninterested, accept_others, reject). */
  outcome: string;
}

export interface InspiredDialogue {
  id: string;
  outcome: string;
  utterances: InspiredUtterance[];
}

const COLUMNS = ["dialog_id", "speaker", "text", "text_with_placeholder", "movie_dict", "fine_label"] as const;

/**
 * `movie_dict` is a Python dict literal, and a few are damaged in the source (a quote missing before
 * the colon: `'Office Space (1999): 1`). Each entry is read as a title ending in a four-digit year and
 * its index; an entry without a year (`'Office ()'`, `''`) names no film and is left out here, and
 * counted by the caller through `unreadEntries`.
 */
export function parseMovieDict(raw: string): { films: Map<number, string>; unreadEntries: number } {
  const films = new Map<number, string>();
  const entries = [...raw.matchAll(/:\s*\d+\s*[,}]/g)].length;
  for (const m of raw.matchAll(/['"](.*?\(\d{4}\))['"]?:\s*(\d+)/g)) films.set(Number(m[2]), m[1]!);
  return { films, unreadEntries: entries - films.size };
}

/** Parses the dev TSV (header line, tab-separated, no quoting); a malformed line is an error naming it. */
export function parseInspiredTsv(text: string, where: string): { dialogues: InspiredDialogue[]; unreadDictEntries: number } {
  const lines = text.split("\n").filter((l, i, all) => !(l === "" && i === all.length - 1));
  const header = lines[0]?.split("\t") ?? [];
  const col = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((c) => col[c] < 0);
  if (missing.length) throw new InvalidInputError(`${where}: no column ${missing.join(", ")} in the header (expected INSPIRED's dialog_data TSV)`);
  const dialogues = new Map<string, InspiredDialogue>();
  let unreadDictEntries = 0;
  const dictOf = new Map<string, Map<number, string>>();
  lines.slice(1).forEach((line, i) => {
    const f = line.split("\t");
    if (f.length !== header.length) throw new InvalidInputError(`${where}:${i + 2}: ${f.length} fields, the header has ${header.length}`);
    const speaker = f[col.speaker];
    if (speaker !== "SEEKER" && speaker !== "RECOMMENDER") throw new InvalidInputError(`${where}:${i + 2}: speaker "${speaker}" is neither SEEKER nor RECOMMENDER`);
    const id = f[col.dialog_id]!;
    let dict = dictOf.get(id);
    if (!dict) {
      const parsed = parseMovieDict(f[col.movie_dict]!);
      unreadDictEntries += parsed.unreadEntries;
      dictOf.set(id, (dict = parsed.films));
    }
    let d = dialogues.get(id);
    if (!d) dialogues.set(id, (d = { id, outcome: f[col.fine_label]!, utterances: [] }));
    d.utterances.push({ dialogId: id, speaker, text: f[col.text]!.replace(/QUOTATION_MARK/g, '"'), textWithPlaceholder: f[col.text_with_placeholder]!, movieDict: dict, outcome: f[col.fine_label]! });
  });
  return { dialogues: [...dialogues.values()], unreadDictEntries };
}

/** The film titles ("Title (YYYY)") an utterance's placeholders stand for, in order, each once. */
export function placeholderFilms(u: InspiredUtterance): string[] {
  const out: string[] = [];
  for (const m of u.textWithPlaceholder.matchAll(/\[MOVIE_TITLE_(\d+)\]/g)) {
    const title = u.movieDict.get(Number(m[1]));
    if (title && !out.includes(title)) out.push(title);
  }
  return out;
}

/** Whether an utterance's placeholders mark a person (actor, director) or a genre. */
export const namesPerson = (u: InspiredUtterance) => /\[MOVIE_P_(ACTOR|DIRECTOR)_\d+\]/.test(u.textWithPlaceholder);
export const namesGenre = (u: InspiredUtterance) => /\[MOVIE_GENRE_\d+\]/.test(u.textWithPlaceholder);
