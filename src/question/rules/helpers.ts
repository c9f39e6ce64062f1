import { EDGE_SPECS, type EdgeType } from "../../kb/schema";
import type { EntityRef, FilmConstraintInput, Hop } from "../../plan/schema";
import type { TopicEntity } from "../analyze";
import { negatedItems } from "../cues";
import { kindOf, kindsOf, leftOutTitles, yearsOf } from "../film-set";
import type { Reading } from "../reading";
import { filmsAsked } from "./features";

export function entityRef(t: TopicEntity): EntityRef {
  return { id: t.id, type: t.type, said: t.text };
}

const ROLE_EDGES: ReadonlySet<EdgeType> = new Set(["DIRECTED", "WROTE", "ACTED_IN"]);

/** The hop from a node of the topic's type along an edge, when the edge touches that type. */
export function hopFrom(type: TopicEntity["type"], edge: EdgeType): Hop | undefined {
  const spec = EDGE_SPECS[edge];
  if (spec.from === type) return { edge, dir: "out" };
  if (spec.to === type) return { edge, dir: "in" };
  return undefined;
}

/**
 * From a film to what the clause asks for: its people in the asked role, its genres, years … When
 * the clause has no answer phrase ("most common genre of X's films"), the relation word said that
 * is not a named person's own role.
 */
export function hopToAnswer(r: Reading): Hop | undefined {
  const a = r.analysis;
  if (a.answer.edge) return hopFrom("Movie", a.answer.edge);
  if (a.answer.type === "Person") return { edge: "ACTED_IN", dir: "in" };
  if (a.answer.type === "Genre") return { edge: "HAS_GENRE", dir: "out" };
  if (a.answer.type === "Language") return { edge: "IN_LANGUAGE", dir: "out" };
  const nearPerson = (token: number) => r.named.some((t) => t.type === "Person" && Math.abs(token - t.tokenStart) <= 3);
  const said = a.cues.find((c) => c.weight >= 1 && (!ROLE_EDGES.has(c.edge) || !nearPerson(c.token)));
  return said ? hopFrom("Movie", said.edge) : undefined;
}

/**
 * The one-hop path a lookup asks, when its wording leaves no doubt: one topic, one relation said,
 * and that relation is the one the answer phrase asks along ("who directed X", "what genre is X",
 * "what films did X star in"). Otherwise the path is discovered (Think-on-Graph).
 */
export function knownHop(r: Reading, topic: TopicEntity, contextRoles = false): Hop | undefined {
  const a = r.analysis;
  if (a.sharing) return undefined;
  const edge = a.answer.edge ?? filmsHop(r, topic) ?? onlyCue(r);
  if (!edge) return undefined;
  // "when did Spielberg direct Jaws": the role of a person named beside the film is context, not a hop.
  const counted = a.cues.filter((c) => (c.weight >= 1 || c.inAnswerPhrase) && !(contextRoles && !c.inAnswerPhrase && ROLE_EDGES.has(c.edge)));
  const edges = new Set(counted.map((c) => c.edge));
  if (edges.size > 1 || (edges.size === 1 && !edges.has(edge))) return undefined;
  const hop = hopFrom(topic.type, edge);
  if (!hop) return undefined;
  // From a person, a role edge reaches films: the films must be what is asked.
  if (ROLE_EDGES.has(edge) && topic.type === "Person" && a.answer.type !== "Movie" && !filmsAsked(r)) return undefined;
  return hop;
}

/** No answer phrase ("… casablanca, and what year it was made" cut oddly), but one relation said: that relation. */
function onlyCue(r: Reading): EdgeType | undefined {
  if (r.analysis.answer.phrase) return undefined;
  const edges = [...new Set(r.analysis.cues.filter((c) => c.weight >= 1).map((c) => c.edge))];
  return edges.length === 1 ? edges[0] : undefined;
}

/** What a lookup asks when the answer phrase does not say: the end of the relation said, read from the topic. */
export function askedByCue(r: Reading, topic: TopicEntity | undefined): TopicEntity["type"] | undefined {
  const cue = [...r.analysis.cues].sort((x, y) => Number(y.inAnswerPhrase) - Number(x.inAnswerPhrase) || y.weight - x.weight)[0];
  if (!cue || !topic) return undefined;
  const spec = EDGE_SPECS[cue.edge];
  return spec.from === topic.type ? spec.to : spec.to === topic.type ? spec.from : spec.to;
}

/** "what movies did X star in", "what did X direct": films asked, and the one relation said leads to them. */
function filmsHop(r: Reading, topic: TopicEntity): EdgeType | undefined {
  if (topic.type === "Movie" || !(r.analysis.answer.type === "Movie" || filmsAsked(r))) return undefined;
  const edges = [...new Set(r.analysis.cues.filter((c) => c.weight >= 1).map((c) => c.edge))];
  return edges.length === 1 ? edges[0] : undefined;
}

/**
 * Constraints on the films a relation path passes through ("the directors of his 90s films"): the
 * period, the kinds of film said as such and the qualifiers linked beside a name, minus what a
 * negation takes away, which the films must not have.
 */
/**
 * "king kong 2005", "who played the nutty professor back in 1963": the year said right after a film's name, or the one
 * year the clause says, which any question about that one film keeps.
 */
export function titleYearOf(r: Reading): FilmConstraintInput[] {
  const years = r.periods.filter((p) => !p.negated && p.from === p.to);
  const said = years.find((p) => p.ofTitle) ?? (years.length === 1 && r.periods.length === 1 ? years[0] : undefined);
  return said ? [{ on: "years", from: said.from, to: said.to, negated: false }] : [];
}

export function withinOf(r: Reading): FilmConstraintInput[] {
  const out: FilmConstraintInput[] = [];
  const excluded = negatedItems(r.cues.negations, r.named, r.concepts);
  const years = yearsOf(r);
  if (years) out.push({ on: "years", ...years, negated: false });
  for (const p of r.periods.filter((x) => x.negated)) out.push({ on: "years", from: p.from, to: p.to, negated: true });
  for (const c of kindsOf(r)) out.push({ on: "kind", kind: kindOf(c), negated: excluded.concepts.includes(c) });
  for (const c of excluded.concepts) if (!out.some((o) => o.on === "kind" && o.kind.label === c.label)) out.push({ on: "kind", kind: kindOf(c), negated: true });
  // "French films of X": a qualifier linked beside the name (a genre, language or tag said as an adjective).
  for (const c of r.analysis.constraints) {
    if (c.kind !== "entity" || (/^\d+$/.test(c.text.trim()) && r.cues.threshold)) continue;
    if (c.type === "Language") out.push({ on: "language", language: c.id, negated: false });
    else if (!out.some((o) => o.on === "kind" && [o.kind.label, ...(o.kind.genres ?? []), ...(o.kind.tags ?? [])].some((x) => x.toLowerCase() === c.id.toLowerCase()))) {
      out.push({ on: "kind", kind: c.type === "Genre" ? { label: c.id, genres: [c.id], tags: [], tmdbGenres: [], keywords: [] } : { label: c.id, genres: [], tags: [c.id], tmdbGenres: [], keywords: [] }, negated: false });
    }
  }
  for (const e of excluded.entities) if (e.types.includes("Person")) out.push({ on: "person", who: entityRef(e), negated: true });
  out.push(...leftOutTitles(r, excluded.entities.filter((e) => !e.types.includes("Person"))));
  return out.slice(0, 6);
}
