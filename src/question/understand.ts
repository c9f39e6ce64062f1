import { withGroups } from "./stages/maker-groups";
import type { KnowledgeBase } from "../kb/knowledge-base";
import type { EntityLinker, Mention } from "../ports/entity-linker";
import { linksWhole } from "../linking/match";
import { fitPlan } from "../plan/fit";
import type { QueryPlan, PlanPartInput, QueryPlanInput } from "../plan/schema";
import { analyzeQuestion, MAX_MENTIONS, type QuestionAnalysis } from "./analyze";
import { understandingFailed } from "./fallback";
import { headlineOf, normalizeQuestion } from "./normalize";
import { CONFIDENT, readClause, type Reading } from "./reading";
import { applyRules } from "./rules/engine";
import { unknownPart } from "./rules/build-paths";
import { tmdbOnlyHeld } from "./rules/tmdb-only-compare";
import { tmdbOnlyName } from "../plan/schema";
import { local, type Built, type DraftPart } from "./rules/types";
import { aliasedLinker } from "./stages/aliases";
import { calibratedLinker } from "./stages/calibrate";
import { outOfDomain } from "./stages/domain";
import { allSmallTalk, detectSmallTalk, setAsideSmallTalk } from "./stages/smalltalk";
import { hasBackReference, resolveBackReference, splitOverFilms, splitQuestion } from "./stages/split";
import { isOneRequest } from "./stages/open-request";
import { linkKey, listNames, wordTokens } from "../util/text";
import { FILM_PRONOUNS, PERSON_PRONOUNS, PLURAL_PRONOUNS } from "./lexicon/followup";
import { correctSpelling, joinSplitWords, type SpellingVocabulary } from "./stages/spelling";

/** The question read: its plan, the clauses it was read from, and one line per pass for the trace. */
export interface Understanding {
  plan: QueryPlan;
  readings: Reading[];
  stages: string[];
}

const isNamed = (t: { types: readonly string[]; confidence: number }, min: number) => (t.types.includes("Movie") || t.types.includes("Person")) && t.confidence >= min;

/** The same mentions for the same text and limit, looked up once per question. */
function memoized(linker: EntityLinker): EntityLinker {
  const seen = new Map<string, Mention[]>();
  return {
    link: (mention, options) => linker.link(mention, options),
    findMentions: (text, options) => {
      const key = `${options?.limit ?? ""}\u0000${text}`;
      let hit = seen.get(key);
      if (!hit) seen.set(key, (hit = linker.findMentions(text, options)));
      return hit;
    },
  };
}

/**
 * Reads a question into a query plan, in passes: normalize the text; small talk; split it into
 * clauses (with "it"/"he" resolved to the first clause's film or person); read each clause's
 * mentions (films, people, kinds, periods, series, unknown names) and wording cues; decide the
 * domain; then rules build each clause's plan parts. No model is called. A plan over the schema's
 * caps is cut to fit, with a note (src/plan/fit.ts); a reading that still fails is answered as a
 * told plot, with the reason (fallback.ts).
 */
export async function understandQuestion(question: string, kb: KnowledgeBase): Promise<Understanding> {
  try {
    return await readQuestion(question, kb);
  } catch (e) {
    return understandingFailed(question, e);
  }
}

