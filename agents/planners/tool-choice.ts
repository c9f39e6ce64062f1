import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import type { EdgeType } from "../../src/kb/schema";
import type { QuestionAnalysis, TopicEntity } from "../../src/question/analyze";
import type { ConceptRef } from "../../src/question/stages/concepts";
import type { PartUnderstanding } from "../../src/question/understand";
import type { PlannedCall } from "../research/types";
import { foldText } from "../../src/util/text";
import { toldPlotQuery } from "./told-plot-query";
import { METRIC_SOURCE, roleVerb } from "../../tools/find-movies";
import { COLLABORATION_VERBS, ROLE_NOUNS } from "../../src/question/lexicon/linking";

/** A concept as the tools take it: every name the KB and TMDB use for it. */
export function conceptArg(c: ConceptRef): { label: string; genres: string[]; tags: string[]; tmdbGenres: string[]; keywords: string[] } {
  return { label: c.label, genres: c.genres, tags: c.tags, tmdbGenres: c.tmdbGenres, keywords: c.keywords };
}

export function yearsOf(part: PartUnderstanding): { from: number; to: number } | undefined {
  let years: { from: number; to: number } | undefined;
  // A period said as excluded ("not from the 90s") is no range the films must fall in, however the analysis read it.
  const outside = notYearsOf(part);
  const isOutside = (s: { from: number; to: number }) => outside.some((o) => o.from === s.from && o.to === s.to);
  const spans = [...part.periods.filter((p) => !p.negated).map((p) => ({ from: p.from, to: p.to })), ...part.analysis.constraints.flatMap((c) => (c.kind === "year" && !isOutside(c) ? [{ from: c.from, to: c.to }] : []))];
  for (const s of spans) years = years ? { from: Math.max(years.from, s.from), to: Math.min(years.to, s.to) } : s;
  return years;
}

/** The year ranges the films must fall outside ("comedies that aren't from the 90s"). */
export function notYearsOf(part: PartUnderstanding): { from: number; to: number }[] {
  return part.periods.filter((p) => p.negated).map((p) => ({ from: p.from, to: p.to }));
}

const ROLE_EDGES: readonly EdgeType[] = ["DIRECTED", "WROTE", "ACTED_IN"];

/** find_movies' exclusions for a part: the kinds of film, people and periods it subtracts (none: no key at all). */
function exclusionsOf(part: PartUnderstanding, people: { name: string; role?: EdgeType }[] = []): { exclude?: { concepts: ReturnType<typeof conceptArg>[]; people: { name: string; role?: EdgeType }[]; years: { from: number; to: number }[] } } {
  const concepts = (part.excluded?.concepts ?? []).map(conceptArg);
  const years = notYearsOf(part);
  return concepts.length + people.length + years.length ? { exclude: { concepts, people, years } } : {};
}

/** The films' constraints of a part: kinds of film said as such, minus the excluded ones and superlative options. */
function constraintConcepts(part: PartUnderstanding): ConceptRef[] {
  const excluded = new Set(part.excluded?.concepts ?? []);
  return part.concepts.filter((c) => c.strong && !excluded.has(c) && c !== part.subject);
}

const COLLABORATION = new Set(COLLABORATION_VERBS);
/** Words that end the reach of a role word: it names the role of someone else across them. */
const ROLE_BREAKS = new Set(["without", "with", "and", "not", "but", "except", "or", "minus", "besides"]);
const ROLE_NOUN = new Set(ROLE_NOUNS);

/** A cue that says whose role is meant ("directed", "starring"), not who is asked for ("actors"). */
const namesRole = (c: QuestionAnalysis["cues"][number]) => ROLE_EDGES.includes(c.edge) && c.weight >= 1 && !ROLE_NOUN.has(c.word);

