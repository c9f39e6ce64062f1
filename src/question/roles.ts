import type { KnowledgeBase } from "../kb/knowledge-base";
import type { Role } from "../plan/schema";
import type { QuestionAnalysis, TopicEntity } from "./analyze";
import { COLLABORATION_VERBS, HAVING_WORDS, ROLE_NOUNS } from "./lexicon/linking";
import { MOVIE_WORDS } from "./lexicon/relations";
import { FILM_DETERMINERS } from "./lexicon/shapes";

/**
 * Which role a named person has in the films a question means: the role said next to them
 * ("directed by X", "starring X", "X directed"), else "with X" or a film that "has X" as acting, else the role they have
 * most often in the knowledge base (someone who mostly directs means the films they directed).
 */

export const ROLE_EDGES: readonly Role[] = ["DIRECTED", "WROTE", "ACTED_IN"];
const COLLABORATION = new Set(COLLABORATION_VERBS);
const ROLE_NOUN = new Set(ROLE_NOUNS);
/** Words that end the reach of a role word: it names the role of someone else across them. */
const ROLE_BREAKS = new Set(["without", "with", "and", "not", "but", "except", "or", "minus", "besides"]);
const ACTING_LEADS = new Set(["with", "featuring", "starring", "alongside"]);
/** "which one has clint eastwood", "films that have tom hanks in them": a film has its cast. */
const HAVING = new Set(HAVING_WORDS);
/** What may follow a person a film has: nothing, or "in it"; a verb after them makes "has" their auxiliary ("has tom hanks directed"). */
const AFTER_HAD = new Set(["in", "and", "or"]);
/** Words that open a film's description ("which Doug Liman movie", "a Spielberg film"). */
const FILM_DETERMINER_SET: ReadonlySet<string> = new Set(FILM_DETERMINERS);

type Cue = QuestionAnalysis["cues"][number];
export const isRole = (edge: string): edge is Role => (ROLE_EDGES as readonly string[]).includes(edge);
/** A cue that says whose role is meant ("directed", "starring"), not who is asked for ("actors"). */
const namesRole = (c: Cue) => isRole(c.edge) && c.weight >= 1 && !ROLE_NOUN.has(c.word) && !c.inAnswerPhrase;

/** The role said right next to the person, if any. */
export function roleNear(person: TopicEntity, analysis: QuestionAnalysis): Role | undefined {
  const cues = analysis.cues.filter(namesRole);
  const tokens = analysis.tokens;
  // "what did X direct without Y": a role word with "without", "and" or "not" between it and Y is X's, not Y's.
  const apart = (from: number, to: number) => tokens.slice(from + 1, to).some((t) => ROLE_BREAKS.has(t.folded));
  // "starred in which doug liman movie": a name between a determiner and a film word describes the film (its
  // maker); the verb before it is the subject's.
  const before = describesFilm(person, analysis) ? undefined : cues.filter((c) => c.token < person.tokenStart && person.tokenStart - c.token <= 3 && !apart(c.token, person.tokenStart)).sort((x, y) => y.token - x.token)[0];
  // "spielberg films starring tom hanks": a role word right before another person is that person's.
  const beforeOther = (c: Cue) => analysis.topics.some((t) => t !== person && t.types.includes("Person") && t.tokenStart > c.token && t.tokenStart - c.token <= 2);
  // "directed by Y" after X names Y's role, not X's. After "by", a verb is the film's ("a movie by X features …").
  const after = cues.filter((c) => !madeBy(person, analysis) && c.token >= person.tokenEnd && c.token - person.tokenEnd <= 2 && tokens[c.token + 1]?.folded !== "by" && !beforeOther(c)).sort((x, y) => x.token - y.token)[0];
  // "did Bryan Singer direct Patrick Stewart": a directing verb with its subject, another person, right before it
  // directs the person after it, who acted.
  const subjectBefore = (c: Cue) => analysis.topics.some((t) => t !== person && t.types.includes("Person") && t.tokenEnd <= c.token && c.token - t.tokenEnd <= 1);
  if (before?.edge === "DIRECTED" && subjectBefore(before) && tokens[before.token + 1]?.folded !== "by") return "ACTED_IN";
  const edge = (before ?? after)?.edge;
  return edge && isRole(edge) ? edge : undefined;
}