async function readQuestion(question: string, kb: KnowledgeBase): Promise<Understanding> {
  const normalized = normalizeQuestion(question);
  const stages: string[] = normalized !== question.trim() ? [`normalize: ${JSON.stringify(normalized)}`] : [];
  // A word inside a name the linker finds, typo and all ("keanu reaves"), is the name's, not a slip of an ordinary word.
  const linker = memoized(calibratedLinker(aliasedLinker(kb.linker), (w) => kb.words.share(w)));
  const linked = linker.findMentions(normalized, { limit: MAX_MENTIONS }).filter((m) => m.confidence >= 0.5 && m.candidates[0] && (m.candidates[0].type === "Person" || m.candidates[0].type === "Movie"));
  const vocabulary = spellingVocabulary(kb);
  const corrected = correctSpelling(normalized, vocabulary, linked);
  const joined = joinSplitWords(corrected.text, vocabulary, (t, start, end) => titleSaidAt(linker, t, start, end));
  const fixes = [...corrected.fixes, ...joined.fixes];
  if (fixes.length) stages.push(`spelling: ${fixes.map((f) => `${JSON.stringify(f.said)} read as ${JSON.stringify(f.read)}`).join(", ")}`);
  const smalltalk = detectSmallTalk(joined.text) ?? (allSmallTalk(joined.text) ? "greeting" : undefined);
  if (smalltalk) return done(question, [{ kind: "reply", reason: smalltalk }], ["reply.smalltalk"], [], [...stages, `smalltalk: ${smalltalk}`]);

  // "Im good. How are you? I like comedies": the sentences of social talk ask nothing; the rest is the request.
  const { text, aside } = setAsideSmallTalk(joined.text);
  if (aside.length) stages.push(`small talk set aside: ${aside.map((s) => JSON.stringify(s)).join(" | ")}`);
  const analyses = new Map<string, QuestionAnalysis>();
  const analyze = (t: string) => analyses.get(t) ?? (analyses.set(t, analyzeQuestion(t, linker)), analyses.get(t)!);
  const names = linker.findMentions(text, { limit: MAX_MENTIONS }).filter((m) => m.confidence >= CONFIDENT && /\s/.test(m.text));
  const headline = headlineOf(question);
  const readings = await readClauses(text, names, kb, analyze, stages, headline !== undefined);
  const ood = outOfDomain(text, readings);
  if (ood) return done(question, [{ kind: "reply", reason: "out_of_domain", said: ood.slice(0, 200) }], ["reply.out-of-domain"], readings, [...stages, `domain: ${ood}`]);

  const parts: PlanPartInput[] = [];
  const answer: string[] = [];
  const rules: string[] = [];
  for (const r of readings) {
    const { built: ruled, fired } = await applyRules(r, { kb, ...(headline ? { headline } : {}) });
    const read = withGroups(ruled, r.groups);
    const checked = uncheckedCondition(r, read);
    const built = listCounted(r, checked);
    answer.push(place(built, parts));
    rules.push(...fired, ...(checked !== read ? ["beyond.unchecked"] : []));
    // A film or person the KB lacks, given beside ones it has, is said to be missing next to the answer about the rest.
    const missing = unknownBeside(r, built);
    if (missing) {
      answer.push(place(missing, parts));
      rules.push("unknown.beside");
    }
    stages.push(`${r.id}: ${fired.join(", ")}: ${describeReading(r)}`);
  }
  return done(question, parts, rules, readings, stages, answer);
}

/** The KB's texts and names, as the spelling pass reads them. */
/** A film's title, linked whole and surely, covers the characters from `start` to `end` and more. */
function titleSaidAt(linker: EntityLinker, text: string, start: number, end: number): boolean {
  return linker.findMentions(text, { limit: MAX_MENTIONS }).some((m) => m.start <= start && m.end >= end && m.end - m.start > end - start && m.confidence >= CONFIDENT && m.candidates[0]?.type === "Movie" && linksWhole(m.candidates[0]));
}

function spellingVocabulary(kb: KnowledgeBase): SpellingVocabulary {
  return {
    uses: (w) => Math.round(kb.words.share(w) * kb.words.documents),
    inName: (w) => nameWord(kb, w),
  };
}

/**
 * Whether a word belongs to a name, so it is no slip to correct: a word of a film's or person's name ("storey"
 * of David Storey), or the same with a possessive "s" and no apostrophe ("wyatt earps revenge").
 */
function nameWord(kb: KnowledgeBase, w: string): boolean {
  const bare = w.endsWith("s") ? w.slice(0, -1) : w;
  const holds = (c: { name: string }) => {
    const words = linkKey(c.name).split(" ");
    return words.includes(w) || words.includes(bare);
  };
  return kb.linker.link(w, { types: ["Person"], limit: 10 }).some(holds) || kb.linker.link(w, { types: ["Movie"], limit: 10 }).some(holds);
}

