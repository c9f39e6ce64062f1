import { describe, expect, it } from "vitest";
import { normalizeQuestion } from "../../src/question/normalize";

describe("normalizing a question", () => {
  it.each([
    ["markup a chat client leaves", "<p>Who directed <b>Jaws</b>?</p>", "Who directed Jaws?"],
    ["HTML entities", "Tom &amp; Jerry&#39;s movies", "Tom & Jerry's movies"],
    ["Markdown emphasis, code and links", "was **Tom Hanks** in [Cast Away](https://example.org/x)?", "was Tom Hanks in Cast Away?"],
    ["typographic quotes, dashes and ellipses", "“Heat” – who starred…", '"Heat" - who starred...'],
    ["full-width letters and invisible characters", "ｗｈｏ dir\u200Bected Ｊａｗｓ", "who directed Jaws"],
    ["an older tokenizer's spacing", "What is the name of Kevin Costner 's movie about Sioux Indians ?", "What is the name of Kevin Costner's movie about Sioux Indians?"],
    ["its quotes", "who starred in `` The Sting '' ?", 'who starred in "The Sting"?'],
    ["runs of white space", "  who   wrote\n\tAlien  ", "who wrote Alien"],
  ])("%s", (_what, raw, plain) => {
    expect(normalizeQuestion(raw)).toBe(plain);
  });

  it("keeps case and accents of names", () => {
    expect(normalizeQuestion("films by Pedro Almodóvar")).toBe("films by Pedro Almodóvar");
  });
});
