import { describe, expect, it } from "vitest";
import { findPeriods } from "../../src/question/stages/periods";
import { EARLIEST_FILM_YEAR, periodSense, rememberedYears } from "../../src/question/stages/remembered-years";

const years = (q: string) => rememberedYears(q, findPeriods(q));
const senses = (q: string) => findPeriods(q).map((p) => periodSense(q, p));

describe("the years a film told from memory came out in", () => {
  it.each([
    ["80s-90s buddy cop movie", { from: 1980, to: 1999 }],
    ["Probably 80s or 90s. A comedy jungle movie set in Africa", { from: 1980, to: 1999 }],
    ["late 90s early 2000s movie about a kid in a ghetto", { from: 1996, to: 2003 }],
    ["1950s-1960s. Three women in Paris who each have their own romances", { from: 1950, to: 1969 }],
  ])("periods said of one film are alternatives: their span, not their overlap: %s", (q, want) => expect(years(q)).toEqual(want));

  it("a film is no newer than when it was watched", () => {
    expect(years("I saw this on TV as a kid in the 90s. A boy finds a dragon egg")).toEqual({ from: EARLIEST_FILM_YEAR, to: 1999 });
    expect(years("It's probably from the 80s or 90s, I watched it in 1994")).toEqual({ from: 1980, to: 1994 });
    // Watched after the release said: the release stands.
    expect(years("a 60s movie I saw on cable in the 90s")).toEqual({ from: 1960, to: 1969 });
  });

  it("the story's own time and a period said against are no guess at the release", () => {
    expect(years("a drama set in the 1930s about a family of farmers")).toBeUndefined();
    expect(years("a war film that takes place in the 1940s, made in the 80s")).toEqual({ from: 1980, to: 1989 });
    expect(years("I was born in 1995 and watched it as a kid")).toBeUndefined();
    expect(years("a horror movie, not from the 2000s")).toBeUndefined();
  });

  it("reads each period by the words of its own clause", () => {
    expect(senses("a 90s movie I saw as a kid")).toEqual(["release"]);
    expect(senses("I remember watching it on TV in the early 2000s")).toEqual(["watched"]);
    expect(senses("I think it was from the 70s")).toEqual(["release"]);
    expect(senses("set back in the 1800s, saw it in 2005")).toEqual(["story-time", "watched"]);
  });
});

describe("a person's age is no period", () => {
  it.each([
    ["a man in his 40s goes back to school", []],
    ["a woman in her late 30's", []],
    ["when I was in my 20s", []],
    ["films of the 30s", [[1930, 1939]]],
  ])("%s", (q, want) => expect(findPeriods(q).map((p) => [p.from, p.to])).toEqual(want));
});
