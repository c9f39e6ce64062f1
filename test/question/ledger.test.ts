import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { understandQuestion } from "../../src/question/understand";
import { fixtureKb } from "../helpers/fixture-kb";

/**
 * Every word of a request is accounted for: what each content word became (a name, a constraint, a
 * cue, filler, a facet), one principle per row, on the fictional fixture world.
 */
const TABLE: [principle: string, question: string, expected: Record<string, string>][] = [
  ["a linked film is a name", "Movies like Starfall", { Starfall: "name", like: "cue" }],
  ["a kind of film is a constraint; what is left is a facet", "dramas about fishermen", { dramas: "constraint", fishermen: "facet" }],
  ["a request's own words say its kind; the talk around them is filler", "I think I saw a movie with an accountant who finds a ledger, any help appreciated", { think: "filler", appreciated: "greeting", accountant: "facet" }],
  ["a greeting is a greeting", "hello, can you recommend dramas about fishermen", { hello: "greeting", recommend: "cue", fishermen: "facet" }],
  ["light verbs carry no topic", "films that involve a haunted ledger", { involve: "filler", ledger: "facet" }],
  ["a name the KB lacks is a name, searched as a facet", "movies about Abigail Quince", { Abigail: "name", Quince: "name" }],
  ["inside a told story a cue word is the story's", "the movie where a pilot races a collapsing star to get home", { pilot: "facet", races: "facet" }],
  ["a period is a constraint", "dramas from the 1980s about the sea", { "1980s": "constraint", sea: "facet" }],
  ["what follows 'nothing', 'no' or 'without' is said against; greetings only open a message", "hi, dramas about fishermen, nothing too violent, and every morning a storm", { nothing: "cue", violent: "facet", hi: "greeting", morning: "facet" }],
  ["words of chat are chat, not a topic", "yes, honestly, oh dramas about fishermen", { yes: "filler", honestly: "filler", oh: "filler", fishermen: "facet" }],
  ["the person's own watching is no topic, nor a place in a list", "my latest film was Starfall, saw it last night, any dramas like it", { latest: "filler", last: "filler", night: "filler", Starfall: "name" }],
];

describe("the word ledger", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await fixtureKb();
  });

  it.each(TABLE)("%s", async (_principle, question, expected) => {
    const u = await understandQuestion(question, kb);
    const uses = u.readings.flatMap((r) => r.ledger.uses);
    for (const [word, as] of Object.entries(expected)) expect({ word, as: uses.find((w) => w.word === word)?.as }).toEqual({ word, as });
    // Nothing is left unsaid: every word has a role, and a facet's words are in a plan facet.
    expect(uses.every((w) => w.as !== undefined)).toBe(true);
  });

  it("puts the facets of an open request in its plan, capped with the most specific kept", async () => {
    const u = await understandQuestion("dramas about fishermen", kb);
    expect(u.plan.parts[0]).toMatchObject({ kind: "open", facets: [{ id: "f1", said: "fishermen", kind: "theme" }] });
    const many = Array.from({ length: 20 }, (_, i) => `word${i}x`).join(" and ");
    const wide = await understandQuestion(`dramas about ${many}`, kb);
    const open = wide.plan.parts.find((p) => p.kind === "open");
    expect(open?.kind === "open" && open.facets.length).toBe(12);
  });
});
