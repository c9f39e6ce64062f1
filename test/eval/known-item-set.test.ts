import { describe, expect, it } from "vitest";
import { cutToCap } from "../../eval/open-requests/cap";
import { filmIndex, foldTitle, matchFilm } from "../../eval/open-requests/film-match";
import { loadKnownItemSet, parseTomtLines, peopleNames, toKnownItems, type TomtRow } from "../../eval/known-item/load";
import { hasDecadeHint, knownItemCategory, namesAnswer, requestText, requestTitle, KNOWN_ITEM_CATEGORIES } from "../../eval/known-item/request";
import { rawKbFromTriples } from "../../eval/real/raw-kb";
import { hasRealData, realConfig } from "../helpers/real-kb";

// A tiny fictional KB: two films, one of them a merged remake title, and their people.
const kb = rawKbFromTriples(
  [
    "Glass Orchard|release_year|1994",
    "Glass Orchard|starred_actors|Mira Solberg",
    "Glass Orchard|directed_by|The Lanterns",
    "Marley and Moth|release_year|2008",
    "Marley and Moth|release_year|1961",
    "Marley and Moth|starred_actors|Oskar Fenn",
    "Élan|release_year|2001",
  ].map((l) => l.split("|") as [string, string, string]),
);

const row = (id: string, title: string, text: string, answer: { title: string; year: string }[]): TomtRow => ({ id, split: "validation", title, text, url: `https://example.invalid/${id}`, answer, origin: "fixture" });

describe("known-item requests: the post as a person typed it", () => {
  it("drops the type tags, keeps the words of every other bracket", () => {
    expect(requestTitle("[TOMT][Movie][2000s] Kids find a glass orchard")).toBe("2000s Kids find a glass orchard");
    expect(requestTitle("[TOMT] [movie?] [Low budget][Black and white] (?) robots")).toBe("Low budget Black and white (?) robots");
    expect(requestTitle("[TOMT][FILM]")).toBe("");
    expect(requestText("[TOMT][Movie]", "  only the text  ")).toBe("only the text");
    expect(requestText("[TOMT] A title", "A text.")).toBe("A title\n\nA text.");
  });

  it("cuts a post over the cap at the last sentence end, or at a word when no sentence end keeps half of it", () => {
    const sentences = `${"One two three. ".repeat(10)}Four five six seven`;
    const s = cutToCap(sentences, 100);
    expect(s.cut).toBe(true);
    expect(s.text.endsWith(".")).toBe(true);
    expect([...s.text].length).toBeLessThanOrEqual(100);
    const words = cutToCap(`Intro. ${"word ".repeat(40)}`, 100);
    expect(words.cut).toBe(true);
    expect(words.text).toMatch(/word$/);
    expect([...words.text].length).toBeLessThanOrEqual(100);
    // Code points, as the service counts them: 60 emoji are 60 characters, not 120.
    expect(cutToCap("🎬".repeat(60), 100)).toEqual({ text: "🎬".repeat(60), cut: false });
    expect(cutToCap("short", 100)).toEqual({ text: "short", cut: false });
  });

  it("reads a decade or a year as a hint, an age as none", () => {
    for (const yes of ["a 90s movie", "late '80s", "the 1990s", "early 2000's", "made in 2005", "80’s horror"]) expect(hasDecadeHint(yes), yes).toBe(true);
    for (const no of ["a man in his 30s", "in her early 20s", "about 100 people", "two kids"]) expect(hasDecadeHint(no), no).toBe(false);
  });

  it("labels each request by what it gives, the first that applies", () => {
    const people = peopleNames(kb);
    expect(people.has("mira solberg")).toBe(true);
    expect(people.has("the lanterns")).toBe(false);
    expect(knownItemCategory("A film about apples.\n\nEdit: solved, it was Glass Orchard!", ["Glass Orchard"], people)).toBe("solved-in-text");
    // Naming the title without saying it was solved is a guess, not a leak.
    expect(namesAnswer("Is it Glass Orchard? No, that is about apples.", ["Glass Orchard"])).toBe(false);
    expect(knownItemCategory("90s film, I think mira solberg was in it", ["Glass Orchard"], people)).toBe("person-hint");
    expect(knownItemCategory("90s film about apples", ["Glass Orchard"], people)).toBe("decade-hint");
    expect(knownItemCategory("an animated film about apples", ["Glass Orchard"], people)).toBe("animation-hint");
    expect(knownItemCategory("a film about apples", ["Glass Orchard"], people)).toBe("plain");
  });

  it("checks every gold film against the KB (title, and a year within one) and reports the ones that are not", () => {
    const { items, cut, problems } = toKnownItems(
      [
        row("a1", "[TOMT][Movie] apples", "x".repeat(10), [{ title: "Glass Orchard", year: "1995" }]),
        row("a2", "[TOMT] moths", "", [{ title: "Marley and Moth", year: "1961" }, { title: "Marley and Moth", year: "2008" }]),
        row("a3", "[TOMT] missing", "text", [{ title: "No Such Film", year: "2000" }]),
        row("a4", "[TOMT] wrong year", "text", [{ title: "Glass Orchard", year: "1990" }]),
        row("a5", "[TOMT] long", `${"A sentence here. ".repeat(150)}`, [{ title: "Élan", year: "2001" }]),
      ],
      kb,
      peopleNames(kb),
    );
    expect(items.map((i) => i.id)).toEqual(["ki:tomt:a1", "ki:tomt:a2", "ki:tomt:a3", "ki:tomt:a4", "ki:tomt:a5"]);
    expect(items[0]!.question).toBe("apples\n\nxxxxxxxxxx");
    expect(items[1]!.answers).toEqual(["Marley and Moth"]);
    expect(problems).toEqual([
      { id: "ki:tomt:a3", title: "No Such Film", year: "2000" },
      { id: "ki:tomt:a4", title: "Glass Orchard", year: "1990" },
    ]);
    expect(cut).toBe(1);
    expect(items[4]!.cut).toBe(true);
  });

  it("as titles alone, asks each post's title and counts the posts whose title is type tags only", () => {
    const { items, untitled } = toKnownItems(
      [
        row("t1", "[TOMT][Movie][1990s] Kids find a glass orchard", "They eat the glass apples.", [{ title: "Glass Orchard", year: "1994" }]),
        row("t2", "[TOMT][MOVIE]", "A moth and a dog.", [{ title: "Marley and Moth", year: "2008" }]),
      ],
      kb,
      peopleNames(kb),
      "title",
    );
    expect(items.map((i) => [i.id, i.question])).toEqual([["ki:tomt:t1", "1990s Kids find a glass orchard"]]);
    expect(untitled).toBe(1);
  });

  it("names the line of a bad row", () => {
    expect(() => parseTomtLines('{"id":"x"}\n', "f.jsonl")).toThrow(/^f\.jsonl:1: /);
    expect(() => parseTomtLines("not json", "f.jsonl")).toThrow(/f\.jsonl:1: not JSON/);
  });

  it("refuses the held-out test split and a split it does not have", () => {
    expect(() => loadKnownItemSet("/nonexistent", "test")).toThrow(/held out/);
  });
});

