import { describe, expect, it } from "vitest";
import { calibrateMentions } from "../../src/question/stages/calibrate";
import { findPeriods, yearsAfter, yearsBeforeTitles } from "../../src/question/stages/periods";
import { allSmallTalk, detectSmallTalk, setAsideSmallTalk } from "../../src/question/stages/smalltalk";
import { resolveBackReference, splitOverFilms, splitQuestion } from "../../src/question/stages/split";
import { singular } from "../../src/question/stages/concepts";
import { correctSpelling, joinSplitWords } from "../../src/question/stages/spelling";
import type { Mention } from "../../src/ports/entity-linker";
import { foldText, titleCased, wordTokens } from "../../src/util/text";
import { titleSlotOf } from "../../src/question/stages/title-slots";
import { longerNameAt } from "../../src/question/stages/longer-name";
import { saysShort } from "../../src/question/stages/short-titles";
import { headOfLongerPhrase } from "../../src/question/stages/phrase-head";


/** Where the words of `text` (in any case) stand in the question's tokens. */
function wordsAt(q: string, text: string): { tokens: ReturnType<typeof wordTokens>; at: number; length: number } {
  const tokens = wordTokens(q);
  const words = text.toLowerCase().split(" ");
  return { tokens, at: tokens.findIndex((_, i) => words.every((w, k) => tokens[i + k]?.folded === w)), length: words.length };
}

/** The title slot the words of `text` stand in. */
function slotOfWords(q: string, text: string): string | undefined {
  const { tokens, at, length } = wordsAt(q, text);
  return titleSlotOf(q, tokens, at, tokens.slice(at, at + length), false);
}

describe("small talk", () => {
  it.each([
    ["Hi there, what can you do?", "about_service"],
    ["hello", "greeting"],
    ["thanks a lot!", "thanks"],
    ["who are you", "about_service"],
    ["what can you tell me about movies?", "about_service"],
  ])("%s → %s", (q, kind) => expect(detectSmallTalk(q)).toBe(kind));
  it.each(["hi, who directed Jaws?", "what can you do with the movie Heat", "thanks, and who wrote it?"])("a real question is not small talk: %s", (q) => expect(detectSmallTalk(q)).toBeUndefined());
  // A chat's sentences of social talk ask nothing: set aside, the rest is the request.
  it.each([
    ["Im good. How are you? Last night. Eagle Eye movie. Oh yeah.", "Last night. Eagle Eye movie.", ["Im good.", "How are you?", "Oh yeah."]],
    ["Good, yourself? What would you recommend? Joker was a pretty good movie.", "What would you recommend? Joker was a pretty good movie.", ["Good, yourself?"]],
    ["hi im good you. horror, one that challenges me", "horror, one that challenges me", ["hi im good you."]],
    ["Going good buddy. What about you? Action and Fantasy.", "Action and Fantasy.", ["Going good buddy.", "What about you?"]],
    ["Who directed Jaws? Thanks!", "Who directed Jaws?", ["Thanks!"]],
    ["Sounds good. Anything with Tom Hanks; not too old.", "Anything with Tom Hanks; not too old.", ["Sounds good."]],
    ["I'm doing great, thanks for asking. I loved The Conjuring.", "I loved The Conjuring.", ["I'm doing great, thanks for asking."]],
    ["Hi! I'm great, you? Any mind bending movies?", "Any mind bending movies?", ["Hi!", "I'm great, you?"]],
  ])("%s", (q, text, aside) => expect(setAsideSmallTalk(q)).toEqual({ text, aside }));
  it.each([
    ["one sentence", "hi, who directed Jaws?"],
    ["a taste in few words", "Comedy. I like them. Very funny ones."],
    ["a sentence naming a film after a reply", "Yes, Jaws. Who directed it?"],
    ["only social talk: the whole message is small talk", "Im good. How are you?"],
    ["a question of a film, in social words", "I haven't seen Titanic yet. Is it any good?"],
  ])("nothing set aside: %s", (_kind, q) => expect(setAsideSmallTalk(q).aside).toEqual([]));
  it("a message of social sentences only is small talk", () => expect(allSmallTalk("Im good. How are you?")).toBe(true));
  it("a social sentence beside a request is not", () => expect(allSmallTalk("Im good. Any comedies?")).toBe(false));
});

