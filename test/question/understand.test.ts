import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { understandQuestion } from "../../src/question/understand";
import { hasRealData, realKb } from "../helpers/real-kb";

/** Intents read off the wording on the real KB: each row is a kind of question, phrased as people do. */
describe.skipIf(!hasRealData)("question understanding on the real KB", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  }, 120_000);

  it.each([
    ["Who wrote Memento and when did it come out?", "multi_part"],
    ["who directed casablanca", "fact"],
    ["Films like The Silence of the Lambs", "recommendation"],
    ["if i liked finding nemo what should i watch next", "recommendation"],
    ["What westerns came out in 1969?", "list"],
    ["the film where a boy sees dead people and a child psychologist tries to help him", "plot"],
    ["Are movies about vampires usually scary or funny?", "kind_of_film"],
    ["Hi there, what can you do?", "chitchat"],
    ["Who is the president of France?", "out_of_domain"],
    ["what's the weather like in Paris today", "out_of_domain"],
    ["best sci-fi movies of the 2000s", "superlative"],
    ["highest grossing steven spielberg film", "superlative"],
    ["how many films did Steven Spielberg direct", "count"],
    ["which actors appeared in Martin Scorsese films more than twice", "threshold"],
    ["what genre does Steven Spielberg direct most often", "most_common"],
    ["Tom Hanks movies that are not comedies", "difference"],
    ["films starring both Tom Hanks and Meg Ryan", "intersection"],
    // Found failing by a probe set written apart from this code, each a kind of question:
    ["jack lemmon walter matthau movies", "intersection"],
    ["movies with meryl streep but not directed by mike nichols", "difference"],
    ["kubrick films he didnt write himself", "difference"],
    ["actors that were in 5 or more john ford films", "threshold"],
    ["who directed the most westerns", "most_common"],
    ["which director has tom hanks worked with most", "most_common"],
    ["which tarantino film made the most money", "superlative"],
    ["Which director made the most films with Robert De Niro?", "most_common"],
    ["just watched the shining and loved it, what else would i like", "recommendation"],
    ["old man ties a ton of balloons to his house and floats off to south america, and a boy scout is stuck on the porch", "plot"],
    ["romantic comedy where a rich businessman hires a hooker to be his date for a week and they fall in love", "plot"],
    ["are high school movies typically comedy or drama", "kind_of_film"],
    ["stephen king movies - horror or drama mostly?", "kind_of_film"],
    ["who was in the big lebowksi", "list"],
    ["who painted the Mona Lisa?", "out_of_domain"],
    ["recommend a good laptop for programming", "out_of_domain"],
    ["what's the exchange rate from dollars to euros", "out_of_domain"],
    ["which movie has the highest box office", "superlative"],
    ["who starred in the producers", "fact"],
    ["which films did the oscar winner kathryn bigelow direct", "list"],
  ])("%s → %s", async (q, intent) => {
    expect((await understandQuestion(q, kb)).intent).toBe(intent);
  });

  it.each([
    ["who composed the music for star wars", "composed"],
    ["who won the oscar for best actor in 1995", "won"],
    ["which films did steven spielberg produce", "produce"],
  ])("a fact the KB does not hold is said to be missing: %s", async (q, word) => {
    const u = await understandQuestion(q, kb);
    expect(u.intent).toBe("out_of_domain");
    expect(u.unsupportedFact).toBe(word);
  });

  it.each([
    ["what is the runtime of titanic", "runtime", "Titanic"],
    ["how long is the godfather", "runtime", "The Godfather"],
    ["what was the budget of avatar", "budget", "Avatar"],
    ["how much money did jurassic park make at the box office", "revenue", "Jurassic Park"],
  ])("a figure asked of one named film: %s", async (q, metric, film) => {
    const u = await understandQuestion(q, kb);
    expect(u.intent).toBe("fact");
    expect(u.parts[0]!.figure).toMatchObject({ metric, film: { name: film } });
  });

  it.each([
    ["christopher nolan's first movie", "asc"],
    ["what's the newest quentin tarantino film", "desc"],
    ["earliest hitchcock film", "asc"],
  ])("first and latest rank a person's films by release year: %s", async (q, order) => {
    const u = await understandQuestion(q, kb);
    expect(u.intent).toBe("superlative");
    expect(u.parts[0]!.superlative).toMatchObject({ metric: "releaseYear", order });
  });

  it("a recommendation keeps what the similar films must not be", async () => {
    const u = await understandQuestion("movies like toy story but not animated", kb);
    expect(u.intent).toBe("recommendation");
    expect(u.parts[0]!.seeds?.map((s) => s.name)).toEqual(["Toy Story"]);
    expect(u.parts[0]!.excluded?.concepts.map((c) => c.label)).toEqual(["animation"]);
  });

  it("a role word that only sometimes names a relation gives way to a plain one: 'the lead actress' asks for actors", async () => {
    const u = await understandQuestion("who was the lead actress in pretty woman", kb);
    expect(u.parts[0]!.analysis.answer).toMatchObject({ type: "Person", edge: "ACTED_IN" });
  });

  it("a lowercase '… movie' after an article or a liking word describes a film rather than naming one", async () => {
    const u = await understandQuestion("whats a good scary movie from the 2000s", kb);
    expect(u.parts[0]!.analysis.topics.filter((t) => t.confidence >= 0.5).map((t) => t.name)).not.toContain("Scary Movie");
    const named = await understandQuestion("who directed scary movie", kb);
    expect(named.parts[0]!.analysis.topics[0]?.name).toBe("Scary Movie");
    const kind = await understandQuestion("i want to watch a romantic comedy with hugh grant", kb);
    expect(kind.parts[0]!.analysis.topics.filter((t) => t.confidence >= 0.5).map((t) => t.name)).toEqual(["Hugh Grant"]);
  });

  it("splits a two-part question and resolves the pronoun", async () => {
    const u = await understandQuestion("Who directed Casablanca and what language is it in?", kb);
    expect(u.parts.map((p) => p.analysis.topics[0]?.name)).toEqual(["Casablanca", "Casablanca"]);
  });

  it("a sequel's number links either way it is written ('world war 2' is the tag world war ii)", async () => {
    const u = await understandQuestion("world war 2 movies, are they more war films or dramas", kb);
    expect(u.intent).toBe("kind_of_film");
    expect(u.parts[0]!.subject?.tags).toContain("world war ii");
  });

  it("a work word names films as 'films' would: 'how many screenplays has X written' counts X's films", async () => {
    const u = await understandQuestion("how many screenplays has m. night shyamalan written", kb);
    const a = u.parts[0]!.analysis;
    expect(u.intent).toBe("count");
    expect(a.answer.type).toBe("Movie");
    expect(a.cues.filter((c) => !c.inAnswerPhrase).map((c) => c.word)).toEqual(["written"]);
    const who = await understandQuestion("who wrote the screenplay for fargo", kb);
    expect(who.parts[0]!.analysis.answer.type).toBe("Person");
  });

  it("two known names joined by 'in' are both linked, not one unknown name", async () => {
    const u = await understandQuestion("who acted with Claudette Colbert in It Happened One Night", kb);
    expect(u.parts[0]!.notFound).toEqual([]);
    expect(u.parts[0]!.analysis.topics.map((t) => t.name).sort()).toEqual(["Claudette Colbert", "It Happened One Night"]);
    const unknown = await understandQuestion("who directed The Flying Spaghetti Monster", kb);
    expect(unknown.parts[0]!.notFound.map((n) => n.text)).toEqual(["The Flying Spaghetti Monster"]);
  });

  it("links concept words to the KB and TMDB names", async () => {
    const u = await understandQuestion("best sci-fi movies of the 2000s", kb);
    const c = u.parts[0]!.concepts.find((x) => x.label === "science fiction")!;
    expect(c.tags).toContain("science fiction");
    expect(c.tmdbGenres).toContain("Science Fiction");
    expect(u.parts[0]!.periods.map((p) => [p.from, p.to])).toEqual([[2000, 2009]]);
  });

  it.each([
    ["scorsese films", "Martin Scorsese"],
    ["Hitchcock films that aren't thrillers", "Alfred Hitchcock"],
    ["what movies did de niro and joe pesci do together", "Robert De Niro"],
    ["how many films did hitchock direct", "Alfred Hitchcock"],
    ["i want something like silence of the lambs", "The Silence of the Lambs"],
    ["something similar to the terminator", "The Terminator"],
    ["films with julia roberts and richard geer", "Richard Gere"],
    ["my friend said trainspotting was great, what's in the same vein", "Trainspotting"],
    ["who directed rocky 2", "Rocky II"],
    ["who starred with Will Sith and also with George Clooney?", "Will Smith"],
    ["who stars in both ocean's eleven and the departed", "Ocean's Eleven"],
    ["who was the star of rocky", "Rocky"],
    ["what is the genre of her", "Her"],
    ["who starred in the film her", "Her"],
    ["the first movie hitchcock directed", "Alfred Hitchcock"],
    ["what is go about", "Go"],
  ])("links the name a film fan means: %s → %s", async (q, name) => {
    const u = await understandQuestion(q, kb);
    expect(u.parts[0]!.analysis.topics.map((t) => t.name)).toContain(name);
  });

  it("an ordinary word is no surname, whatever role word the question has", async () => {
    const u = await understandQuestion("lonely guy who writes letters for other people falls in love with his computer's voice", kb);
    expect(u.parts[0]!.analysis.topics.some((t) => t.type === "Person")).toBe(false);
  });

  it("a surname with a role word links to the person", async () => {
    const u = await understandQuestion("what did nolan direct", kb);
    expect(u.parts[0]!.analysis.topics[0]?.name).toBe("Christopher Nolan");
  });

  it("an unknown title is reported with the closest names, not replaced by a word inside it", async () => {
    const u = await understandQuestion("who directed The Flying Spaghetti Monster", kb);
    expect(u.parts[0]!.notFound[0]?.text).toBe("The Flying Spaghetti Monster");
    expect(u.parts[0]!.analysis.topics.map((t) => t.name)).not.toContain("Monster");
  });

  it("a title slot no film fills is not found; a comparison after 'a film' is no slot", async () => {
    for (const [q, name] of [["who directed the film zzqxv", "zzqxv"], ["Who directed Zzqxv?", "Zzqxv"], ["when did quuxify come out", "quuxify"], ["who starred in the movie the flying spaghetti monster", "the flying spaghetti monster"]] as const) {
      const u = await understandQuestion(q, kb);
      expect(u.parts[0]!.notFound.map((n) => n.text)).toEqual([name]);
    }
    for (const q of ["recommend me a film like the matrix", "who wrote the film called memento", "what year was the movie titanic released", "in the movie heat, who played the cop"]) {
      expect((await understandQuestion(q, kb)).parts[0]!.notFound).toEqual([]);
    }
  });

  it("a film's story asked is in the domain", async () => {
    expect((await understandQuestion("what is inception about", kb)).intent).not.toBe("out_of_domain");
  });

  it("a cast named after 'that movie with' is no story; a short story after it is", async () => {
    expect((await understandQuestion("that movie with tom hanks and meg ryan", kb)).intent).toBe("intersection");
    expect((await understandQuestion("that movie with keanu reeves on a bus with a bomb", kb)).intent).toBe("plot");
  });

  it("reads 'newer' and 'older' in a recommendation", async () => {
    expect((await understandQuestion("anything similar to heat but newer", kb)).parts[0]!.age).toBe("newer");
    expect((await understandQuestion("older movies like inception", kb)).parts[0]!.age).toBe("older");
  });

  it("a release word beside another domain's topic is no film question; beside a film it is", async () => {
    expect((await understandQuestion("what songs did queen release", kb)).intent).toBe("out_of_domain");
    expect((await understandQuestion("we're the millers release year", kb)).intent).not.toBe("out_of_domain");
    const films = await understandQuestion("what was released in 1999", kb);
    expect(films.parts[0]!.analysis.answer.type).toBe("Movie");
  });

  it("a surname after 'both' is the person; a title after it is the film", async () => {
    const people = await understandQuestion("who has acted for both hitchcock and john ford", kb);
    expect(people.parts[0]!.analysis.topics.map((t) => t.name)).toContain("Alfred Hitchcock");
    const films = await understandQuestion("which actor starred in both titanic and the departed", kb);
    expect(films.parts[0]!.analysis.topics.map((t) => t.name)).toEqual(expect.arrayContaining(["Titanic", "The Departed"]));
  });
});
