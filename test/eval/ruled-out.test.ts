import { describe, expect, it } from "vitest";
import { isRuledOut, ruledOutSaid } from "../../eval/known-item/ruled-out";

/** The eval's own reading of ruled-out titles, which checks the product's: what counts as ruled out, and what does not. */
describe("titles a request rules out (the eval's check)", () => {
  it.each([
    ["Brad Pitt screaming with a gun. No, it's not Seven or Fury.", "Fury", true],
    ["Brad Pitt screaming with a gun. No, it's not Seven or Fury.", "Seven", true],
    ["a taxi driver and tons of twists, not the movie Taxi Driver (1976)", "Taxi Driver", true],
    ["a taxi driver and tons of twists, not the movie Taxi Driver (1976)", "Taxi", false],
    ["It's not Friday the 13th but the killer is believed dead", "Friday the 13th", true],
    ["hunted across the desert. Seraphim Falls isn't it.", "Seraphim Falls", true],
    ["it's not a comedy, more like Heat", "Heat", false],
    ["~~It's not Surviving The Game (1994)~~ (oops, yes it was)", "Surviving the Game", false],
  ])("%s → %s ruled out: %s", (question, answer, ruled) => {
    expect(isRuledOut(answer, ruledOutSaid(question))).toBe(ruled);
  });
});
