import type { KnowledgeBase } from "../../kb/knowledge-base";
import type { EntityRef, FilmConstraintInput } from "../../plan/schema";
import type { Built, DraftPart } from "../rules/types";
import { STOP_WORDS, capitalised, foldText, opensSentence, type WordToken } from "../../util/text";
import { GROUP_WORDS } from "../lexicon/linking";
import { linksWhole } from "../../linking/match";
import { COMMON_WORD_SHARE } from "./calibrate";

/**
 * People named together by their shared surname: "the Coen brothers", "the Marx Brothers", "the Coens". The words
 * said, the KB people they stand for (most films first) and where they were said.
 */
export interface MakerGroup {
  said: string;
  members: string[];
  tokenStart: number;
  tokenEnd: number;
}

/**
 * A surname and a group word the KB holds no team of and no tag names ("the Dardenne brothers": the KB credits Luc
 * alone): a name the KB lacks, with its people of that surname as the closest.
 */
export interface UnheldGroup {
  said: string;
  closest: string[];
  tokenStart: number;
  tokenEnd: number;
}

const GROUP_WORD_SET: ReadonlySet<string> = new Set(GROUP_WORDS);
/** A surname names at most this many people of a group (a family of actors, a team of writers). */
const MAX_MEMBERS = 6;
/** People of one surname linked by it, at most: enough for a common surname's makers. */
const SURNAME_CANDIDATES = 80;
const CREDITS = ["DIRECTED", "WROTE", "ACTED_IN"] as const;
const MAKING = ["DIRECTED", "WROTE"] as const;

/**
 * Groups named by a surname, by evidence: the KB must hold two or more people of that surname who made a film
 * together. Said with a group word ("the Farrelly brothers", "Marx Brothers") one shared film, in any role, is
 * enough; said as a plural surname alone ("the Coens") it takes two films they directed or wrote together, since
 * "the Simpsons" or "the Joneses" name a family more often than a team of film makers. A surname no two such people
 * share names no group, and its words stay for the other readings.
 */
export async function makerGroups(text: string, tokens: readonly WordToken[], kb: KnowledgeBase): Promise<{ groups: MakerGroup[]; unheld: UnheldGroup[] }> {
  const groups: MakerGroup[] = [];
  const unheld: UnheldGroup[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const said = saidAt(text, tokens, i);
    if (!said) continue;
    const people = peopleOf(said.surname, kb);
    const members = await groupOf(people, kb, said.withWord ? 1 : 2, said.withWord ? CREDITS : MAKING);
    const span = { said: text.slice(tokens[said.start]!.start, tokens[said.end - 1]!.end), tokenStart: said.start, tokenEnd: said.end };
    if (members.length >= 2) groups.push({ ...span, members });
    else if (said.withWord && surnameSaid(text, tokens, i, kb) && !taggedGroup(said.surname, kb)) unheld.push({ ...span, closest: people.slice(0, 5) });
    else continue;
    i = said.end - 1;
  }
  return { groups, unheld };
}

/**
 * A word before a group word is a surname when written as a name inside a sentence or all but absent from plots
 * ("Dardenne brothers"; not "two brothers", nor "Two brothers" opening a sentence).
 */
function surnameSaid(text: string, tokens: readonly WordToken[], i: number, kb: KnowledgeBase): boolean {
  const t = tokens[i]!;
  return !STOP_WORDS.has(t.folded) && ((capitalised(t.text) && !opensSentence(text, tokens, i)) || kb.words.share(t.folded) < COMMON_WORD_SHARE);
}

/** "[the] Coen brothers" (a surname and a group word), or "the Coens" (the plural of a surname written as a name). */
function saidAt(text: string, tokens: readonly WordToken[], i: number): { surname: string; start: number; end: number; withWord: boolean } | undefined {
  const t = tokens[i]!;
  const start = tokens[i - 1]?.folded === "the" ? i - 1 : i;
  if (GROUP_WORD_SET.has(tokens[i + 1]?.folded ?? "") && /^\p{L}{2,}$/u.test(t.text)) return { surname: t.folded, start, end: i + 2, withWord: true };
  const plural = /^\p{Lu}\p{L}+s$/u.test(t.text) && tokens[i - 1]?.folded === "the" ? t.folded.slice(0, -1) : undefined;
  return plural && plural.length >= 3 ? { surname: plural, start: i - 1, end: i + 1, withWord: false } : undefined;
}

