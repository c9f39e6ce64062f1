import { describe, expect, it } from "vitest";
import { headlineOf, normalizeQuestion } from "../../src/question/normalize";

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
    ["a possessive's lost apostrophe", "who played lindsay lohan s mother in freaky friday", "who played lindsay lohan's mother in freaky friday"],
    ["a lone s ending a text stays", "the film plan s", "the film plan s"],
    ["text struck through is taken back", "set in the ~~90s~~ 80s, ~~it's not Heat~~ (yes it was)", "set in the 80s, (yes it was)"],
  ])("%s", (_what, raw, plain) => {
    expect(normalizeQuestion(raw)).toBe(plain);
  });

  it("keeps case and accents of names", () => {
    expect(normalizeQuestion("films by Pedro Almodóvar")).toBe("films by Pedro Almodóvar");
  });
});

describe("a request of several paragraphs", () => {
  it("a blank line ends the sentence before it", () => {
    expect(normalizeQuestion("Movie about a haunted lighthouse\n\nI saw it as a kid")).toBe("Movie about a haunted lighthouse. I saw it as a kid");
    expect(normalizeQuestion("Haunted lighthouse?\n\nI saw it as a kid")).toBe("Haunted lighthouse? I saw it as a kid");
    // A single line break is only white space: a sentence may wrap.
    expect(normalizeQuestion("who directed\nthe matrix")).toBe("who directed the matrix");
  });

  it("its headline is its first paragraph, when more follows", () => {
    expect(headlineOf("Movie about a *haunted* lighthouse\n\nI saw it as a kid")).toBe("Movie about a haunted lighthouse");
    expect(headlineOf("who directed the matrix")).toBeUndefined();
    expect(headlineOf("a film about a lighthouse\n\n   ")).toBeUndefined();
  });
});
