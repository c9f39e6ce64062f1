import { genderOfName } from "../../src/linking/name-gender";
import { choose, collect, famousFirst, fill, slug, usageCap } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { filmFame, filmsOf, isClearTitle, isMerged, isPlainPersonName, personFame, type World } from "./world";

/** How many items each generator of this file aims for. */
const PER_KIND = 8;

/**
 * Characters and an actor who played them in several films, as a user knows them (the generator's knowledge, not the
 * KB's: the KB records no characters). The KB's tag of the character's name decides which of the actor's films are
 * gold; a pair whose actor has fewer than two films so tagged is not asked.
 */
const PLAYED: readonly (readonly [string, string])[] = [
  ["Sean Connery", "james bond"], ["Roger Moore", "james bond"], ["Pierce Brosnan", "james bond"], ["Daniel Craig", "james bond"],
  ["Harrison Ford", "indiana jones"], ["Harrison Ford", "jack ryan"], ["Christopher Lee", "dracula"], ["Bela Lugosi", "dracula"],
  ["Clint Eastwood", "dirty harry"], ["Sylvester Stallone", "rambo"], ["Hugh Jackman", "wolverine"], ["Christian Bale", "batman"],
  ["Christopher Reeve", "superman"], ["Basil Rathbone", "sherlock holmes"], ["Johnny Weissmuller", "tarzan"], ["Daniel Radcliffe", "harry potter"],
  ["Mel Gibson", "mad max"], ["Anthony Hopkins", "hannibal lecter"], ["Matt Damon", "jason bourne"], ["Peter Sellers", "inspector clouseau"],
];

/**
 * count and list (a character an actor plays, which the KB tags): "how many movies did {a} play {c} in?" Gold: the
 * actor's films tagged with the character's name, 2–12 of them, none merged.
 */
export function generatePlayedCharacters(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "played-character", { typoRate: 0, surnameRate: 0 });
  const pairs = PLAYED.map(([a, c]) => ({ a, c, films: [...w.films.values()].filter((f) => f.tags.includes(c) && f.actors.includes(a)).map((f) => f.title).sort() }));
  const candidates = famousFirst(
    pairs.filter((p) => p.films.length >= 2 && p.films.length <= 12 && !p.films.some((f) => isMerged(w, f))),
    (p) => personFame(w, p.a),
    v.rand,
    40,
  );
  return collect(candidates, n, (p, made) => {
    const slots = { a: v.person(p.a), c: p.c };
    if (made % 2 === 0) {
      const [k, text] = choose(v.rand, ["how many movies did {a} play {c} in?", "how many times did {a} play {c}?", "in how many films did {a} play {c}?"]);
      return item("count", `played-character-${k}`, slug(p.a, p.c), v.finish(fill(text, slots)), p.films, { kind: "count", count: p.films.length });
    }
    const [k, text] = choose(v.rand, ["in which films did {a} play {c}?", "what movies did {a} play {c} in?"]);
    return item("list", `played-character-list-${k}`, slug(p.a, p.c), v.finish(fill(text, slots)), p.films);
  });
}

/**
 * fact (the women of a cast asked): "which actress starred in {t}?" Gold: the one cast member whose first name the
 * name lists give as a woman's, in a cast of three or more whose first member, as the KB lists it, is a man. The
 * gender is read with the same name lists the service uses (the KB records none): this measures the reading, not
 * the lists.
 */
export function generateCastWomen(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "cast-women");
  const texts = ["which actress starred in {t}?", "who was the female lead in {t}?", "what actress was in {t}?"];
  const films = famousFirst([...w.films.values()].filter((f) => isClearTitle(w, f.title) && f.actors.length >= 3), (f) => filmFame(w, f.title), v.rand, 150);
  return collect(films, n, (f) => {
    const women = f.actors.filter((a) => genderOfName(a) === "female");
    // A first name given to both (Jamie, Jordan) is left out of the gold either way: the lists give it one gender.
    if (f.actors.some((a) => UNISEX.has(a.split(" ")[0]!.toLowerCase()))) return undefined;
    const sorted = [...f.actors].sort();
    if (women.length !== 1 || genderOfName(sorted[0]!) !== "male") return undefined;
    const [k, text] = choose(v.rand, texts);
    return item("fact", `cast-women-${k}`, slug(f.title), v.finish(fill(text, { t: v.title(f.title) })), women);
  });
}