/** The person's role the question names, else the role they have most often in the KB. */
async function roleOf(person: TopicEntity, part: PartUnderstanding, kb: KnowledgeBase): Promise<EdgeType> {
  const said = part.analysis.cues.find((c) => ROLE_EDGES.includes(c.edge) && !c.inAnswerPhrase);
  return said?.edge ?? (await usualRole(person, part, kb));
}

/** The role said right next to the person: "directed by X", "starring X", "X directed". */
function roleNear(person: TopicEntity, part: PartUnderstanding): EdgeType | undefined {
  const near = part.analysis.cues.filter((c) => namesRole(c) && !c.inAnswerPhrase);
  // "what did X direct without Y": a role word with "without", "and" or "not" between it and Y is X's, not Y's.
  const apart = (from: number, to: number) => part.analysis.tokens.slice(from + 1, to).some((t) => ROLE_BREAKS.has(t.folded));
  const before = near.filter((c) => c.token < person.tokenStart && person.tokenStart - c.token <= 3 && !apart(c.token, person.tokenStart)).sort((x, y) => y.token - x.token)[0];
  // "directed by Y" after X names Y's role, not X's ("films with X but not directed by Y").
  const tokens = part.analysis.tokens;
  // "spielberg films starring tom hanks": a role word right before another person is that person's.
  const beforeOther = (c: { token: number }) => part.analysis.topics.some((t) => t !== person && t.types.includes("Person") && t.tokenStart > c.token && t.tokenStart - c.token <= 2);
  const after = near.filter((c) => c.token >= person.tokenEnd && c.token - person.tokenEnd <= 2 && tokens[c.token + 1]?.folded !== "by" && !beforeOther(c)).sort((x, y) => x.token - y.token)[0];
  return (before ?? after)?.edge;
}

/** The role a person has most often in the KB, other than `not`. */
async function otherUsualRole(person: TopicEntity, not: EdgeType, kb: KnowledgeBase): Promise<EdgeType> {
  const rel = (await kb.graph.relations(person.id)).filter((r) => ROLE_EDGES.includes(r.edge) && r.edge !== not);
  return [...rel].sort((a, b) => b.count - a.count)[0]?.edge ?? (not === "DIRECTED" ? "ACTED_IN" : "DIRECTED");
}

/** The person's role when the question does not name one: "with X" is X acting, else their most frequent role. */
async function usualRole(person: TopicEntity, part: PartUnderstanding, kb: KnowledgeBase): Promise<EdgeType> {
  // "a movie with X", "films featuring X": the films X acted in; "worked with X" is any collaboration.
  const tokens = part.analysis.tokens;
  const before = tokens[person.tokenStart - 1]?.folded;
  const collaborating = before === "with" && COLLABORATION.has(tokens[person.tokenStart - 2]?.folded ?? "");
  if (before && ["with", "featuring", "starring", "alongside"].includes(before) && !collaborating) return "ACTED_IN";
  const rel = (await kb.graph.relations(person.id)).filter((r) => ROLE_EDGES.includes(r.edge));
  const count = (e: EdgeType) => rel.filter((r) => r.edge === e).reduce((n, r) => n + r.count, 0);
  // "a Spielberg film", "Andrew Niccol movies": for someone who mostly directs, their films are the ones they directed.
  if (count("DIRECTED") >= 2 && count("DIRECTED") * 3 >= count("ACTED_IN")) return "DIRECTED";
  return [...ROLE_EDGES].sort((a, b) => count(b) - count(a))[0]!;
}

/** "like heat but newer": the years after the latest film started from (or before the earliest one). */
async function beyondSeeds(part: PartUnderstanding, kb: KnowledgeBase): Promise<{ from: number; to: number } | undefined> {
  const nodes = await kb.graph.getNodes((part.seeds ?? []).map((s) => s.id));
  const years = nodes.flatMap((n) => (n?.years ?? []).map(Number)).filter((y) => Number.isFinite(y));
  if (!years.length) return undefined;
  return part.age === "newer" ? { from: Math.max(...years) + 1, to: 9999 } : { from: 0, to: Math.min(...years) - 1 };
}

