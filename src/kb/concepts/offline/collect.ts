import type { ConceptSource } from "../../../ports/concept-graph";
import { CONCEPT_SOURCES } from "../../../ports/concept-graph";
import { foldText, withoutLeadingArticle } from "../../../util/text";
import { collectMovieFacts } from "../../documents";
import { isType, type KbGraphData } from "../../graph-data";
import { DETERMINERS, MOOD_WORDS, NOT_ABOUT_THE_FILM, SETTING_NOUNS, TIME_SETTINGS } from "./lexicon";
import { Gazetteer, mentionsOf, type Mention, type MentionHint } from "./mentions";
import { NameModel, countFirstNames, countPlotUsage } from "./names";
import { readTokens, singularHead, type TextToken } from "./nlp";
import { titleFamilies, type TitleFamily } from "./series";

/** A source as one bit of a mask (CONCEPT_SOURCES has eight: a Uint8). */
export const SOURCE_BIT: Readonly<Record<ConceptSource, number>> = Object.fromEntries(CONCEPT_SOURCES.map((s, i) => [s, 1 << i])) as Record<ConceptSource, number>;
const CURATED = SOURCE_BIT.kb_tag | SOURCE_BIT.tmdb_keyword;
const GENRE_SOURCES = SOURCE_BIT.kb_genre | SOURCE_BIT.tmdb_genre;
const NAMING_SOURCES = SOURCE_BIT.kb_genre | SOURCE_BIT.tmdb_genre | SOURCE_BIT.title;

export const HINTS: readonly MentionHint[] = ["place", "modifier", "character", "time", "name", "noun", "located", "none"];

/** Everything the corpus says of one folded name: where, how written, and what the words around it hinted. */
export interface NameRecord {
  folded: string;
  /**
   * Spellings and how often each was used, by how far they are trusted: [0] the data's own names
   * (genres, title families), [1] cased texts (overviews), [2] the rest (tags, keywords, plots).
   */
  spellings: [Map<string, number>, Map<string, number>, Map<string, number>];
  /** Per hint (HINTS order), how many mentions carried it. */
  hints: number[];
  /** Union of the sources it came from. */
  sources: number;
  /** Film (KB node) → sources that link it. */
  films: Map<number, number>;
}

/** What the whole corpus says, gathered before any name is typed. */
export interface Collected {
  records: Map<string, NameRecord>;
  genres: Set<string>;
  families: TitleFamily[];
  names: NameModel;
  /** Tags and keywords left out, with why (what ingest reports). */
  dropped: { notAboutTheFilm: number; personNames: number };
  movies: number;
}

/**
 * A tag's or keyword's folded form without a leading article, and singular when its last word is a
 * known plural noun ("vampires" → "vampire"), so it meets the lemmas of the plots' nouns.
 */
function canonical(name: string, names: NameModel, titles: ReadonlySet<string>): string {
  const folded = withoutLeadingArticle(name);
  const words = folded.split(" ");
  // A name ("wachowski brothers"), or a film's title ("star wars"), keeps its plural.
  return words.some((w) => names.isName(w)) || titles.has(folded) ? folded : singularHead(folded);
}

/**
 * Reads every film's genres, tags, TMDB genres and keywords, title family, plot and overview into
 * name records. The texts are read once with wink; the overviews first, since their capitals teach
 * the name model which lower-case plot words are names.
 */