/** Splits the question into clauses and reads each; a clause naming nothing of its own is about the first clause's film or person. */
async function readClauses(text: string, names: readonly Mention[], kb: KnowledgeBase, analyze: (t: string) => QuestionAnalysis, stages: string[], headed: boolean): Promise<Reading[]> {
  // A film remembered, films asked for, a long story, a headline over its body (a post's title and text): its
  // sentences are one request, not several questions.
  if (headed || isOneRequest(text, wordTokens(text).map((t) => t.folded))) {
    stages.push("one request: its sentences are read together");
    return [await readClause("c1", text, kb, analyze)];
  }
  // "What year did Schindler's List and Saving Private Ryan come out?": one question per film.
  const perFilm = (piece: string) => {
    const a = analyze(piece);
    const films = a.topics.filter((t) => t.confidence >= CONFIDENT && t.type === "Movie").map((t) => ({ start: a.tokens[t.tokenStart]!.start, end: a.tokens[t.tokenEnd - 1]!.end }));
    return splitOverFilms(piece, films, a.answer.edge !== undefined);
  };
  const pieces = splitQuestion(text, names).flatMap((piece) => perFilm(piece.text));
  if (pieces.length > 1) stages.push(`split: ${pieces.length} clauses: ${pieces.map((p) => JSON.stringify(p)).join(" | ")}`);
  const readings: Reading[] = [];
  for (const [i, piece] of pieces.entries()) {
    const first = readings[0];
    // What the first clause was about, even loosely linked ("when was Bravve released and who directed it"); "it" is
    // its film and "he" or "she" its person when it names both ("was Titanic directed by James Cameron and did it win …").
    const anchor = pronounAnchor(piece, first) ?? first?.analysis.topics.find((t) => isNamed(t, 0.5)) ?? first?.analysis.topics.find((t) => isNamed(t, 0.35));
    // A pronoun in lower case is no title ("who directed them" is not the film Them!).
    const own = analyze(piece).topics.some((t) => isNamed(t, CONFIDENT) && !POINTING.has(t.text));
    // "who directed Jaws and what else did he direct": "he" is the person the first clause asks for, named by its role.
    // "which came first, Psycho or Vertigo, and who directed them": "them" is the things the first clause named.
    const said = (i > 0 && !own && (await personAsked(piece, first, kb))) || pluralAnchor(piece, readings) || anchor?.name;
    const resolved = said && i > 0 && !own ? resolveBackReference(piece, said) : piece;
    if (resolved !== piece) stages.push(`back-reference: clause ${i + 1} is about ${said}: ${JSON.stringify(resolved)}`);
    // "who directed se7en? who starred in it?": "it" is the name the first clause could not find.
    // Its words stand elsewhere, so it keeps no place in this clause.
    const inherited = i > 0 && !anchor && !own && hasBackReference(piece) ? (first?.notFound ?? []).map(({ tokenStart: _s, tokenEnd: _e, ...n }) => n) : [];
    // "… and when were they released", "they" several films: one question per film again.
    for (const part of resolved !== piece ? perFilm(resolved) : [resolved]) readings.push(await readClause(`c${readings.length + 1}`, part, kb, analyze, inherited));
  }
  return readings;
}

/**
 * "who directed Jaws and what else did he direct": a personal pronoun, when the first clause names no person but asks
 * one by a role of one film, is that person; the KB is read ahead for it, and only one person is taken as meant.
 */
async function personAsked(piece: string, first: Reading | undefined, kb: KnowledgeBase): Promise<string | undefined> {
  const a = first?.analysis;
  const words = new Set(wordTokens(piece).map((t) => t.folded));
  if (!a || a.answer.type !== "Person" || !a.answer.edge || !ROLE_EDGES_ASKED.has(a.answer.edge) || !PERSON_PRONOUNS.some((w) => words.has(w))) return undefined;
  if (a.topics.some((t) => t.type === "Person" && isNamed(t, 0.5))) return undefined;
  const film = a.topics.find((t) => t.type === "Movie" && isNamed(t, CONFIDENT));
  const people = film ? await kb.graph.neighbors(film.id, { edges: [a.answer.edge], direction: "in" }) : [];
  return people.length === 1 ? people[0]!.id : undefined;
}