/** "a movie by X": X made it; a role word elsewhere in the sentence ("… features a shark") is the film's, not X's. */
export function madeBy(person: TopicEntity, analysis: QuestionAnalysis): boolean {
  const tokens = analysis.tokens;
  return tokens[person.tokenStart - 1]?.folded === "by" && MOVIE_WORDS.has(tokens[person.tokenStart - 2]?.folded ?? "");
}

/** A name between a determiner and a film word ("which Doug Liman movie"): it describes the film, by its maker. */
export function describesFilm(person: TopicEntity, analysis: QuestionAnalysis): boolean {
  const tokens = analysis.tokens;
  return MOVIE_WORDS.has(tokens[person.tokenEnd]?.folded ?? "") && FILM_DETERMINER_SET.has(tokens[person.tokenStart - 1]?.folded ?? "");
}

/** Any role the clause says (not in the answer phrase), for one person named alone. */
export function roleSaid(analysis: QuestionAnalysis): Role | undefined {
  const edge = analysis.cues.find((c) => isRole(c.edge) && !c.inAnswerPhrase)?.edge;
  return edge && isRole(edge) ? edge : undefined;
}

/** The role a person has most often in the KB, with acting for "with X" / "featuring X". */
export async function usualRole(person: TopicEntity, analysis: QuestionAnalysis, kb: KnowledgeBase): Promise<Role> {
  const tokens = analysis.tokens;
  const before = tokens[person.tokenStart - 1]?.folded;
  const collaborating = before === "with" && COLLABORATION.has(tokens[person.tokenStart - 2]?.folded ?? "");
  const counts = await roleCounts(person.id, kb);
  // "Johnny Depp's first movie with Tim Burton": "with" someone who seldom acts is with them in the role they keep.
  const seldomActs = counts.ACTED_IN * 2 < Math.max(counts.DIRECTED, counts.WROTE);
  if (before && ACTING_LEADS.has(before) && !collaborating && !seldomActs) return "ACTED_IN";
  const after = tokens[person.tokenEnd]?.folded;
  if (before && HAVING.has(before) && (after === undefined || AFTER_HAD.has(after))) return "ACTED_IN";
  // "a Spielberg film", "Andrew Niccol movies": for someone who mostly directs, their films are the ones they directed.
  if (counts.DIRECTED >= 2 && counts.DIRECTED * 3 >= counts.ACTED_IN) return "DIRECTED";
  return [...ROLE_EDGES].sort((a, b) => counts[b] - counts[a])[0]!;
}

/** The person's most frequent role other than `not`. */
export async function otherUsualRole(personId: string, not: Role, kb: KnowledgeBase): Promise<Role> {
  const counts = await roleCounts(personId, kb);
  const best = ROLE_EDGES.filter((r) => r !== not && counts[r] > 0).sort((a, b) => counts[b] - counts[a])[0];
  return best ?? (not === "DIRECTED" ? "ACTED_IN" : "DIRECTED");
}

export async function roleOf(person: TopicEntity, analysis: QuestionAnalysis, kb: KnowledgeBase): Promise<Role> {
  return roleNear(person, analysis) ?? (await usualRole(person, analysis, kb));
}

async function roleCounts(id: string, kb: KnowledgeBase): Promise<Record<Role, number>> {
  const counts: Record<Role, number> = { DIRECTED: 0, WROTE: 0, ACTED_IN: 0 };
  for (const r of await kb.graph.relations(id)) if (isRole(r.edge)) counts[r.edge] += r.count;
  return counts;
}