/** Languages the part names ("Irish-language films", "thai movies", "films in French"). */
function languagesOf(part: PartUnderstanding, kb: KnowledgeBase): { languages: string[]; fromConcepts: Set<ConceptRef> } {
  const languages = new Set<string>();
  const fromConcepts = new Set<ConceptRef>();
  for (const t of part.analysis.topics) if (t.type === "Language" || (t.types.includes("Language") && !t.types.includes("Movie") && !t.types.includes("Person"))) languages.add(t.types.includes("Language") ? t.id : t.name);
  for (const c of part.analysis.constraints) if (c.kind === "entity" && c.type === "Language") languages.add(c.id);
  for (const c of part.concepts) {
    const hit = kb.linker.link(c.text, { types: ["Language"], limit: 1 })[0];
    if (hit && (hit.match === "exact" || hit.match === "folded")) {
      languages.add(hit.id);
      fromConcepts.add(c);
    }
  }
  return { languages: [...languages], fromConcepts };
}

/** The filters a Think-on-Graph call for this part carries (the first call and its follow-ups alike). */
export function togFilters(part: PartUnderstanding): { years?: { from: number; to: number }; linkedTo?: string[]; notLinkedTo?: string[] } | undefined {
  const years = yearsOf(part);
  const concepts = constraintConcepts(part);
  const linkedTo = concepts.map((c) => c.genres[0] ?? c.tags[0]).filter((x): x is string => x !== undefined);
  // A concept the question excludes ("besides action films") is never also a required link.
  const excludedNames = new Set((part.excluded?.concepts ?? []).flatMap((c) => [c.label, ...c.genres, ...c.tags].map((x) => foldText(x))));
  // The number of a threshold ("more than 3 movies") is no tag to filter by.
  const counted = (c: { text: string }) => part.threshold !== undefined && /^\d+$/.test(c.text.trim());
  const entityFilters = part.analysis.constraints.flatMap((c) => (c.kind === "entity" && !counted(c) && !excludedNames.has(foldText(c.id)) && !excludedNames.has(foldText(c.text)) ? [c.id] : []));
  const allLinked = [...new Set([...linkedTo, ...entityFilters])].slice(0, 5);
  const notLinkedTo = [...(part.excluded?.entities ?? []).map((e) => e.name), ...(part.excluded?.concepts ?? []).map((c) => c.genres[0] ?? c.tags[0]).filter((x): x is string => x !== undefined)].slice(0, 5);
  if (!years && !allLinked.length && !notLinkedTo.length) return undefined;
  return { ...(years ? { years } : {}), ...(allLinked.length ? { linkedTo: allLinked } : {}), ...(notLinkedTo.length ? { notLinkedTo } : {}) };
}

/**
 * The tool that fits each part, with why: Think-on-Graph for relation paths from named entities,
 * depth-first for "like X", full-text and semantic search together for a told plot, breadth-first
 * with the genre distribution for a kind of film, and the exact film filter for lists, superlatives
 * and differences that start from a kind of film, a language or a period rather than a name.
 */