describe("film matching: a title and year to KB names", () => {
  it("takes the exact title first, then a folded one, within a year", () => {
    const index = filmIndex(kb);
    expect(foldTitle("Marley & Moth!")).toBe("marley and moth");
    expect(matchFilm(index, "Marley & Moth", 2009)).toEqual(["Marley and Moth"]);
    expect(matchFilm(index, "Elan", 2000)).toEqual(["Élan"]);
    expect(matchFilm(index, "Elan", 1998)).toEqual([]);
    expect(matchFilm(index, "Glass Orchard", 1994)).toEqual(["Glass Orchard"]);
  });
});

describe.skipIf(!hasRealData)(`known-item set on the real data${hasRealData ? "" : " (skipped: no data)"}`, () => {
  it("reads every validation request with a KB gold, labels each, and cuts only over-long posts", () => {
    const set = loadKnownItemSet(realConfig.dataDir!, "dev");
    expect(set.items.length).toBe(426);
    expect(new Set(set.items.map((i) => i.id)).size).toBe(426);
    for (const i of set.items) {
      expect(KNOWN_ITEM_CATEGORIES).toContain(i.category);
      expect([...i.question].length).toBeLessThanOrEqual(2000);
      // The title's type tags are gone (a post's text may repeat them: it is kept verbatim).
      expect(i.question).not.toMatch(/^\s*\[(tomt|movie)\]/i);
      expect(i.answers.length).toBeGreaterThan(0);
    }
    expect(set.cut).toBe(set.items.filter((i) => i.cut).length);
    expect(set.cut).toBeGreaterThan(0);
  });
});
