import { byYearThenTitle, type TmdbOnlyFilm } from "../../ports/movie-catalog";
import { STOP_WORDS, linkKey, withoutLeadingArticle } from "../../util/text";
import { QUESTION_WORDS } from "../../linking/question-words";

/** Words a title side holds that name no film: a sequel's part or episode ("Part II", "Episode IV"). */
const NUMBERING_WORDS: ReadonlySet<string> = new Set(["part", "chapter", "episode", "vol", "volume", "book"]);
/** Where a title's sides meet: "The Lord of the Rings: The Two Towers", "Star Wars: Episode I - The Phantom Menace". */
const SIDE_BREAK = /\s*:\s+|\s+[-–—]\s+/;

/**
 * The films TMDB lists that the KB lacks, by the names a person says for them. A title is said whole or without
 * its article; one side of its colon is said for it too ("the two towers", "terminator 2") when that side is a
 * name on its own (two words that are no numbering, or a word and a number) and no other such film has it.
 */
export class TmdbOnlyIndex {
  private readonly whole = new Map<string, TmdbOnlyFilm[]>();
  private readonly sides = new Map<string, TmdbOnlyFilm[]>();
  private readonly keyed: { key: string; film: TmdbOnlyFilm }[];
  private readonly keywords = new Map<string, TmdbOnlyFilm[]>();

  constructor(films: readonly TmdbOnlyFilm[]) {
    const ordered = [...films].sort(byYearThenTitle);
    for (const film of ordered) {
      const key = linkKey(film.title);
      if (key === "") continue;
      for (const k of new Set([key, withoutLeadingArticle(key)])) push(this.whole, k, film);
      for (const side of film.title.split(SIDE_BREAK).slice(0, 3)) {
        const k = linkKey(side);
        if (k !== key && namesAFilm(k)) for (const s of new Set([k, withoutLeadingArticle(k)])) push(this.sides, s, film);
      }
    }
    // A side two films share ("The Lord of the Rings") is a family's name, not a film's.
    for (const [k, list] of this.sides) if (list.length > 1) this.sides.delete(k);
    this.keyed = ordered.map((film) => ({ key: linkKey(film.title), film }));
    for (const film of ordered) for (const k of film.keywords) push(this.keywords, linkKey(k), film);
  }

  get size(): number {
    return this.keyed.length;
  }

  named(said: string): TmdbOnlyFilm[] {
    const k = linkKey(said);
    return [...(this.whole.get(k) ?? this.sides.get(k) ?? [])];
  }

  withKeyword(keyword: string): TmdbOnlyFilm[] {
    return [...(this.keywords.get(linkKey(keyword)) ?? [])];
  }

  titled(opening: string): TmdbOnlyFilm[] {
    const k = linkKey(opening);
    if (k === "") return [];
    // Articles aside on both sides: "the lord of the rings" opens "Lord of the Rings: …" and the other way round.
    const bare = withoutLeadingArticle(k);
    const opens = (key: string) => {
      const title = withoutLeadingArticle(key);
      return title === bare || title.startsWith(`${bare} `);
    };
    return this.keyed.filter((x) => opens(x.key)).map((x) => x.film);
  }
}

/** A title side that names a film by itself: two words that are no numbering or question wording, or one such word and a number. */
function namesAFilm(key: string): boolean {
  // Question wording is no part of a side's name ("The Motion Picture" is no film said by "motion picture").
  const words = key.split(" ").filter((w) => !STOP_WORDS.has(w) && !NUMBERING_WORDS.has(w) && !QUESTION_WORDS.has(w));
  const named = words.filter((w) => !/^\d+$/.test(w));
  return named.length >= 2 || (named.length === 1 && words.length >= 2);
}

function push(map: Map<string, TmdbOnlyFilm[]>, key: string, film: TmdbOnlyFilm): void {
  if (key === "") return;
  const list = map.get(key);
  if (!list) map.set(key, [film]);
  else if (!list.includes(film)) list.push(film);
}
