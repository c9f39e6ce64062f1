import type { ConversationTurn } from "../../conversation/turns";
import { capitalised } from "../../util/text";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { NodeType } from "../../kb/schema";
import type { QueryPlan } from "../../plan/schema";
import { understandRecent } from "../understand";

/** A film or person an earlier turn was about (a topic) or answered (an answer), which a follow-up may point back at. */
export interface Referent {
  name: string;
  type: NodeType;
  from: "answer" | "topic";
  /** The turn it came from, 0 = the oldest kept. */
  turn: number;
  /** The words the turn used for it (topics only): what a substitution replaces. */
  said?: string;
}

/** What one earlier turn leaves for a follow-up to point at: the question as understood, its topics, its answers. */
export interface TurnFrame {
  index: number;
  /** The turn's question as the service understood it (resolved when it was itself a follow-up). */
  question: string;
  topics: Referent[];
  /** Its answers, best first, typed; from the turn's answers when the service gave them, else from the names in its reply. */
  answers: Referent[];
  /** Whether the turn asked for films (a set a refinement can narrow). */
  asksFilms: boolean;
  /** Whether those films were asked as like others (films a later "something newer" is newer than). */
  likeFilms: boolean;
  /** Names the turn gave that the knowledge base lacks, as written. */
  unknown: string[];
  /** The family of films the turn was about ("the Iron Man films"), if any. */
  series?: string;
  /** The place the turn asked about, in words a question can hold ("the place where Shane Black was born"), if it asked one. */
  place?: string;
  /** The release year of the one film the turn was about (its earliest KB year), for a later "that year". */
  year?: string;
}

/** How a place fact the KB lacks is said of its subject, for a later "that city" to stand for. */
const PLACE_OF: Readonly<Partial<Record<string, (s: string) => string>>> = {
  birthplace: (s) => `the place where ${s} was born`,
  death: (s) => `the place where ${s} died`,
  filming_location: (s) => `the place where ${s} was filmed`,
};

const REFERABLE: readonly NodeType[] = ["Movie", "Person"];
/** How sure a name in a reply must be to count as one of its answers (replies are prose, not questions). */
const REPLY_NAME_CONFIDENCE = 0.85;
const MAX_REPLY_NAMES = 12;

/**
 * Reads an earlier turn into its frame. The question is understood again (no model, milliseconds),
 * which gives its topics and what it asked for. Answers come from the turn's `answers` when the
 * service kept them (threads, stored runs); a chat transcript only has the reply's text, so its
 * answers are the films and people named in the reply that were not the question's own topics.
 */
export async function frameOf(turn: ConversationTurn, index: number, kb: KnowledgeBase): Promise<TurnFrame> {
  const question = turn.resolved ?? turn.question;
  const u = await understandRecent(question, kb);
  const topics: Referent[] = [];
  for (const r of u.readings) for (const t of r.named) if (REFERABLE.includes(t.type) && !topics.some((x) => x.name === t.name)) topics.push({ name: t.name, type: t.type, from: "topic", turn: index, said: t.text });
  const tmdbOnly = tmdbOnlyTopics(u.readings, index);
  topics.push(...tmdbOnly.filter((t) => !topics.some((x) => x.name === t.name)));
  const answered = u.plan.answer.map((id) => u.plan.parts.find((x) => x.id === id));
  const asksFilms = answered.some((p) => p?.kind === "films" || p?.kind === "order" || p?.kind === "similar" || p?.kind === "open" || (p?.kind === "lookup" && p.asks === "Movie"));
  const likeFilms = answered.some((p) => p?.kind === "similar" || (p?.kind === "open" && p.like.length + p.likeTmdbOnly.length > 0));
  // A name of two kinds (a person who is also a film title) is an answer of the kind the turn asked for.
  const asked = u.plan.answer.map((id) => u.plan.parts.find((p) => p.id === id)).find((p) => p?.kind === "lookup")?.asks;
  // A yes/no's reply names its evidence ("No. … Its cast: John Travolta"), not answers: what it was about stays the referent.
  const checks = u.plan.answer.some((id) => u.plan.parts.find((p) => p.id === id)?.kind === "check");
  const answers = turn.answers?.length ? typedNames(turn.answers, kb, index, asked) : checks ? [] : namesInReply(turn.answer ?? "", topics, kb, index);
  const picked = pickedFilm(u.plan, turn, kb, index);
  if (picked) topics.splice(0, topics.length, { ...picked, from: "topic" }, ...topics.filter((t) => t.name !== picked.name));
  const unknown = u.readings.flatMap((r) => r.notFound.filter((n) => !n.tmdb?.length).map((n) => n.text));
  const series = u.readings.find((r) => r.series)?.series?.name;
  const lacked = u.plan.parts.find((p) => p.kind === "beyond");
  const subject = topics[0]?.name;
  const place = lacked?.kind === "beyond" && subject ? PLACE_OF[lacked.fact]?.(subject) : undefined;
  const film = topics.find((t) => t.type === "Movie");
  const year = film ? await earliestYear(film.name, kb, tmdbOnly) : undefined;
  return { index, question, topics, answers, asksFilms, likeFilms, unknown, ...(series ? { series } : {}), ...(place ? { place } : {}), ...(year ? { year: String(year) } : {}) };
}