/** A tag names the group ("wachowski brothers" on The Matrix, "hughes brothers"): its films are found by their tag, so the group is no name the KB lacks. */
function taggedGroup(surname: string, kb: KnowledgeBase): boolean {
  return GROUP_WORDS.some((w) => [`${surname} ${w}`, `the ${surname} ${w}`].some((tag) => kb.linker.link(tag, { types: ["Tag"], limit: 1, exact: true }).some(linksWhole)));
}

/** The KB people whose last name is the surname, as the linker ranks them. */
function peopleOf(surname: string, kb: KnowledgeBase): string[] {
  return [...new Set(kb.linker.link(surname, { types: ["Person"], limit: SURNAME_CANDIDATES }).map((c) => c.id))].filter((id) => lastWord(id) === surname);
}

/** The people of a surname who share `least` films in the credits given with another of them, most films first. */
async function groupOf(people: readonly string[], kb: KnowledgeBase, least: number, credits: readonly ("DIRECTED" | "WROTE" | "ACTED_IN")[]): Promise<string[]> {
  if (people.length < 2) return [];
  const films = await kb.graph.neighborsMany(people, { edges: [...credits], direction: "out" });
  const filmsOf = (p: string) => new Set((films.get(p) ?? []).map((n) => n.id));
  const shares = (a: string, b: string) => [...filmsOf(a)].filter((f) => filmsOf(b).has(f)).length >= least;
  const together = people.filter((p) => people.some((q) => q !== p && shares(p, q)));
  return together.sort((a, b) => filmsOf(b).size - filmsOf(a).size || (a < b ? -1 : 1)).slice(0, MAX_MEMBERS);
}

function lastWord(name: string): string {
  return foldText(name).split(" ").pop() ?? "";
}

/**
 * A plan's constraints on a group's first member, said in the group's words, read as the group: a film of any of
 * them ("the Coen brothers' comedies" are Joel's and Ethan's). A relation asked of the group starts from all of them.
 */
export function withGroups(built: Built, groups: readonly MakerGroup[]): Built {
  if (!groups.length) return built;
  const groupOf = (v: unknown) => (v && typeof v === "object" && "id" in v && "said" in v ? groups.find((g) => g.members[0] === (v as EntityRef).id && g.said === (v as EntityRef).said) : undefined);
  const asGroup = (c: FilmConstraintInput): FilmConstraintInput => {
    const g = c.on === "person" ? groupOf(c.who) : undefined;
    if (c.on !== "person" || !g) return c;
    return { on: "group", name: g.said, members: g.members.map((id) => ({ id, type: "Person" as const })), ...(c.role ? { role: c.role } : {}), negated: c.negated ?? false };
  };
  const parts = built.parts.map((p): DraftPart => {
    if (p.kind === "films" || p.kind === "open") return { ...p, where: (p.where ?? []).map(asGroup) } as DraftPart;
    if (p.kind === "similar") return { ...p, where: (p.where ?? []).map(asGroup) };
    if (p.kind === "plot") return { ...p, hints: (p.hints ?? []).map(asGroup) };
    if (p.kind !== "lookup") return p;
    // Started from alone, the group is all of its people; beside other names, its people stand where it stood.
    const alone = p.from.length === 1 && groupOf(p.from[0]) !== undefined;
    const from = p.from.flatMap((v) => {
      const g = groupOf(v);
      return g ? g.members.map((id) => ({ id, type: "Person" as const, said: g.said })) : [v];
    });
    return { ...p, from: from.slice(0, 5), ...(alone ? { join: "either" as const } : {}), within: (p.within ?? []).map(asGroup) };
  });
  return { ...built, parts };
}