const UNISEX = new Set(["jamie", "jordan", "taylor", "casey", "kelly", "leslie", "robin", "sidney", "sydney", "dana", "lynn", "marion", "terry", "tracy", "shannon", "stacy", "jean", "kim", "alexis", "ashley", "cameron", "drew", "jody", "jessie", "frankie", "billie", "bobbie", "carol", "evelyn", "hilary", "lindsay", "morgan", "pat", "chris", "sam", "alex", "charlie", "jackie", "joey", "toni", "tony", "gene", "laurie", "lee", "dale", "val"]);

/**
 * list (a kind of film with a language taken away): "{g} films not in English". Gold: the genre's films whose listed
 * languages do not include English (films with no language listed are not known to be outside it).
 */
export function generateNotInLanguage(w: World, seed: number): NaturalItem[] {
  const v = voice(w, seed, "not-in-language");
  const genres = ["Comedy", "Horror", "Thriller", "Romance", "War", "Western", "Action", "Crime"];
  const texts = ["{g} films not in english", "{g} movies that are not in English", "show me {g} films that aren't in english"];
  return genres.flatMap((g) => {
    const gold = [...w.films.values()].filter((f) => f.genres.includes(g) && f.languages.length > 0 && !f.languages.includes("English")).map((f) => f.title).sort();
    if (gold.length < 3) return [];
    const [k, text] = choose(v.rand, texts);
    return [item("list", `not-in-language-${k}`, slug(g), v.finish(fill(text, { g: g.toLowerCase() })), gold)];
  });
}

/**
 * fact (a career's start): "what year did {a} start acting?" Gold: the earliest KB year among the
 * person's films in that role, when no other film of theirs shares it, 3 films or more, none merged.
 */
export function generateCareerEnds(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "career-end", { typoRate: 0 });
  const roles = [
    { role: "acted", verb: "acting" },
    { role: "directed", verb: "directing" },
  ] as const;
  const texts = ["what year did {a} start {v}?", "when did {a} begin {v}?", "in what year did {a} start {v}?"];
  const people = famousFirst([...w.people.acted.keys(), ...w.people.directed.keys()].filter((p, i, all) => all.indexOf(p) === i && isPlainPersonName(p)), (p) => personFame(w, p), v.rand, 200);
  return collect(people, n, (p, made) => {
    const r = roles[made % roles.length]!;
    const films = filmsOf(w, p, r.role).filter((f) => !isMerged(w, f));
    if (films.length < 3 || films.length !== filmsOf(w, p, r.role).length) return undefined;
    const [k, text] = choose(v.rand, texts);
    const years = films.map((f) => Number(w.films.get(f)!.years[0]));
    const pick = Math.min(...years);
    if (years.filter((y) => y === pick).length !== 1) return undefined;
    return item("fact", `career-end-${k}`, slug(p, r.verb), v.finish(fill(text, { a: v.person(p), v: r.verb })), [String(pick)]);
  });
}

/**
 * fact (one person asked by a singular noun, films joined by "and"): "which actor starred in {x} and {y}?" Gold: the
 * one actor both casts share, two unmerged films of clear titles.
 */
export function generateSharedActor(w: World, seed: number, n = PER_KIND): NaturalItem[] {
  const v = voice(w, seed, "shared-actor");
  const texts = ["which actor starred in {x} and {y}?", "who is the actor who played in {x} and {y}?", "name the actress who was in {x} and {y}"];
  const films = famousFirst([...w.films.values()].filter((f) => isClearTitle(w, f.title) && f.actors.length >= 2), (f) => filmFame(w, f.title), v.rand, 200);
  const cap = usageCap(1);
  return collect(films, n, (f, made) => {
    for (const a of f.actors) {
      const others = filmsOf(w, a, "acted").filter((g) => g !== f.title && isClearTitle(w, g) && filmFame(w, g) > 500);
      const g = others.find((x) => w.films.get(x)!.actors.filter((b) => f.actors.includes(b)).length === 1);
      if (!g || !cap.fits([a])) continue;
      const text = texts[made % texts.length]!;
      // "the actress": only of someone the name lists give as a woman; else the actor.
      if (text.includes("actress") && (genderOfName(a) !== "female" || UNISEX.has(a.split(" ")[0]!.toLowerCase()))) continue;
      cap.use([a]);
      return item("fact", `shared-actor-${made % texts.length}`, slug(f.title, g), v.finish(fill(text, { x: v.title(f.title), y: v.title(g) })), [a]);
    }
    return undefined;
  });
}