/** A film's earliest KB year, or the TMDB year of a film the KB lacks. */
async function earliestYear(name: string, kb: KnowledgeBase, tmdbOnly: readonly { name: string; year?: string }[]): Promise<number | string | undefined> {
  const years = (await kb.graph.getNode(name))?.years?.map(Number).filter(Number.isFinite) ?? [];
  return years.length ? Math.min(...years) : tmdbOnly.find((x) => x.name === name)?.year;
}

/** Films TMDB lists and the KB lacks that the turn named: topics too, by their TMDB title ("how long is it" after "the matrix reloaded"). */
function tmdbOnlyTopics(readings: Awaited<ReturnType<typeof understandRecent>>["readings"], turn: number): (Referent & { year?: string })[] {
  return readings.flatMap((r) => r.notFound.flatMap((n) => (n.tmdb?.length ? [{ name: n.tmdb[0]!.title, type: "Movie" as const, from: "topic" as const, turn, said: n.text, ...(n.tmdb[0]!.year ? { year: n.tmdb[0]!.year } : {}) }] : [])));
}

/**
 * "when did the third one come out": a fact asked of one film the turn picked (an ordinal, the latest) makes that film,
 * as the reply names it first, what the turn was about, before the series it was picked from. Films compared: the
 * winner, the turn's first answer when the service kept them (a one-word title may be too unsure in prose).
 */
function pickedFilm(plan: QueryPlan, turn: ConversationTurn, kb: KnowledgeBase, index: number): Referent | undefined {
  if (!picksOneFilm(plan)) return undefined;
  const winner = comparesFilms(plan) && turn.answers?.length ? typedNames(turn.answers.slice(0, 1), kb, index, "Movie").find((r) => r.type === "Movie") : undefined;
  return winner ?? namesInReply(turn.answer ?? "", [], kb, index).find((r) => r.type === "Movie");
}

/**
 * The plan answers with one film it picked: a relation of the film an earlier part picked by its place ("the third Back
 * to the Future movie"), or the winner of films compared ("which of those is the longest": the reply names it first).
 */
function picksOneFilm(plan: QueryPlan): boolean {
  const part = (id: string) => plan.parts.find((p) => p.id === id);
  return plan.answer.some((id) => {
    const p = part(id);
    if (p?.kind === "compare") return comparesFilms(plan);
    if (p?.kind !== "lookup" || p.from.length !== 1) return false;
    const from = p.from[0]!;
    const of = "ref" in from ? part(from.ref) : undefined;
    return of?.kind === "order" && of.nth !== undefined;
  });
}

