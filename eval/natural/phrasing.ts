import { fnv1a32 } from "../../src/util/hash";
import { seededRandom } from "../../src/util/random";
import { foldText } from "../../src/util/text";
import type { World } from "./world";

/**
 * How real users type: lowercase, no question mark, "flicks", decades as "the 90s", a surname for
 * a famous director, a one-letter slip in a name. Every choice is drawn from a seeded stream, so
 * the same seed gives the same set.
 */
export interface Voice {
  rand: () => number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
  /** A person as a user would name them: full name, sometimes the surname, sometimes with a typo. */
  person(name: string): string;
  /** A film title as typed, sometimes with a typo or in lowercase. */
  title(title: string): string;
  /** "films", "movies" or "flicks". */
  films(): string;
  decade(decade: number): string;
  /** Lowercases or drops the question mark now and then. */
  finish(question: string): string;
}

export function voice(w: World, seed: number, stream: string, o: { typoRate?: number; surnameRate?: number } = {}): Voice {
  const rand = seededRandom(fnv1a32(`${seed}:${stream}`));
  const typoRate = o.typoRate ?? 0.12;
  const surnameRate = o.surnameRate ?? 0.5;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const chance = (p: number) => rand() < p;
  const slip = (name: string) => (chance(typoRate) ? (typo(name, rand, w.entities) ?? name) : name);
  return {
    rand,
    pick,
    chance,
    person(name) {
      const s = surnameOf(w, name);
      if (s && chance(surnameRate)) return s;
      return slip(name);
    },
    title(title) {
      const t = slip(title);
      return chance(0.15) ? t.toLowerCase() : t;
    },
    films: () => pick(["films", "movies", "movies", "films", "flicks"]),
    decade: (d) => decadePhrase(d, pick),
    finish(q) {
      let out = q;
      if (chance(0.3)) out = out.replace(/\?$/, "");
      if (chance(0.25)) out = out.toLowerCase();
      return out;
    },
  };
}

const DECADE_WORDS: Record<number, string> = { 20: "twenties", 30: "thirties", 40: "forties", 50: "fifties", 60: "sixties", 70: "seventies", 80: "eighties", 90: "nineties" };

/** "the 90s", "the nineties", "the 1990s"; the 2000s and later only by number. */
export function decadePhrase(decade: number, pick: <T>(xs: readonly T[]) => T): string {
  if (decade >= 2000) return pick([`the ${decade}s`, `the ${decade}s`, `the ${decade}'s`]);
  const short = decade % 100;
  return pick([`the ${short}s`, `the ${DECADE_WORDS[short] ?? `${decade}s`}`, `the ${decade}s`, `the '${short}s`]);
}

/**
 * One slip of one letter (dropped, doubled or a vowel swapped) inside a word of five letters or
 * more, never the first letter, and never producing another KB name.
 */
export function typo(name: string, rand: () => number, taken: ReadonlySet<string>): string | undefined {
  const words = [...name.matchAll(/\p{L}{5,}/gu)];
  if (!words.length) return undefined;
  const m = words[Math.floor(rand() * words.length)]!;
  const at = m.index! + 1 + Math.floor(rand() * (m[0].length - 2));
  const c = name[at]!;
  const op = Math.floor(rand() * 3);
  const vowels = "aeiou";
  let out: string;
  if (op === 0) out = name.slice(0, at) + name.slice(at + 1);
  else if (op === 1) out = name.slice(0, at) + c + name.slice(at);
  else if (vowels.includes(c)) out = name.slice(0, at) + vowels[(vowels.indexOf(c) + 1) % 5]! + name.slice(at + 1);
  else out = name.slice(0, at) + name.slice(at + 1);
  return out !== name && !taken.has(out) ? out : undefined;
}

const surnames = new WeakMap<World, Map<string, string>>();

/**
 * The surname a famous person can be called by: they have at least ten films, and no one else with
 * that surname has a third as many or five films at all ("Jackson" is Samuel L. and Peter, "Allen"
 * Woody and Tim); a surname that is also a film title or a plain English word is never used.
 */
export function surnameOf(w: World, person: string): string | undefined {
  let table = surnames.get(w);
  if (!table) {
    table = buildSurnames(w);
    surnames.set(w, table);
  }
  const s = lastWord(person);
  return s && table.get(foldText(s)) === person ? s : undefined;
}

const PARTICLES = new Set(["de", "van", "von", "del", "della", "di", "da", "du", "le", "la", "der", "den"]);

/** "Spielberg", "De Niro", "Jackson" for "Samuel L. Jackson"; none for names a surname does not end cleanly. */
function lastWord(name: string): string | undefined {
  const words = name.trim().split(/\s+/);
  const last = words[words.length - 1]!;
  if (words.length < 2 || !/^\p{Lu}\p{L}{2,}$/u.test(last)) return undefined;
  const before = words[words.length - 2]!;
  if (PARTICLES.has(before.toLowerCase())) return words.length >= 3 ? `${before} ${last}` : undefined;
  if (words.length === 2) return last;
  return words.length === 3 && /^\p{Lu}\.$/u.test(words[1]!) ? last : undefined;
}

function buildSurnames(w: World): Map<string, string> {
  const counts = new Map<string, Set<string>>();
  for (const role of Object.values(w.people)) for (const [p, films] of role) {
    let s = counts.get(p);
    if (!s) counts.set(p, (s = new Set()));
    for (const f of films) s.add(f);
  }
  const bySurname = new Map<string, { person: string; n: number }[]>();
  for (const [p, films] of counts) {
    const s = lastWord(p);
    if (!s) continue;
    const k = foldText(s);
    bySurname.set(k, [...(bySurname.get(k) ?? []), { person: p, n: films.size }]);
  }
  const titles = new Set([...w.films.keys()].map(foldText));
  const out = new Map<string, string>();
  for (const [k, list] of bySurname) {
    list.sort((a, b) => b.n - a.n);
    const [top, second] = list;
    const plainWord = (w.plotWords.get(k) ?? 0) > 8; // "without Hope" reads as English, not as Bob Hope
    if (top && top.n >= 10 && (second?.n ?? 0) < 5 && (second?.n ?? 0) * 3 <= top.n && !titles.has(k) && !plainWord) out.set(k, top.person);
  }
  return out;
}
