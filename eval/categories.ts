import { EmbeddedGraphStore } from "../src/adapters/embedded/graph-store";
import type { KnowledgeBase } from "../src/kb/knowledge-base";
import { NODE_TYPE_BIT, type EdgeType } from "../src/kb/schema";
import { seededRandom } from "../src/util/random";

/**
 * A question set in the six categories of the GraphRAG-vs-SimpleRAG study (actor, director, genre,
 * temporal, multi-hop, specific film) plus intersection and aggregation, generated from the KB with
 * gold answers computed from the KB. Natural phrasing, several templates per category, seeded.
 * The generator lives in the project; its output does not.
 */
export interface CategoryQuestion {
  id: string;
  question: string;
  answers: string[];
  category: string;
}

type Ids = number[];

export function generateCategorySet(kb: KnowledgeBase, options: { seed: number; perTemplate?: number }): CategoryQuestion[] {
  if (!(kb.graph instanceof EmbeddedGraphStore)) throw new Error("the categories set is generated from the embedded graph store");
  const g = kb.graph;
  const d = g.data;
  const rand = seededRandom(options.seed);
  const per = options.perTemplate ?? 15;
  const name = (i: number) => d.names[i]!;
  const isType = (i: number, t: keyof typeof NODE_TYPE_BIT) => (d.typeMask[i]! & NODE_TYPE_BIT[t]) !== 0;
  const out = (i: number, e: EdgeType): Ids => g.neighborIndices(i, { edges: [e], direction: "out" }).map((x) => x.node);
  const inn = (i: number, e: EdgeType): Ids => g.neighborIndices(i, { edges: [e], direction: "in" }).map((x) => x.node);
  const uniq = (xs: Ids) => [...new Set(xs)];
  const plain = (i: number) => /^[\p{L}\p{N} .,'&:!-]+$/u.test(name(i)) && name(i).length >= 3 && d.typeMask[i] === NODE_TYPE_BIT[isType(i, "Movie") ? "Movie" : "Person"];

  // Well-formed subjects: films with one release year, a director and a cast; people with a few films.
  const movies: Ids = [];
  const directors: Ids = [];
  const actors: Ids = [];
  const writers: Ids = [];
  for (let i = 0; i < d.names.length; i++) {
    if (!plain(i)) continue;
    if (isType(i, "Movie") && out(i, "RELEASED_IN").length === 1 && inn(i, "DIRECTED").length >= 1 && inn(i, "ACTED_IN").length >= 2 && out(i, "HAS_GENRE").length >= 1) movies.push(i);
    if (isType(i, "Person")) {
      const dn = out(i, "DIRECTED").length;
      const an = out(i, "ACTED_IN").length;
      const wn = out(i, "WROTE").length;
      if (dn >= 3 && dn <= 15) directors.push(i);
      if (an >= 3 && an <= 20) actors.push(i);
      if (wn >= 2 && wn <= 10) writers.push(i);
    }
  }
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const year = (m: number) => Number(name(out(m, "RELEASED_IN")[0]!));
  const names = (xs: Ids) => uniq(xs).map(name).sort();

  const questions: CategoryQuestion[] = [];
  const seen = new Set<string>();
  const add = (category: string, template: string, question: string, answers: string[]) => {
    if (answers.length === 0 || answers.length > 60 || seen.has(question)) return false;
    seen.add(question);
    questions.push({ id: `categories:${category}:${template}:${questions.length}`, question, answers, category });
    return true;
  };
  /** Draws subjects until `per` questions of a template are made (or the draws run out). */
  const make = (category: string, template: string, pool: Ids, build: (i: number) => [string, string[]] | undefined) => {
    let made = 0;
    for (let tries = 0; made < per && tries < per * 40 && pool.length; tries++) {
      const r = build(pick(pool));
      if (r && add(category, template, r[0], r[1])) made++;
    }
  };

  make("actor", "movies-of-actor", actors, (a) => [`Which movies did ${name(a)} star in?`, names(out(a, "ACTED_IN"))]);
  make("actor", "films-featuring", actors, (a) => [`What films feature ${name(a)}?`, names(out(a, "ACTED_IN"))]);
  make("actor", "cast-of-movie", movies, (m) => [`Who starred in ${name(m)}?`, names(inn(m, "ACTED_IN"))]);
  make("director", "director-of", movies, (m) => [`Who directed ${name(m)}?`, names(inn(m, "DIRECTED"))]);
  make("director", "films-by", directors, (p) => [`Which films were directed by ${name(p)}?`, names(out(p, "DIRECTED"))]);
  make("director", "filmography", directors, (p) => [`List the movies ${name(p)} directed.`, names(out(p, "DIRECTED"))]);
  make("genre", "genre-of", movies, (m) => [`What genre is ${name(m)}?`, names(out(m, "HAS_GENRE"))]);
  make("genre", "kind-of-film", movies, (m) => [`What kind of film is ${name(m)}?`, names(out(m, "HAS_GENRE"))]);
  make("genre", "genre-films-by", directors, (p) => {
    const films = out(p, "DIRECTED");
    const genres = uniq(films.flatMap((f) => out(f, "HAS_GENRE")));
    if (!genres.length) return undefined;
    const genre = pick(genres);
    return [`Which ${name(genre)} films did ${name(p)} direct?`, names(films.filter((f) => out(f, "HAS_GENRE").includes(genre)))];
  });
  make("temporal", "release-year", movies, (m) => [`When was ${name(m)} released?`, names(out(m, "RELEASED_IN"))]);
  make("temporal", "came-out", movies, (m) => [`In what year did ${name(m)} come out?`, names(out(m, "RELEASED_IN"))]);
  make("temporal", "films-in-decade", directors, (p) => {
    const films = out(p, "DIRECTED").filter((f) => out(f, "RELEASED_IN").length === 1);
    if (!films.length) return undefined;
    const decade = Math.floor(year(pick(films)) / 10) * 10;
    return [`Which films did ${name(p)} direct in the ${decade}s?`, names(films.filter((f) => year(f) >= decade && year(f) <= decade + 9))];
  });
  make("multi-hop", "directors-of-actor-films", actors, (a) => [`Who directed the movies starring ${name(a)}?`, names(out(a, "ACTED_IN").flatMap((f) => inn(f, "DIRECTED")).filter((x) => x !== a))]);
  make("multi-hop", "languages-of-director-films", directors, (p) => [`What languages are the films directed by ${name(p)} in?`, names(out(p, "DIRECTED").flatMap((f) => out(f, "IN_LANGUAGE")))]);
  make("multi-hop", "actors-of-writer-films", writers, (w) => [`Which actors appeared in films written by ${name(w)}?`, names(out(w, "WROTE").flatMap((f) => inn(f, "ACTED_IN")).filter((x) => x !== w))]);
  make("multi-hop", "genres-sharing-director", movies, (m) => {
    const others = uniq(inn(m, "DIRECTED").flatMap((p) => out(p, "DIRECTED"))).filter((f) => f !== m);
    return [`What genres are the other movies by the director of ${name(m)}?`, names(others.flatMap((f) => out(f, "HAS_GENRE")))];
  });
  make("specific film", "writer-of", movies, (m) => [`Who wrote ${name(m)}?`, names(inn(m, "WROTE"))]);
  make("specific film", "language-of", movies, (m) => [`What language is ${name(m)} in?`, names(out(m, "IN_LANGUAGE"))]);
  make("specific film", "cast-list", movies, (m) => [`Which actors are in ${name(m)}?`, names(inn(m, "ACTED_IN"))]);
  make("specific film", "topics-of", movies, (m) => [`What topics describe ${name(m)}?`, names(out(m, "HAS_TAG"))]);
  make("intersection", "actors-with-two-directors", directors, (p) => {
    const cast = new Set(out(p, "DIRECTED").flatMap((f) => inn(f, "ACTED_IN")));
    const others = uniq([...cast].flatMap((a) => out(a, "ACTED_IN")).flatMap((f) => inn(f, "DIRECTED"))).filter((q) => q !== p && directors.includes(q));
    if (!others.length) return undefined;
    const q = pick(others);
    const common = uniq(out(q, "DIRECTED").flatMap((f) => inn(f, "ACTED_IN"))).filter((a) => cast.has(a) && a !== p && a !== q);
    return [`Which actors worked with both ${name(p)} and ${name(q)}?`, names(common)];
  });
  make("intersection", "films-with-two-actors", actors, (a) => {
    const films = new Set(out(a, "ACTED_IN"));
    const costars = uniq([...films].flatMap((f) => inn(f, "ACTED_IN"))).filter((b) => b !== a && actors.includes(b));
    if (!costars.length) return undefined;
    const b = pick(costars);
    return [`Which films feature both ${name(a)} and ${name(b)}?`, names(out(b, "ACTED_IN").filter((f) => films.has(f)))];
  });
  make("aggregation", "most-common-genre", directors, (p) => {
    const counts = new Map<number, number>();
    for (const f of out(p, "DIRECTED")) for (const ge of out(f, "HAS_GENRE")) counts.set(ge, (counts.get(ge) ?? 0) + 1);
    if (!counts.size) return undefined;
    const max = Math.max(...counts.values());
    return [`What is the most common genre of films directed by ${name(p)}?`, names([...counts].filter(([, n]) => n === max).map(([ge]) => ge))];
  });
  make("aggregation", "repeat-actors", directors, (p) => {
    const counts = new Map<number, number>();
    for (const f of uniq(out(p, "DIRECTED"))) for (const a of uniq(inn(f, "ACTED_IN"))) counts.set(a, (counts.get(a) ?? 0) + 1);
    // The question's own entity is never its answer (the MetaQA convention the agent follows).
    return [`Which actors appeared in films directed by ${name(p)} more than once?`, names([...counts].filter(([a, n]) => n >= 2 && a !== p).map(([a]) => a))];
  });
  return questions;
}