/** The plan answers which of some films wins a comparison (not how far apart they are). */
function comparesFilms(plan: QueryPlan): boolean {
  return plan.answer.some((id) => {
    const p = plan.parts.find((x) => x.id === id);
    return p?.kind === "compare" && p.pick !== "difference" && p.items.every((i) => i.type === "Movie");
  });
}

/** Answer names the service gave, typed from the knowledge base (names it does not hold, such as years, are kept out). */
function typedNames(names: readonly string[], kb: KnowledgeBase, turn: number, asked?: string): Referent[] {
  const out: Referent[] = [];
  for (const name of names) {
    const hit = kb.linker.link(name, { exact: true, limit: 1, types: REFERABLE })[0];
    const type = hit && asked && hit.types.includes(asked as NodeType) ? (asked as NodeType) : hit?.type;
    if (hit && type && hit.name === name) out.push({ name, type, from: "answer", turn });
  }
  return out;
}

/** The films and people a reply names, in the order it names them, leaving out the question's own topics. */
function namesInReply(reply: string, topics: readonly Referent[], kb: KnowledgeBase, turn: number): Referent[] {
  if (!reply.trim()) return [];
  const text = reply.slice(0, 4000);
  const mentions = kb.linker.findMentions(text, { limit: MAX_REPLY_NAMES * 2 });
  // Films TMDB lists and the KB lacks, as the reply names them ("Se7en (1995)"), are names too.
  const lacked = tmdbOnlyInReply(text, kb).filter((x) => !topics.some((t) => t.name === x.name));
  // Where the reply says a topic's name or such a film's: a name inside it is its words ("The Matrix" in "The Matrix Reloaded").
  const lower = text.toLowerCase();
  const spans = [...topics.flatMap((t) => [...lower.matchAll(new RegExp(escapeRegExp(t.name.toLowerCase()), "g"))].map((x) => [x.index!, x.index! + t.name.length] as const)), ...lacked.map((x) => [x.start, x.end] as const)];
  const inTopic = (m: { start: number; end: number }) => spans.some(([a, b]) => m.start >= a && m.end <= b && b - a > m.end - m.start);
  const found: (Referent & { at: number })[] = lacked.map((x) => ({ name: x.name, type: "Movie", from: "answer", turn, at: x.start }));
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    if (inTopic(m)) continue;
    const c = m.candidates[0];
    if (!c || m.confidence < REPLY_NAME_CONFIDENCE || !REFERABLE.includes(c.type) || c.match === "fuzzy" || c.match === "partial") continue;
    // A one-word lower-case span in prose is a word, not a name ("record", "love").
    if (!/\s/.test(m.text) && !capitalised(m.text)) continue;
    if (topics.some((t) => t.name === c.name) || found.some((x) => x.name === c.name)) continue;
    found.push({ name: c.name, type: c.type, from: "answer", turn, at: m.start });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_REPLY_NAMES)
    .map(({ at: _at, ...r }) => r);
}

/** How many words a film's title may run before the year a reply writes after it ("The Godfather: Part II (1974)"). */
const MAX_TITLE_WORDS = 12;

/**
 * Films TMDB lists and the KB lacks that a reply names as the service writes a film, its title and then its year in
 * parentheses: the longest run of words before a year that is such a film's title, with that year.
 */
function tmdbOnlyInReply(text: string, kb: KnowledgeBase): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  for (const y of text.matchAll(/ \((\d{4})\)/g)) {
    const before = text.slice(Math.max(0, y.index! - 300), y.index!);
    const starts = [...before.matchAll(/(?:^|\s)(?=\S)/g)].map((w) => w.index! + (w[0].length ? 1 : 0)).slice(-MAX_TITLE_WORDS);
    const hit = starts.map((i) => before.slice(i)).find((said) => kb.catalog.tmdbOnly(said).some((f) => f.year === y[1] && f.title === said.trim()));
    if (hit) out.push({ name: hit.trim(), start: y.index! - hit.length, end: y.index! });
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