describe("periods", () => {
  const range = (q: string) => findPeriods(q).map((p) => [p.from, p.to]);
  it.each([
    ["best films of the 2010s", [[2010, 2019]]],
    ["movies from the seventies", [[1970, 1979]]],
    ["late 90s thrillers", [[1996, 1999]]],
    ["westerns from the '60s", [[1960, 1969]]],
    ["films between 1990 and 1995", [[1990, 1995]]],
    ["comedies 1984-1988", [[1984, 1988]]],
    ["dramas before 1950", [[0, 1949]]],
    ["what westerns came out in 1969", [[1969, 1969]]],
  ])("%s", (q, want) => expect(range(q)).toEqual(want));
  it("a bare year is marked so it can still be a title", () => expect(findPeriods("released in 1969")[0]!.bareYear).toBe(true));
  it("a year said of a film is the year alone, not the kind between it and the film word", () => expect(findPeriods("1940 comedy movie")[0]!.text).toBe("1940"));
  it("no period in a plain question", () => expect(findPeriods("who directed Memento")).toEqual([]));
  // A year right after a name or kind said ("king kong 2005", "halloween (1978)"); `span` is the words said before it.
  it.each([
    ["king kong 2005", "king kong", [[2005, 2005]]],
    ["who directed halloween (1978)", "halloween", [[1978, 1978]]],
    ["horror 1990", "horror", [[1990, 1990]]],
    ["king kong in 2005", "king kong", []],
    ["jaws 2", "jaws", []],
    ["saw 2004, 2005", "saw", [[2004, 2004]]],
  ])("a year after the words said: %s", (q, span, want) => {
    const { tokens, at, length } = wordsAt(q, span);
    expect(yearsAfter(q, tokens, [{ tokenStart: at, tokenEnd: at + length }], findPeriods(q), true).map((p) => [p.from, p.to])).toEqual(want);
  });
  it.each([
    ["who directed the 1932 mummy", "mummy", [[1932, 1932]]],
    ["who directed 1932 mummy", "mummy", []],
    ["the 1997 movie titanic", "titanic", []],
  ])("a year between 'the' and the words said: %s", (q, span, want) => {
    const { tokens, at, length } = wordsAt(q, span);
    expect(yearsBeforeTitles(q, tokens, [{ tokenStart: at, tokenEnd: at + length }], findPeriods(q)).map((p) => [p.from, p.to])).toEqual(want);
  });

  it.each([
    ["comedies that aren't from the 90s", true],
    ["horror films not from the 80s", true],
    ["films that weren't released before 1980", true],
    ["westerns from the seventies", false],
    ["not a comedy, from the 90s please", false],
  ])("negated: %s → %s", (q, negated) => expect(findPeriods(q)[0]!.negated).toBe(negated));
});

describe("splitting several questions in one", () => {
  const texts = (q: string) => splitQuestion(q).map((p) => p.text);
  it("splits at 'and' + a question word", () => expect(texts("Who wrote Memento and when did it come out?")).toEqual(["Who wrote Memento", "when did it come out?"]));
  it("splits at a comma and a question word when the message opens as a question", () => {
    expect(texts("who wrote the godfather, who directed it, and when was it released")).toEqual(["who wrote the godfather", "who directed it", "when was it released"]);
    expect(texts("tom hanks films, which are comedies")).toHaveLength(1);
  });
  it("splits at a comma and 'and'", () => expect(texts("who directed Casablanca, and what language is it in")).toEqual(["who directed Casablanca", "what language is it in"]));
  it("splits separate sentences", () => expect(texts("Who directed Heat? What year was it released?")).toEqual(["Who directed Heat?", "What year was it released?"]));
  it("reads a sentence that is only a period with the one after it", () => {
    expect(texts("2000s-2010s? Comedy movie where the guy loses his job")).toEqual(["2000s-2010s? Comedy movie where the guy loses his job"]);
    expect(texts("Comedy movie where the guy loses his job. Late 90s?")).toEqual(["Comedy movie where the guy loses his job. Late 90s?"]);
    expect(texts("Who directed Heat? What year was it released?")).toHaveLength(2);
  });
  it("keeps 'both X and Y' whole", () => expect(texts("films starring both Tom Hanks and Meg Ryan")).toHaveLength(1));
  it("keeps 'directed and wrote' whole", () => expect(texts("who directed and wrote Alien")).toHaveLength(1));
  it("resolves a pronoun to the first part's name", () => expect(resolveBackReference("when did it come out?", "Memento")).toBe("when did Memento come out?"));
  it("appends the name when the part has no pronoun", () => expect(resolveBackReference("what year?", "Heat")).toBe("what year of Heat"));
});