export async function callsFor(part: PartUnderstanding, kb: KnowledgeBase): Promise<PlannedCall[]> {
  const serves = part.id;
  const a = part.analysis;
  const years = yearsOf(part);
  const langs = languagesOf(part, kb);
  const concepts = constraintConcepts(part).filter((c) => !langs.fromConcepts.has(c));
  const languages = langs.languages.length ? { languages: langs.languages } : {};
  const entities = a.topics.filter((t) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= 0.5);
  const excludedEntities = new Set((part.excluded?.entities ?? []).map((e) => e.id));
  const positive = entities.filter((e) => !excludedEntities.has(e.id));
  if (part.roles) {
    const { person, drop } = part.roles;
    // With no kept role said, the person's usual role other than the one dropped.
    const keep = part.roles.keep ?? (await otherUsualRole(person, drop, kb));
    return [{ tool: "find_movies", args: { people: [{ name: person.name, role: keep }], ...exclusionsOf(part, [{ name: person.name, role: drop }]), ...(years ? { years } : {}), limit: 50 }, rationale: `films ${person.name} ${keep.toLowerCase()} minus those they ${drop.toLowerCase()}: exact set difference`, serves }];
  }

  // "what do inception and interstellar have in common": what the films share, from depth-first's shared concepts.
  const namedFilms = entities.filter((e) => e.type === "Movie");
  if (part.intent === "intersection" && namedFilms.length >= 2 && namedFilms.length === entities.length && a.answer.type === undefined && !a.answer.edge) {
    return [{ tool: "depth_first", args: { movies: namedFilms.map((f) => f.name).slice(0, 5), results: 5 }, rationale: `what ${namedFilms.map((f) => f.name).join(" and ")} have in common: depth-first from each film to the people and concepts they share`, serves }];
  }
  if (part.bothRoles) {
    const { person, roles } = part.bothRoles;
    return [{ tool: "find_movies", args: { people: roles.map((role) => ({ name: person.name, role })), ...(years ? { years } : {}), ...exclusionsOf(part), limit: 50 }, rationale: `films ${person.name} both ${roles.map((r) => roleVerb(r)).join(" and ")}: exact set intersection`, serves }];
  }

  switch (part.intent) {
    case "fact": {
      const f = part.figure;
      if (!f) break;
      return [{ tool: "find_movies", args: { titles: [f.film.name], rankBy: f.metric, limit: 1 }, rationale: `"${f.phrase}": the ${METRIC_SOURCE[f.metric]} of ${f.film.name}, read from its TMDB row`, serves }];
    }
    case "recommendation": {
      const seeds = (part.seeds ?? []).map((s) => s.name);
      const years = yearsOf(part) ?? (part.age ? await beyondSeeds(part, kb) : undefined);
      const kind = concepts[0];
      const notKind = part.excluded?.concepts[0];
      const constrained = years || kind || notKind;
      const filters = constrained ? { filters: { ...(years ? { years } : {}), ...(kind ? { kind: conceptArg(kind) } : {}), ...(notKind ? { notKind: conceptArg(notKind) } : {}) } } : {};
      // With constraints, climb through more of what the film has, so enough similar films survive the filter.
      return [{ tool: "depth_first", args: { movies: seeds, results: 10, ...(constrained ? { concepts: 20 } : {}), ...filters }, rationale: `"like ${seeds.join(", ")}": depth-first from the film to what it shares with others, weighted by how specific each shared person or concept is${kind ? `, only ${kind.label}` : ""}${notKind ? `, not ${notKind.label}` : ""}${years ? `, only ${years.from}–${years.to}` : ""}`, serves }];
    }
    case "plot": {
      const { story, keywords } = toldPlotQuery(part.text, kb);
      // "the one where bill murray keeps reliving the same day": a person named in full narrows the search to their films.
      const cast = positive.filter((e) => e.type === "Person" && e.confidence >= 0.75 && /\s/.test(e.text.trim())).map((e) => e.name).slice(0, 3);
      const among = cast.length ? { linkedTo: cast } : {};
      const only = cast.length ? `, only films of ${cast.join(" and ")}` : "";
      return [
        { tool: "full_text", args: { query: keywords, limit: 20, types: ["Movie"], fields: ["plot", "overview"], scoring: "sum", ...among }, rationale: `a told plot: BM25 over plots and overviews, each of the description's words searched alone and the scores summed${only}`, serves },
        { tool: "semantic_search", args: { query: story, k: 20, threshold: 0.1, overviews: true, ...among }, rationale: `a told plot: semantic search over the film documents and their TMDB overviews, fused with full-text${only}`, serves },
      ];
    }
    case "kind_of_film": {
      const subject = part.subject;
      if (!subject) {
        // A person's films: their genre split, from the exact filter.
        const person = positive.find((e) => e.type === "Person");
        if (!person) break;
        const role = roleNear(person, part) ?? (await usualRole(person, part, kb));
        return [{ tool: "find_movies", args: { people: [{ name: person.name, role }], distribution: true, limit: 5 }, rationale: `a question about ${person.name}'s films: the genre split of every film they ${roleVerb(role)}`, serves }];
      }
      return [{ tool: "breadth_first", args: { query: subject.label, kind: conceptArg(subject), concepts: 2 }, rationale: `a question about ${subject.label} films: breadth-first from the concept, with the genre distribution of all its films`, serves }];
    }
    case "superlative": {
      const people = await Promise.all(positive.filter((e) => e.types.includes("Person")).map(async (p) => ({ name: p.name, role: await roleOf(p, part, kb) })));
      const s = part.superlative!;
      if (people.length + concepts.length + langs.languages.length === 0 && !years && positive.length > 0) break; // ranked answers about a film's neighbours: relation path below
      return [{
        tool: "find_movies",
        args: { concepts: concepts.map(conceptArg), people, ...languages, ...(years ? { years } : {}), rankBy: s.metric, order: s.order, limit: 10, ...exclusionsOf(part) },
        rationale: `"${s.phrase}": the films that fit, ranked by ${s.metric} (${s.order === "desc" ? "highest" : "lowest"} first)`,
        serves,
      }];
    }
    default:
      break;
  }
  // The films themselves are asked for (not their directors, years ...): an exact filter answers it.
  const asksFilms = (a.answer.type === undefined || a.answer.type === "Movie") && !a.answer.edge && !a.cues.some((c) => ROLE_EDGES.includes(c.edge) && c.weight >= 1);
  // What an exact film filter keeps and drops, and how the rationale names it.
  const exclude = exclusionsOf(part);
  const outside = notYearsOf(part);
  const kinds = [...concepts.map((c) => c.label), ...langs.languages, ...(years ? [`${years.from}–${years.to}`] : []), ...outside.map((y) => `not ${y.from}–${y.to}`)];
  if (positive.length === 0 && asksFilms && (concepts.length > 0 || years || langs.languages.length > 0)) {
    return [{ tool: "find_movies", args: { concepts: concepts.map(conceptArg), ...languages, ...(years ? { years } : {}), limit: 50, ...exclude }, rationale: `films that are ${kinds.join(", ")}: exact filter`, serves }];
  }
  // The films named people made, of a kind or together ("sci-fi movies with Tom Cruise", "films directed
  // by Ridley Scott starring Russell Crowe"): each person in the role said next to them, one exact filter.
  const people = positive.filter((e) => e.type === "Person");
  // "name the directors that worked with X and Y" asks for people, whatever the answer phrase reads.
  const filmsAsked = (a.answer.type === undefined || a.answer.type === "Movie") && !a.answer.edge && !a.cues.some((c) => ROLE_NOUN.has(c.word));
  const filmsOfPeople = (part.intent === "list" || part.intent === "count" || part.intent === "intersection" || part.intent === "difference") && people.length > 0 && entities.every((e) => e.type === "Person") && filmsAsked;
  // "movies with meryl streep but not directed by mike nichols": the excluded person in the role said next to them.
  const named = entities.filter((e) => e.type === "Person");
  const excludedPeople = named.filter((p) => excludedEntities.has(p.id));
  const includedPeople = named.filter((p) => !excludedEntities.has(p.id));
  if (filmsOfPeople && includedPeople.length > 0 && (concepts.length > 0 || langs.languages.length > 0 || named.length >= 2 || years || outside.length > 0)) {
    const roleOfPerson = async (p: TopicEntity) => ({ name: p.name, role: roleNear(p, part) ?? (await usualRole(p, part, kb)) });
    const roles = await Promise.all(includedPeople.map(roleOfPerson));
    const without = await Promise.all(excludedPeople.map(roleOfPerson));
    const excludeArg = exclusionsOf(part, without);
    return [{ tool: "find_movies", args: { concepts: concepts.map(conceptArg), people: roles, ...languages, ...(years ? { years } : {}), limit: 50, ...excludeArg }, rationale: `films ${roles.map((r) => `${r.name} ${roleVerb(r.role)}`).join(" and ")}${kinds.map((x) => `, ${x}`).join("")}${without.map((r) => `, not those ${r.name} ${roleVerb(r.role)}`).join("")}: exact filter`, serves }];
  }
  // "who directed the most westerns", "directors with more than 10 westerns": people counted over a kind of film,
  // a Think-on-Graph walk from the genre (or tag) down to its films and up to the people.
  const overKind = (part.intent === "most_common" || part.intent === "threshold") && positive.length === 0 && concepts.length > 0 && a.answer.type === "Person";
  if (overKind) {
    const kind = concepts[0]!;
    const start = kind.genres[0] ?? kind.tags[0];
    if (start) {
      const edge = kind.genres[0] ? "HAS_GENRE" : "HAS_TAG";
      return [{ tool: "think_on_graph", args: { question: part.text, entities: [start], width: 3, depth: 2, scorer: "lexical", start: { edge, direction: "in" }, maxEntitiesPerPath: 5000, ...(years ? { filters: { years } } : {}) }, rationale: `${part.intent}: people counted over ${kind.label} films: Think-on-Graph from the ${edge === "HAS_GENRE" ? "genre" : "tag"} ${start} down to its films and up to the people`, serves }];
    }
  }
  const linked = positive.length ? positive : a.topics.filter((t) => t.confidence >= 0.35);
  // "who acted with Claudette Colbert in It Happened One Night", "who directed tom hanks in big": the one
  // film named is where the asked relation starts; the people beside it are context, never the answer.
  const films = linked.filter((t) => t.type === "Movie");
  const fromFilm = films.length === 1 && linked.length > 1 && a.answer.type !== undefined && a.answer.type !== "Movie" && (part.intent === "fact" || part.intent === "list");
  const topics = fromFilm ? films : linked;
  if (topics.length === 0) {
    return [
      { tool: "full_text", args: { query: part.text.slice(0, 500), limit: 10 }, rationale: "no linked entity: full-text search", serves },
      { tool: "semantic_search", args: { query: part.text, k: 8 }, rationale: "no linked entity: semantic search", serves },
    ];
  }
  const filters = togFilters(part);
  // Counting over one person's films ("actors who worked with Scorsese more than twice", "what genre are
  // most Tim Burton movies"): with no role said, the films are those of the person's usual role.
  const aggregates = part.intent === "threshold" || part.intent === "most_common" || part.intent === "count";
  // The person's role said next to them ("movies starring meryl streep", "movies with John Wayne"), else their usual one.
  const starts = await Promise.all(topics.map(async (t) => (aggregates && t.type === "Person" ? { edge: roleNear(t, part) ?? (await usualRole(t, part, kb)), direction: "out" as const } : undefined)));
  return topics.map((t, i) => ({
    tool: "think_on_graph" as const,
    args: { question: part.text, entities: [t.name], width: 3, depth: 3, scorer: "lexical", ...(starts[i] ? { start: starts[i] } : {}), ...(filters ? { filters } : {}) },
    rationale: `${part.intent}: a relation path from ${t.name} (${t.type})${starts[i] ? `, starting from the films ${t.name} ${roleVerb(starts[i]!.edge)} (their usual role)` : ""}: Think-on-Graph${filters ? ` with ${[filters.years ? `years ${filters.years.from}–${filters.years.to}` : "", ...(filters.linkedTo ?? []).map((l) => `linked to ${l}`), ...(filters.notLinkedTo ?? []).map((l) => `not ${l}`)].filter(Boolean).join(", ")}` : ""}`,
    serves,
  }));
}
