import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { DataMissingError, InvalidInputError } from "../../src/errors";
import { cutToCap } from "../open-requests/cap";
import { filmIndex, matchFilm, type FilmIndex } from "../open-requests/film-match";
import { loadRawKb } from "../real/raw-kb";
import { namesGenre, namesPerson, parseInspiredTsv, placeholderFilms, type InspiredDialogue, type InspiredUtterance } from "./inspired-tsv";
import { mentionedIn, splitTitleYear, UNSEEN } from "./mention";

export const RECOMMEND_FILE = "inspired-dev.tsv.gz";

/** What a request gives, the first that applies, read by program from the seeker's words and INSPIRED's tags. */
export const RECOMMEND_CATEGORIES = ["names-film", "names-person", "genre", "vague"] as const;
export type RecommendCategory = (typeof RECOMMEND_CATEGORIES)[number];

/** A film as INSPIRED names it ("Title (YYYY)") and its KB names ([] when the KB lacks it). */
export interface MappedFilm {
  film: string;
  kb: string[];
}

export interface RecommendRequest {
  id: string;
  question: string;
  /** KB names of every film the recommender suggested in the dialogue. */
  answers: string[];
  /** KB names of the suggestion the seeker accepted (the last one suggested, when the dialogue ended in an accept). */
  accepted: string[];
  /** KB names of the films the seeker said in the request they had seen or loved. */
  seen: string[];
  category: RecommendCategory;
  /** INSPIRED's `fine_label` for the dialogue. */
  outcome: string;
  cut: boolean;
  suggestions: MappedFilm[];
  named: (MappedFilm & { seen: boolean })[];
}

export interface RecommendSet {
  items: RecommendRequest[];
  dialogues: number;
  /** Dialogues left out, by reason; every dialogue is either an item or counted here. */
  dropped: { noSuggestion: string[]; noSeekerWords: string[]; noKbFilm: string[] };
  /** Film tags whose title the utterance does not name (see mentionedIn), and movie_dict entries without a year. */
  unverifiedTags: number;
  unreadDictEntries: number;
  cut: number;
}

/** The seeker's utterances as one request: a full stop added where an utterance ends without one, nothing else changed. */
export function joinUtterances(texts: readonly string[]): string {
  return texts
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t, i, all) => (i < all.length - 1 && !/[.!?…:;,]["')\]]*$/u.test(t) ? `${t}.` : t))
    .join(" ");
}

/** An utterance's film tags that the text really names. */
function verifiedFilms(u: InspiredUtterance, onUnverified: () => void): string[] {
  return placeholderFilms(u).filter((f) => {
    const ty = splitTitleYear(f);
    const ok = ty !== undefined && mentionedIn(u.text, ty.title);
    if (!ok) onUnverified();
    return ok;
  });
}

const mapFilm = (index: FilmIndex, film: string): MappedFilm => {
  const ty = splitTitleYear(film)!;
  return { film, kb: matchFilm(index, ty.title, ty.year) };
};

type Built = { item: RecommendRequest } | { drop: keyof RecommendSet["dropped"] };

/**
 * One dialogue as a request: the seeker's words up to the recommender's first suggestion (a film the
 * seeker had not named), gold = every film the recommender suggested that is in the KB.
 */
export function dialogueRequest(d: InspiredDialogue, index: FilmIndex, onUnverified: () => void = () => {}): Built {
  const seekerSaid = new Set<string>();
  const lastMention = new Map<string, number>();
  const named: { film: string; seen: boolean }[] = [];
  let first = -1;
  d.utterances.forEach((u, i) => {
    for (const film of verifiedFilms(u, onUnverified)) {
      if (u.speaker === "SEEKER") {
        if (first < 0 && !named.some((n) => n.film === film)) named.push({ film, seen: !UNSEEN.test(u.text) });
        if (!lastMention.has(film)) seekerSaid.add(film);
      } else if (!seekerSaid.has(film) && first < 0) first = i;
      if (!seekerSaid.has(film)) lastMention.set(film, i);
    }
  });
  if (first < 0) return { drop: "noSuggestion" };
  const words = d.utterances.slice(0, first).filter((u) => u.speaker === "SEEKER").map((u) => u.text);
  const joined = joinUtterances(words);
  if (!joined) return { drop: "noSeekerWords" };
  const suggestions = [...lastMention.keys()].map((f) => mapFilm(index, f));
  const answers = [...new Set(suggestions.flatMap((s) => s.kb))];
  if (!answers.length) return { drop: "noKbFilm" };
  const last = Math.max(...lastMention.values());
  const acceptedFilms = d.outcome.startsWith("accept") ? [...lastMention].filter(([, i]) => i === last).map(([f]) => f) : [];
  const namedMapped = named.map((n) => ({ ...mapFilm(index, n.film), seen: n.seen }));
  const request = d.utterances.slice(0, first).filter((u) => u.speaker === "SEEKER");
  const category: RecommendCategory = named.length ? "names-film" : request.some(namesPerson) ? "names-person" : request.some(namesGenre) ? "genre" : "vague";
  const { text, cut } = cutToCap(joined);
  return {
    item: {
      id: `rec:inspired:${d.id}`,
      question: text,
      answers,
      accepted: [...new Set(suggestions.filter((s) => acceptedFilms.includes(s.film)).flatMap((s) => s.kb))],
      seen: [...new Set(namedMapped.filter((n) => n.seen).flatMap((n) => n.kb))],
      category,
      outcome: d.outcome,
      cut,
      suggestions,
      named: namedMapped,
    },
  };
}

/** Builds the set from the TSV text against the raw KB's films. */
export function recommendSetFrom(tsv: string, where: string, index: FilmIndex): RecommendSet {
  const { dialogues, unreadDictEntries } = parseInspiredTsv(tsv, where);
  const set: RecommendSet = { items: [], dialogues: dialogues.length, dropped: { noSuggestion: [], noSeekerWords: [], noKbFilm: [] }, unverifiedTags: 0, unreadDictEntries, cut: 0 };
  for (const d of dialogues) {
    const built = dialogueRequest(d, index, () => set.unverifiedTags++);
    if ("drop" in built) set.dropped[built.drop].push(d.id);
    else set.items.push(built.item);
  }
  set.cut = set.items.filter((i) => i.cut).length;
  return set;
}

/** The recommendation set (INSPIRED dev dialogues) from DATA_DIR; `dev` is its only split here. */
export function loadRecommendSet(dataDir: string, split: string): RecommendSet {
  if (split !== "dev") throw new InvalidInputError(`recommend has only the dev split (INSPIRED dev dialogues); "${split}" is not available: INSPIRED's train file could not be obtained and its test split is held out`);
  const path = join(dataDir, "open-requests", RECOMMEND_FILE);
  if (!existsSync(path)) throw new DataMissingError(`no INSPIRED data at ${path} (set DATA_DIR to the shared data directory)`);
  return recommendSetFrom(gunzipSync(readFileSync(path)).toString("utf8"), path, filmIndex(loadRawKb(dataDir)));
}