describe("one question asked of several films", () => {
  const at = (q: string, ...names: string[]) => names.map((n) => ({ start: q.indexOf(n), end: q.indexOf(n) + n.length }));
  it("is one part per film, the others cut out", () => {
    const q = "when were The Godfather, Jaws and Alien released?";
    expect(splitOverFilms(q, at(q, "The Godfather", "Jaws", "Alien"), true)).toEqual(["when were The Godfather released?", "when were Jaws released?", "when were Alien released?"]);
  });
  it("keeps a set operation whole", () => {
    const q = "which actors were in both Heat and Ronin";
    expect(splitOverFilms(q, at(q, "Heat", "Ronin"), true)).toEqual([q]);
  });
  it("keeps films that are not one list, or not asked a relation, whole", () => {
    const q = "who directed Heat with the star of Ronin";
    expect(splitOverFilms(q, at(q, "Heat", "Ronin"), true)).toEqual([q]);
    const r = "Heat and Ronin";
    expect(splitOverFilms(r, at(r, "Heat", "Ronin"), false)).toEqual([r]);
  });
  it("needs a comma or 'and' between two films: side by side they are one name", () => {
    const q = "what year was black panther released";
    expect(splitOverFilms(q, at(q, "black", "panther"), true)).toEqual([q]);
    const r = "what year were heat, ronin released";
    expect(splitOverFilms(r, at(r, "heat", "ronin"), true)).toEqual(["what year were heat released", "what year were ronin released"]);
  });
});

describe("words as a title spells them", () => {
  const folded = (q: string) => wordTokens(q).map((t) => t.folded);
  it("reads initials as one word, dotted or not", () => {
    expect(folded("who directed L.A. Confidential?")).toEqual(["who", "directed", "la", "confidential"]);
    expect(folded("gi joe")).toEqual(folded("G.I. Joe"));
    expect(foldText("G.I. Joe: Retaliation")).toBe("gi joe retaliation");
  });
  it("reads a number grouped in thousands as one number, and a list of numbers as several", () => {
    expect(folded("10,000 BC")).toEqual(["10000", "bc"]);
    expect(foldText("10,000 BC")).toBe("10000 bc");
    expect(folded("1,2,3")).toEqual(["1", "2", "3"]);
  });
  it("keeps a lone initial and a title's own words apart", () => {
    expect(folded("M. Night Shyamalan")).toEqual(["m", "night", "shyamalan"]);
    expect(folded("Mr. Smith Goes to Washington")).toEqual(["mr", "smith", "goes", "to", "washington"]);
  });
});

describe("concept words", () => {
  it.each([["westerns", "western"], ["comedies", "comedy"], ["heists", "heist"], ["class", "class"]])("%s → %s", (w, s) => expect(singular(w)).toBe(s));
});

/** A linker's mention of `text` in a question, with one candidate of those types. */
const mention = (text: string, start: number, types: string[], confidence = 0.7, match: "folded" | "partial" = "folded"): Mention => ({
  text, start, end: start + text.length, confidence,
  candidates: [{ id: text, name: text, type: types[0] as never, types: types as never, score: 0.9, match, degree: 10 }],
});

