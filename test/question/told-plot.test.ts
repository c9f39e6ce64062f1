import { describe, expect, it } from "vitest";
import { findToldPlot } from "../../src/question/stages/told-plot";
import { tellsSomethingHappening } from "../../src/question/stages/statement";
import { wordTokens } from "../../src/util/text";

const words = (q: string) => wordTokens(q).map((t) => t.folded);
const told = (q: string, namesSomething = false, inName?: (i: number) => boolean) => findToldPlot(words(q), namesSomething, inName);

describe("told plots", () => {
  it("a story opening with enough story after it is a told plot", () => {
    expect(told("the movie where a team sneaks into a businessman's dreams to plant an idea")?.phrase).toBe("the movie where");
    expect(told("cartoon where a young lion prince runs away after his uncle kills his father")?.phrase).toBe("cartoon where");
  });

  it("an opener may sit a few words from its film word", () => {
    expect(told("movie based on the real space mission where an oxygen tank explodes on the way to the moon")?.phrase).toMatch(/^movie .* where$/);
  });

  it("a short kind of film is no story", () => {
    expect(told("movies about a dog")).toBeUndefined();
    expect(told("horror movie about a haunted house")).toBeUndefined();
  });

  it("a superlative said before the opening outranks it; one inside the story does not", () => {
    expect(told("best movie about a boxer who fights his way up from nothing to the title")).toBeUndefined();
    expect(told("movie about a cocky navy pilot who competes to be the best at flight school")?.phrase).toBe("movie about a");
  });

  it("a long story with no opening is told bare, unless it asks, requests or names someone", () => {
    expect(told("old man ties a ton of balloons to his house and floats off to south america with a boy scout")?.phrase).toBe("a story with no film named");
    expect(told("old man ties a ton of balloons to his house and floats off to south america with a boy scout", true)).toBeUndefined();
    expect(told("which actors starred in the films directed by the man who wrote the screenplay of that war epic")).toBeUndefined();
    expect(told("films directed by steven spielberg that star tom hanks and were released after two thousand")).toBeUndefined();
  });

  it("in a bare story, a superlative or count said once the story is under way is part of it", () => {
    expect(told("young chef moves to a small french village and opens a restaurant across from her biggest rival")?.phrase).toBe("a story with no film named");
    expect(told("two brothers inherit a farm in iowa and fight over who gets the most land until a storm hits")?.phrase).toBe("a story with no film named");
    expect(told("most popular film about two brothers who inherit a farm in iowa and fight over the land")).toBeUndefined();
    expect(told("how many films about two brothers who inherit a farm in iowa and fight over the land")).toBeUndefined();
  });

  it("an opening whose story is too short may sit at the end of a longer bare story", () => {
    expect(told("three film students hike deep into a forest in maryland to shoot a documentary about a witch")?.phrase).toBe("a story with no film named");
    expect(told("shoot a documentary about a witch")).toBeUndefined();
  });

  it("a short statement of something happening, with no film word, kind of film or name, is a film remembered; else it must be long", () => {
    const plain = (q: string) => findToldPlot(words(q), false, undefined, undefined, () => true);
    expect(plain("Kid bullied into eating worms")?.phrase).toBe("a story with no film named");
    expect(plain("Woman burned alive")?.phrase).toBe("a story with no film named");
    expect(plain("two soldiers are captured and one forced to kill the other")?.phrase).toBe("a story with no film named");
    // Too little to be a story, a question, or a message about the user.
    expect(plain("deaf girl")).toBeUndefined();
    expect(plain("who wrote the screenplay of casablanca")).toBeUndefined();
    expect(plain("i cant sleep tonight at all")).toBeUndefined();
    // A film word or a kind of film said: a short description is a kind of film, not a story told bare.
    expect(plain("horror movie about a haunted house")).toBeUndefined();
    expect(told("Kid bullied into eating worms")).toBeUndefined();
  });

  // wink's lite tagger misreads some verbs, and a relative question word is no question: the statement is read by grammar.
  it.each([
    ["a describing word before whom it is about, and a verb in -s wink read as a noun", "Italian grandpa moves in with his distant relatives in suburban America.", true],
    ["a verb in -s right after one being", "Dad reborns as a dog to be with his family", true],
    ["'have' acting on what follows", "2 versions of the same woman have different lives", true],
    ["a relative 'who'", "About two detectives who investigate a murder in a military camp in the jungle", true],
    ["a relative 'when'", "Guy finds out he can travel back in time when dad tells him", true],
    ["'someone' as whom it is about", "Someone transforms into a creature with sharp teeth and a metal mask?", true],
    ["a verb in -s after 'someone', before a describing word", "Someone fights shorter man", true],
    ["people told of before, said again by a pronoun", "They land and shoot someone in the plane who falls out", true],
    ["'it' is as often the weather", "it is raining", false],
    ["a plural after a thing is a compound's, no verb", "stock prices in new york", false],
    ["a plural after a thing is a compound's, no verb", "car parts for sale", false],
    ["a question word opening it", "who directed jaws", false],
    ["a question word after the preposition opening it", "in which year did it rain", false],
    ["a question word after a preposition", "the guy plays in which movie", false],
    ["a command", "convert 100 fahrenheit to celsius", false],
  ])("a statement of something happening: %s", (_kind, q, want) => expect(tellsSomethingHappening(q)).toBe(want));

  it("a request may open with what opens a story, the film word implied; 'it' or 'the story of' may stand for the film", () => {
    expect(told("About a fictional apocalyptic flooding scenario")?.phrase).toBe("about a");
    expect(told("where a group of people are stuck somewhere and one of them is the killer")?.phrase).toBe("where a");
    expect(told("I saw it years ago, it's the story of a man who hunts down an officer")?.phrase).toBe("story of a");
    // "about" as "roughly", and a question about a film's story, open none.
    expect(told("about how many films did hitchcock make")).toBeUndefined();
    expect(told("about the director of jaws")).toBeUndefined();
  });

  it("names and relation words are no story ('films whose writers also wrote X')", () => {
    const q = "what are the languages spoken in the films whose writers also wrote The Private Life of Sherlock Holmes";
    const start = words(q).indexOf("private") - 1;
    expect(told(q, true, (i) => i >= start && i < start + 6)).toBeUndefined();
  });
});
