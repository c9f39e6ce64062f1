import { describe, expect, it } from "vitest";
import { checkClaims } from "../../agents/answering/claims";

const evidence = new Map([
  ["e1", "Heat (1995) was directed by Michael Mann."],
  ["e2", "Heat had a budget of $60,000,000 and earned 187436818."],
  ["e3", "Raiders of the Lost Ark (1981) starred Harrison Ford."],
  ["e4", "Pride and Prejudice (2005) starred Keira Knightley."],
]);
const check = (text: string, trusted: string[] = []) => checkClaims({ text, citations: ["e1", "e2", "e3", "e4"], evidence, trusted });

describe("claims in a model's text, checked against the evidence each sentence cites", () => {
  it.each([
    // [principle, text, unsupported claims]
    ["a name and a year its cited source states are supported", "Heat was directed by Michael Mann in 1995 [1].", []],
    ["a name only another source states is not supported by the one cited", "Harrison Ford directed Heat [1].", ["Harrison Ford"]],
    ["a year the cited source does not state is marked", "Michael Mann made Heat in 1996 [1].", ["1996"]],
    ["thousands separators do not matter", "Its budget was 60000000 dollars and it earned 187,436,818 [2].", []],
    ["a title with of/the inside is one name", "Raiders of the Lost Ark came out in 1981 [3].", []],
    ["a sentence citing nothing is checked against every source the text cites", "Harrison Ford starred in Raiders of the Lost Ark.", []],
    ["a capitalised word opening a sentence is not a name; a pronoun never is", "Yes. He made it in 1995 [1].", []],
    ["an invented person is marked even where the sentence cites nothing", "It starred Val Kilmer.", ["Val Kilmer"]],
    ["a lone capital letter is no name", "It has a B side, by Michael Mann [1].", []],
    ["two names joined by and are two claims when the whole is not a name", "Michael Mann and Val Kilmer made Heat [1].", ["Val Kilmer"]],
    ["a title with and inside stays one claim when the source has it", "Keira Knightley starred in Pride and Prejudice [4].", []],
  ] as const)("%s", (_principle, text, unsupported) => {
    expect(check(text).check.flagged).toEqual([...unsupported]);
  });

  it("marks each unsupported claim in place and counts every claim", () => {
    const r = check("Harrison Ford directed Heat in 1996 [1].");
    expect(r.text).toBe("Harrison Ford [unsupported] directed Heat in 1996 [unsupported] [1].");
    expect(r.check).toEqual({ checked: 3, unsupported: 2, flagged: ["1996", "Harrison Ford"] });
  });

  it("keeps the text's own spacing between sentences: line breaks stay where the model wrote them", () => {
    const r = check("Heat came out in 1995 [1].\n\nIt starred Val Kilmer.  Michael Mann directed it [1].");
    expect(r.text).toBe("Heat came out in 1995 [1].\n\nIt starred Val Kilmer [unsupported].  Michael Mann directed it [1].");
  });

  it("counts what the rules computed from the evidence (a count) and the question's words as support", () => {
    expect(check("Michael Mann directed 2 films with Al Pacino [1].", ["2 films", "Which films did Michael Mann make with Al Pacino?"]).check.unsupported).toBe(0);
  });
});