describe("calibrated linking", () => {
  const common = (w: string) => (["boy", "her", "memory", "assassins", "go"].includes(w) ? 0.01 : 0);
  const conf = (q: string, text: string, types = ["Movie"]) => calibrateMentions(q, [mention(text, q.indexOf(text), types)], common)[0]!.confidence;
  it("an ordinary word in a description is not a title", () => expect(conf("a film where a boy sees dead people", "boy")).toBeLessThan(0.35));
  it("lowercase ordinary word after a role word is a title", () => expect(conf("who directed her", "her")).toBeGreaterThanOrEqual(0.7));
  it("capitalised inside the sentence is a title", () => expect(conf("Who starred in Go?", "Go")).toBeGreaterThanOrEqual(0.7));
  it("quoted is a title", () => expect(conf('is "Memory" any good', "Memory")).toBeGreaterThanOrEqual(0.7));
  it("hunted by assassins is not the film Assassins", () => expect(conf("a guy who is hunted by assassins", "assassins")).toBeLessThan(0.35));
  it("a rare word keeps its confidence", () => expect(conf("who directed memento", "memento")).toBe(0.7));
  it.each([
    ["Which Oscar-winning film did she direct?", "Oscar"],
    ["films that won an Oscar", "Oscar"],
  ])("an award said as an adjective or as what was won is the award, not a film: %s", (q, text) => expect(conf(q, text)).toBeLessThan(0.1));
  it("an award's name said as a title stays a title", () => expect(conf("who directed Oscar", "Oscar")).toBeGreaterThanOrEqual(0.5));
  it.each([
    ["when did they film titanic", "they"],
    ["what year did we see it", "we"],
  ])("a subject pronoun after an auxiliary, its verb after it, is no film: %s", (q, text) => expect(conf(q, text)).toBeLessThan(0.1));
  it("a subject pronoun said as a title stays one", () => expect(conf("who directed they", "they")).toBeGreaterThanOrEqual(0.5));
  it("a name in the possessive before the name asked of it, a film said after, is someone of the story", () => expect(conf("what is the fox's name on fox and the hound", "the fox's")).toBeLessThan(0.1));
  it("a film's own name asked in the possessive stays the film", () => expect(conf("what is forrest gump's real name", "forrest gump's")).toBeGreaterThanOrEqual(0.5));
  // Plots seldom use the words people chat and talk about films with; they are ordinary language all the same.
  it.each([
    ["a watching verb after a subject and an adverb", "yes, i just saw parasite last night", "saw"],
    ["a watching verb opening a sentence, its subject left out", "Frozen 2. Saw it last night.", "Saw"],
    ["a reply opening a sentence", "Yes! He's very funny.", "Yes"],
    ["a reply said before a title", "yes joker movie", "yes"],
    ["a pronoun after a verb of liking, its object", "yes i like them", "them"],
    ["a pronoun after a verb of watching, its object", "we watched it twice", "it"],
  ])("a word of chat or talk about films is no title: %s", (_kind, q, text) => expect(conf(q, text)).toBeLessThan(0.1));
  it("a word of talk about films is no tag of that name", () => expect(conf("have you seen any good movies lately", "seen", ["Tag"])).toBeLessThan(0.1));
  it.each([
    ["after a role word", "who directed saw", "saw"],
    ["capitalised inside a sentence", "I really liked Saw and its sequels", "Saw"],
  ])("a word of talk said as a title stays one: %s", (_kind, q, text) => expect(conf(q, text)).toBeGreaterThanOrEqual(0.7));
});