const ROLE_EDGES_ASKED: ReadonlySet<string> = new Set(["DIRECTED", "WROTE"]);

const POINTING: ReadonlySet<string> = new Set([...FILM_PRONOUNS, ...PERSON_PRONOUNS, ...PLURAL_PRONOUNS]);

/** "them"/"they" after earlier clauses naming several films (or several people): those names, joined. */
function pluralAnchor(piece: string, earlier: readonly Reading[]): string | undefined {
  if (!wordTokens(piece).some((t) => PLURAL_PRONOUNS.includes(t.folded) && t.text === t.folded)) return undefined;
  const named = [...new Map(earlier.flatMap((r) => r.analysis.topics.filter((t) => isNamed(t, CONFIDENT))).map((t) => [t.name, t])).values()];
  const films = named.filter((t) => t.type === "Movie");
  const people = named.filter((t) => t.type === "Person");
  const several = films.length >= 2 ? films : people.length >= 2 ? people : [];
  return several.length ? listNames(several.map((t) => t.name)) : undefined;
}

/** The first clause's film for "it"/"its", its person for "he"/"she"/"his"/"her", when it names one of that kind. */
function pronounAnchor(piece: string, first: Reading | undefined): Reading["analysis"]["topics"][number] | undefined {
  if (!first) return undefined;
  const words = new Set(wordTokens(piece).map((t) => t.folded));
  const type = FILM_PRONOUNS.some((w) => words.has(w)) ? "Movie" : PERSON_PRONOUNS.some((w) => words.has(w)) ? "Person" : undefined;
  return type ? first.analysis.topics.find((t) => t.type === type && isNamed(t, 0.5)) : undefined;
}

/**
 * A comparison (or a gap between figures) that names fewer than two things the KB has, and a name it lacks: that name is one
 * side, and is said to be missing beside what the KB holds of the other. (Other unknown capitalised
 * words — a character, a people, a place — are facets the rules read or say they cannot check.)
 */
function unknownBeside(r: Reading, built: Built): Built | undefined {
  if (!r.notFound.length || built.parts.some((p) => p.kind === "unknown" || p.kind === "reply" || p.kind === "beyond")) return undefined;
  // A film TMDB lists that a part already holds (a side compared, a film started from) is not missing.
  const compared = tmdbOnlyHeld(built.parts);
  const notFound = r.notFound.filter((n) => !n.tmdb?.some((f) => compared.has(tmdbOnlyName(f))));
  return notFound.length && (r.cues.comparative || r.cues.gap) && r.named.length < 2 ? { parts: [unknownPart({ ...r, notFound })] } : undefined;
}

/**
 * A relation asked of a film or person, with a further condition on a name the KB lacks ("who directed
 * Jurassic Park and went to Cal State Long Beach") or on a place ("when was Beverly Hills Cop released
 * in Germany": the KB holds one release year, no country's date): what the KB holds for the rest, and
 * the condition named as one it cannot check.
 */
function uncheckedCondition(r: Reading, built: Built): Built {
  const [only] = built.parts;
  const conditions = [...new Set([...r.notFound.map((n) => n.text), ...r.ledger.facets.filter((f) => f.kind === "setting").map((f) => f.said)])];
  if (!conditions.length || built.parts.length !== 1 || only?.kind !== "lookup" || !only.path?.length || r.cues.comparative || r.cues.gap) return built;
  return { parts: [only, { kind: "beyond", fact: "other", said: conditions.join(", ").slice(0, 100), about: local(0) }] };
}

/**
 * "Give me three comedies from 2005", "recommend 3 horror films": a list asked with a number gives that many, the
 * best known (or, recommended, the better rated) first. A count, a threshold or a ranking's own size reads the number
 * otherwise.
 */