export function collectNames(data: KbGraphData): Collected {
  const facts = collectMovieFacts(data);
  const people = new Set<string>();
  for (let i = 0; i < data.names.length; i++) if (isType(data, i, "Person")) people.add(foldText(data.names[i]!));
  const overviewTokens = new Map<number, TextToken[][]>();
  for (const f of facts) if (data.overviews[f.node]) overviewTokens.set(f.node, readTokens(data.overviews[f.node]!));
  const languages = new Set<string>();
  for (let i = 0; i < data.names.length; i++) if (isType(data, i, "Language")) languages.add(foldText(data.names[i]!));
  const names = new NameModel({
    cased: NameModel.countCase([...overviewTokens.values()].flat()),
    plots: countPlotUsage(data.plots, new Set(DETERMINERS)),
    firstNames: countFirstNames(people),
    languages,
  });
  const records = new Map<string, NameRecord>();
  const add = (film: number, folded: string, surface: string, source: ConceptSource, hint: MentionHint = "none") => {
    let r = records.get(folded);
    if (!r) records.set(folded, (r = { folded, spellings: [new Map(), new Map(), new Map()], hints: HINTS.map(() => 0), sources: 0, films: new Map() }));
    const bit = SOURCE_BIT[source];
    const spellings = r.spellings[(bit & NAMING_SOURCES) !== 0 ? 0 : bit === SOURCE_BIT.overview ? 1 : 2];
    spellings.set(surface, (spellings.get(surface) ?? 0) + 1);
    r.hints[HINTS.indexOf(hint)]!++;
    r.sources |= bit;
    r.films.set(film, (r.films.get(film) ?? 0) | bit);
  };

  const genres = new Set<string>();
  const notAbout = new Set(NOT_ABOUT_THE_FILM);
  const dropped = { notAboutTheFilm: 0, personNames: 0 };
  const tmdbByMovie = new Map(data.tmdbFacts.map((t) => [t.movie, t]));
  const curatedNames: string[] = [];
  const canonicalOf = new Map<string, string>();
  const titles = new Set(facts.map((f) => withoutLeadingArticle(foldText(f.title))));
  for (const f of facts) {
    const credited = new Set([...f.directors, ...f.writers, ...f.actors].flatMap((p) => foldText(p).split(" ")));
    const curated = (name: string, source: ConceptSource) => {
      const folded = foldText(name);
      if (!folded) return;
      if (notAbout.has(folded)) return void dropped.notAboutTheFilm++;
      // A tag that names a person (or the surname of someone credited on the film) is a people fact, not a topic.
      if (people.has(folded) || (!folded.includes(" ") && credited.has(folded))) return void dropped.personNames++;
      let key = canonicalOf.get(folded);
      if (key === undefined) canonicalOf.set(folded, (key = canonical(folded, names, titles)));
      curatedNames.push(key);
      add(f.node, key, key === folded ? name : key, source);
    };
    for (const g of f.genres) {
      genres.add(foldText(g));
      add(f.node, foldText(g), g, "kb_genre");
    }
    for (const t of f.tags) curated(t, "kb_tag");
    const tmdb = tmdbByMovie.get(f.title);
    if (tmdb) {
      for (const g of tmdb.genres) {
        genres.add(foldText(g));
        add(f.node, foldText(g), g, "tmdb_genre");
      }
      for (const k of tmdb.keywords) curated(k, "tmdb_keyword");
    }
  }

  const families = titleFamilies(facts.map((f) => ({ node: f.node, title: f.title })));
  for (const fam of families) for (const film of fam.films) add(film, fam.folded, fam.name, "title");

  const gazetteer = new Gazetteer([...curatedNames, ...TIME_SETTINGS, ...SETTING_NOUNS, ...MOOD_WORDS, ...properPhrases(overviewTokens.values(), names)]);
  const ctx = { names, gazetteer };
  const addAll = (film: number, mentions: readonly Mention[], source: ConceptSource, cast: ReadonlySet<string>) => {
    // A name in the text that is someone credited on the film ("Mandy Moore stars as Halley") is no character.
    for (const m of mentions) if (!cast.has(m.folded)) add(film, m.folded, m.surface, source, m.hint);
  };
  for (const f of facts) {
    const cast = new Set([...f.directors, ...f.writers, ...f.actors].map((p) => foldText(p)));
    const overview = overviewTokens.get(f.node);
    if (overview) addAll(f.node, mentionsOf(overview, true, ctx), "overview", cast);
    if (data.plots[f.node]) addAll(f.node, mentionsOf(readTokens(data.plots[f.node]!), false, ctx), "plot", cast);
  }
  return { records, genres, families, names, dropped, movies: facts.length };
}

/** Multi-word names the overviews write with capitals ("Pearl Harbor", "New York"), to find in the lower-cased plots. */
function properPhrases(docs: Iterable<TextToken[][]>, names: NameModel): string[] {
  const out: string[] = [];
  for (const lines of docs) {
    for (const tokens of lines) {
      let run: TextToken[] = [];
      const flush = () => {
        if (run.length >= 2 && run.some((t) => names.isName(t.folded))) out.push(run.map((t) => t.folded).join(" "));
        run = [];
      };
      for (const t of tokens) {
        if (t.punctuationBefore) flush();
        if (t.capital && (t.pos === "PROPN" || t.pos === "NOUN") && (!t.sentenceStart || names.isName(t.folded))) run.push(t);
        else flush();
      }
      flush();
    }
  }
  return out;
}

export { CURATED, GENRE_SOURCES };