describe("words of a description, not a title", () => {
  const common = (w: string) => (w === "early" ? 0.01 : 0);
  const conf = (q: string, text: string, types = ["Movie"], match: "folded" | "partial" = "folded") => calibrateMentions(q, [mention(text, q.indexOf(text), types, 0.7, match)], common)[0]!.confidence;
  // Each row is a dictionary word (or a number) a film bears as its title, said where the wording is a description.
  it.each([
    ["an indefinite article before it", "Looking for an old british movie about a burglar", "burglar"],
    ["after a film word and a word opening its description", "A horror film about rat monsters.", "rat"],
    ["after a film word and a word opening its description", "Sci-fi movie about going to heaven/nirvana", "nirvana"],
    ["opening the request before a film word", "Thief/Heist movie", "Heist"],
    ["opening the request, after a period, before more description and a film word", "80's College zombie movie", "College"],
    ["people of a story opening a sentence about them", "2000's Girl and Boy trapped in a well", "Girl"],
    ["people of a story opening a list item", "80s, horror, a well\n- Girl and Boy trapped in it", "Girl"],
    ["a subject pronoun's verb", "A movie I saw a few years ago", "saw"],
    ["a time", "A movie that I watched maybe 10 years ago.", "10 years"],
    ["a count", "only 4 scenes from it stuck out to me", "4"],
    ["a number in lowercase letters", "that one comedy spy movie", "one"],
    ["title case, where no capital says a name", "Teenagers Getting Caught With A Housekeeper", "Caught"],
    ["a headline up to a capitalised film word", "Prison Escape Movie", "Escape"],
    ["a rough count of years", "2000s horror movie I watched about 10 or so years ago", "10"],
    ["a count of people (an irregular plural)", "zombie movie about 4 people finding a safe haven", "4"],
    ["lowercase, opening with 'a' after a describing lead, however long", "movie about a boy and his dog being transported to a magical world", "a boy and his dog"],
    ["the far end of a rough count", "Movie about 3-7 days of electricity blackout", "7 days"],
    ["a rough count of years with a dash", "I watched it 4-5 years ago", "4"],
    ["the request's own asking", "1980's Help me find this old horror movie", "Help"],
    ["the request's own asking", "2000s Help identify a movie by the opening scene", "Help"],
    ["a kind of film written as the phrase, opening the request", "Scary movie with a man in a full-body cast", "Scary movie"],
    ["a kind of film written as the phrase, after a period", "2010s Scary movie in Spanish", "Scary movie"],
  ])("%s: %s", (_kind, q, text) => expect(conf(q, text)).toBeLessThan(0.1));
  it.each([
    ["a title slot", "movies like Heist", "Heist"],
    ["a title slot", "who directed heist", "heist"],
    ["a capital inside a sentence", "my dad loves Heist and we watch it every year", "Heist"],
    ["a plural film word: a series", "Rocky movies", "Rocky"],
    ["an exclusion", "crime stuff (not Kids)", "Kids"],
    ["a name, not a dictionary word", "a movie about shrek", "shrek"],
    ["a relative pronoun is no description", "What is the genre of film that pretty poison is?", "pretty poison"],
    ["a number in a title slot", "who starred in 9", "9"],
    ["a number closing a title", "ocean's 11 cast", "ocean's 11"],
    ["a fact asked right after it", "scary movie cast", "scary movie"],
    ["the whole message", "scary movie", "scary movie"],
    ["a capitalised title", "I loved Scary Movie", "Scary Movie"],
    ["a later word capitalised, before a film word", "Last night. Eagle Eye movie.", "Eagle Eye"],
  ])("%s keeps the title: %s", (_kind, q, text) => expect(conf(q, text)).toBeGreaterThanOrEqual(0.5));
  it.each([
    ["Looking For An Older Movie With Main Character Chasing Himself", true],
    ["Two Women Hide A Man's Body", true],
    ["name the actress who was in The Fifth Element and Dazed and Confused", false],
    ["Who starred in Singing in the Rain?", false],
    ["Was Tom Harker in Starfall and Paper Moons?", false],
    ["LATE 90s EARLY 2000s", false],
  ])("title case: %s", (q, want) => expect(titleCased(q)).toBe(want));
  // A title cue reads the words right after it, and a film word names a film when it is determined or opens the message.
  it.each([
    ["after a kind of film said with no article", "WW2 movie following a group of soldiers", "following", undefined],
    ["past a dash", "80's horror movie - woman stuck with crazy family", "woman", undefined],
    ["past a comma", "1940s WW2 film, American and Japanese soldiers on an island", "American", undefined],
    ["a cue joined to the word before is half of a describing word", "Movie about well-liked man who killed his wife", "man", undefined],
    ["in title case, after a kind of film", "Monster Movie Set During A War", "Set", undefined],
    ["a film word with its article", "who directed the movie heat", "heat", "after-title-cue"],
    ["a kind of film with its article", "the 80s horror movie alien", "alien", "after-title-cue"],
    ["a film word opening the message", "movie heat cast", "heat", "after-title-cue"],
    ["a capitalised title after a kind of film", "WW2 movie Following with soldiers", "Following", "after-title-cue"],
    // "in" a title closing a question asked of someone of a story is the film it happens in; a place or a time is no such slot.
    ["a pronoun of people told of", "where do they fly to in pretty woman", "pretty woman", "in-after-story-subject"],
    ["a given name", "what's wrong with elise in mr nobody", "mr nobody", "in-after-story-subject"],
    ["a being of a story", "where does the dog go in as good as it gets", "as good as it gets", "in-after-story-subject"],
    ["a word first, though lists of names know it", "what time is it in tokyo", "tokyo", undefined],
    ["no one of a story", "where can i eat in pretty woman", "pretty woman", undefined],
    ["not at the end", "where do they fly in pretty woman today", "pretty woman", undefined],
    ["a money word between 'how much' and the verb", "how much money did titanic make", "titanic", "how-much"],
    ["a year after the title ends the clause all the same", "who sang bare necessities in jungle book 2016", "jungle book", "in-after-role-or-fact"],
    ["so does one film word after it", "who played chun li in street fighter movie", "street fighter", "in-after-role-or-fact"],
    ["not films, many", "who played chun li in street fighter movies", "street fighter", undefined],
    ["a word picking a version, with its article", "when did the original death wish come out", "death wish", "after-version"],
    ["someone of a story asked which, before what is said of them", "which character in toy story is a cowboy", "toy story", "in-after-which-subject"],
    ["not after a plain noun", "which scene in toy story is a cowboy", "toy story", undefined],
    ["right after who and the plain verb of making", "who made titanic", "titanic", "after-title-cue"],
    ["opening the message before one film word and a relation", "the titanic movie cast", "titanic", "before-film-word-relation"],
    ["no article", "jaws movie director", "jaws", "before-film-word-relation"],
    ["not before films, many", "horror movies directors", "horror", undefined],
    ["after what and the noun it asks, its copula, someone and 'in'", "what year was the future in back to the future", "back to the future", "in-after-who-is"],
    ["things asked, their copula and 'in', closing the clause", "what color wizards are in lord of the rings", "lord of the rings", "in-after-what-things-are"],
    ["one thing asked", "what color car was in grease", "grease", "in-after-what-things-are"],
    ["not when the clause goes on", "what color wizards are in lord of the rings films", "lord of the rings", undefined],
    ["not four words asked", "what color do the wizards wear are in lord of the rings", "lord of the rings", undefined],
    ["a cue stands in the title's own sentence", "internship is my favorite movie. yes..the internship", "yes", undefined],
    ["the same words in one sentence", "my favorite movie yes", "yes", "after-title-cue"],
  ])("a title slot, or none: %s (%s)", (_kind, q, text, slot) => expect(slotOfWords(q, text)).toBe(slot));
  it("a capital does not make part of a title the title", () => expect(conf("LATE 90s EARLY 2000s", "EARLY", ["Movie"], "partial")).toBeLessThan(0.1));
  it("a capital still makes a whole title one", () => expect(conf("LATE 90s EARLY 2000s", "EARLY")).toBeGreaterThanOrEqual(0.7));
});