function listCounted(r: Reading, built: Built): Built {
  const asked = r.cues.listCount;
  const at = built.answer ?? built.parts.length - 1;
  const part = built.parts[at];
  if (!asked || r.cues.count || r.cues.threshold || r.cues.superlative?.count || !part) return built;
  const parts = [...built.parts];
  if (part.kind === "films") parts[at] = { ...part, show: asked.n };
  else if (part.kind === "order" && part.nth === undefined) parts[at] = { ...part, limit: asked.n };
  else return built;
  return { ...built, parts };
}

/** Adds a clause's parts to the plan with ids p1, p2, …, its local references made plan ids; returns the id of the part that answers it. */
function place(built: Built, parts: PlanPartInput[]): string {
  const offset = parts.length;
  const id = (k: number) => `p${offset + k + 1}`;
  const fix = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(fix);
    if (v && typeof v === "object") {
      if ("ref" in v && typeof (v as { ref: unknown }).ref === "string" && (v as { ref: string }).ref.startsWith("#")) return { ref: id(Number((v as { ref: string }).ref.slice(1))) };
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x)]));
    }
    return v;
  };
  built.parts.forEach((p, k) => parts.push({ ...(fix(p) as object), id: id(k) } as PlanPartInput));
  return id(built.answer ?? built.parts.length - 1);
}

function done(question: string, parts: readonly (DraftPart | PlanPartInput)[], rules: string[], readings: Reading[], stages: string[], answer?: string[]): Understanding {
  const withIds = parts.map((p, i) => ({ ...p, id: (p as { id?: string }).id ?? `p${i + 1}` })) as PlanPartInput[];
  const raw: QueryPlanInput = { question, parts: withIds, answer: answer ?? [withIds[withIds.length - 1]!.id], rules };
  const { plan, notes } = fitPlan(raw, { clauses: readings.map((r) => r.text) });
  return { plan, readings, stages: notes.length ? [...stages, ...notes.map((n) => `fit: ${n}`)] : stages };
}

function describeReading(r: Reading): string {
  const group = (t: Reading["named"][number]) => r.groups.find((g) => g.tokenStart === t.tokenStart && g.members[0] === t.id);
  const named = (t: Reading["named"][number]) => {
    const g = group(t);
    return g ? `${g.said} (group: ${g.members.join(", ")})` : `${t.name} (${t.type} ${t.confidence.toFixed(2)})`;
  };
  const names = r.named.map(named).join(", ") || "no names";
  const kinds = r.concepts.filter((c) => c.strong).map((c) => c.label);
  const periods = r.periods.map((p) => `${p.negated ? "not " : ""}${p.from}–${p.to}`);
  const extra = [...(kinds.length ? [`kinds ${kinds.join(", ")}`] : []), ...(periods.length ? [`periods ${periods.join(", ")}`] : []), ...(r.series ? [`series ${r.series.name} (${r.series.films.length}${r.series.tmdbOnly?.length ? ` + ${r.series.tmdbOnly.length} TMDB only` : ""})`] : []), ...(r.notFound.length ? [`not found ${r.notFound.map((n) => n.text).join(", ")}`] : []), ...(r.ruledOut.length ? [`ruled out ${r.ruledOut.map((x) => x.said).join(", ")}`] : [])];
  return [names, ...extra].join("; ");
}

const RECENT = 256;
const recent = new WeakMap<KnowledgeBase, Map<string, Promise<Understanding>>>();

/**
 * understandQuestion for a question read again soon after: a conversation's earlier turns are read
 * for every follow-up, and a follow-up that stands alone is read by the resolver and then by the
 * router. Reading is deterministic for a knowledge base, so the newest readings are kept (per KB,
 * at most 256) and shared; callers must not change what they get.
 */
export function understandRecent(question: string, kb: KnowledgeBase): Promise<Understanding> {
  let byText = recent.get(kb);
  if (!byText) recent.set(kb, (byText = new Map()));
  const hit = byText.get(question);
  if (hit) {
    byText.delete(question);
    byText.set(question, hit);
    return hit;
  }
  const p = understandQuestion(question, kb);
  byText.set(question, p);
  p.catch(() => byText.delete(question));
  if (byText.size > RECENT) byText.delete(byText.keys().next().value!);
  return p;
}