describe("a title that opens a longer name", () => {
  // [question, the title the KB holds, names other words hold (film or not), the whole name said, or undefined]
  it.each([
    ["who composed the score for the greatest showman", "the greatest", {}, "the greatest showman"],
    ["who played peter parker in spider man homecoming", "spider man", { homecoming: "film" }, "spider man homecoming"],
    ["who starred in titanic besides kate winslet", "titanic", { kate: "name", winslet: "name" }, undefined],
    ["what was the budget for avatar compared to titanic", "avatar", { titanic: "film" }, undefined],
    ["who starred in starfall but not in midnight ledger", "starfall", { midnight: "film", ledger: "film" }, undefined],
    ["who starred in titanic and jaws", "titanic", { jaws: "film" }, undefined],
    ["us actress who starred in cocktail the saint", "cocktail", { the: "film", saint: "film" }, undefined],
    ["who voiced chip in beauty and the beast 2017", "beauty and the beast", {}, undefined],
    ["who directed the greatest showman", "the greatest", {}, "the greatest showman"],
    ["who plays noah in the ark", "noah", {}, undefined],
    // After a title cue or the question's auxiliary, up to a verb the question closes with: the rules' words and tags are the title's too.
    ["when does the movie happy face day come out", "happy", { face: "tag" }, "happy face day"],
    ["when was the greatest showman released in theaters", "the greatest", {}, "the greatest showman"],
    ["where was titanic rising filmed", "titanic", {}, "titanic rising"],
    ["when does the movie jaws death come out", "jaws", {}, "jaws death"],
    ["when did titanic come out", "titanic", {}, undefined],
    ["when was titanic originally released", "titanic", {}, undefined],
    ["when did the titanic movie come out", "titanic", {}, undefined],
    ["when was jaws 2 released", "jaws", {}, undefined],
    ["when did jaws with roy scheider come out", "jaws", { roy: "name", scheider: "name" }, undefined],
    ["when did titanic and avatar come out", "titanic", { avatar: "film" }, undefined],
    ["what year did titanic win best picture", "titanic", {}, undefined],
    ["when does the movie titanic rising start", "titanic", {}, undefined],
    // Elsewhere a tag's word is a name of its own, and an auxiliary after the title opens what is said of it.
    ["who plays rose in titanic ship", "titanic", { ship: "tag" }, undefined],
    ["what character in star wars has a lightsaber", "star wars", {}, undefined],
    ["who plays noah in the kissing booth movie", "the kissing", {}, "the kissing booth"],
    // After a title cue with no closing verb: to the clause's end, a tag's word the title's too.
    ["who plays in the movie strangers prey at night", "strangers", { night: "tag" }, "strangers prey at night"],
    ["what is the movie jaws about", "jaws", {}, undefined],
    ["who starred in the movie heat with al pacino", "heat", { al: "name", pacino: "name" }, undefined],
    ["who starred in the movie titanic in 1997", "titanic", {}, undefined],
    ["what genre does the film rare birds belong to", "rare birds", {}, undefined],
  ] as const)("%s (%s)", (q, title, held, whole) => {
    const { tokens, at, length } = wordsAt(q, title);
    const holder = held as Record<string, "film" | "tag" | "name">;
    const span = longerNameAt(q, tokens, at, at + length, (k) => holder[tokens[k]!.folded]);
    expect(span ? q.slice(tokens[span.tokenStart]!.start, tokens[span.tokenEnd - 1]!.end) : undefined).toBe(whole);
  });
});

describe("a one-word title at the end of a longer phrase", () => {
  // [question, the word said, the title it would link to, whether the phrase's article makes it another name's head]
  it.each([
    ["which harry potter movie has the quidditch world cup", "cup", "The Cup", true],
    ["old man and a boy scout stuck on the porch", "scout", "The Scout", true],
    ["who played in the cup", "cup", "The Cup", false],
    ["who played in the new cup", "cup", "The Cup", false],
    ["who starred in the animated cup", "cup", "The Cup", false],
    ["who starred in the 1999 cup", "cup", "The Cup", false],
    ["who starred in the first cup", "cup", "The Cup", false],
    ["who won the world cup", "cup", "Cup", false],
    ["the film with the cup", "cup", "The Cup", false],
  ] as const)("%s (%s, %s): %s", (q, word, title, head) => {
    const { at } = wordsAt(q, word);
    expect(headOfLongerPhrase(wordTokens(q), at, title)).toBe(head);
  });
});

describe("a title said short", () => {
  it.each([
    ["les mis", "Les Misérables", true],
    ["raiders of the lost", "Raiders of the Lost Ark", true],
    ["les misérables", "Les Misérables", false],
    ["les", "Les Misérables", false],
    ["mis les", "Les Misérables", false],
    ["the gr", "The Great Gatsby", false],
  ] as const)("%s for %s: %s", (said, title, short) => expect(saysShort(said, title)).toBe(short));
});

describe("a compound said as two words", () => {
  // A small world: the name words, and the titles said whole (by their folded text).
  const namesHold = new Set(["mockingbird", "birdman", "superman"]);
  const vocabulary = { uses: () => 10, inName: (w: string) => namesHold.has(w) };
  const titles = ["to kill a mockingbird", "superman returns", "birdman"];
  const titleSaid = (text: string, start: number, end: number) =>
    titles.some((t) => {
      const at = text.toLowerCase().indexOf(t);
      return at >= 0 && at <= start && at + t.length >= end && t.length > end - start;
    });
  it.each([
    ["when was to kill a mocking bird released", "when was to kill a mockingbird released"],
    ["who starred in super man returns", "who starred in superman returns"],
  ])("%s → %s", (q, read) => expect(joinSplitWords(q, vocabulary, titleSaid).text).toBe(read));
  it.each([
    ["who played the bird man in x-men"], // joined, the title is only the word itself: no longer title around it
    ["a mocking bird sings"], // no title said around the joined word
    ["to kill a Mocking Bird"], // capitalised words may be a name as written
  ])("%s: left as said", (q) => expect(joinSplitWords(q, vocabulary, titleSaid).fixes).toEqual([]));
});

describe("spelling slips", () => {
  // How many plots use each word, and the words of names, in a small world of its own.
  const uses: Record<string, number> = { play: 30, plays: 40, watch: 10, trim: 3, tries: 40, island: 40, terrorizing: 6, directed: 30, director: 25, runtime: 6, hanks: 9, thanks: 50, located: 20, lands: 8 };
  const namesHold = new Set(["hanks", "jaws", "dupre"]);
  const vocabulary = { uses: (w: string) => uses[w] ?? 0, inName: (w: string) => namesHold.has(w) };
  it.each([
    ["What lsland is Jaws located in?", "What island is Jaws located in?"], // a letter changed
    ["who direcetd Heat", "who directed Heat"], // two letters swapped
    ["what is the runtim of Heat", "what is the runtime of Heat"], // a letter dropped
    ["who playes the mother", "who plays the mother"], // "-es" after no hissing sound is no form of "play"
  ])("%s → %s", (q, read) => expect(correctSpelling(q, vocabulary).text).toBe(read));
  it.each([
    ["films with hanks"], // a word of a name, however close to an ordinary word
    ["films with Lsland"], // capitalised: maybe a name the KB lacks
    ["what is zzyzx about"], // nothing one edit away
    ["who trims the hedges"], // a word the texts use in another form ("trim") is a word, not a slip of "tries"
    ["who watches the house"], // "-es" after a hissing sound is a form of "watch"
    ["a great white terroizing an island"], // a slip of a word the rules do not read is left to the loose full-text search
  ])("%s: left as said", (q) => expect(correctSpelling(q, vocabulary).fixes).toEqual([]));
  it("a fix must be a word plots use, not another rare slip", () => {
    expect(correctSpelling("islnd", { ...vocabulary, uses: (w) => (w === "island" ? 2 : 0) }).fixes).toEqual([]);
    expect(correctSpelling("islnd", vocabulary).fixes).toEqual([{ said: "islnd", read: "island" }]);
  });
  it("leaves a word inside a name the linker found, typo and all", () => {
    const q = "who has keanu drected films";
    expect(correctSpelling(q, vocabulary).fixes).toEqual([{ said: "drected", read: "directed" }]);
    expect(correctSpelling(q, vocabulary, [{ start: q.indexOf("keanu"), end: q.indexOf(" films") }]).fixes).toEqual([]);
  });
  it("says each fix for the trace", () => expect(correctSpelling("What lsland is Jaws located in?", vocabulary).fixes).toEqual([{ said: "lsland", read: "island" }]));
});
