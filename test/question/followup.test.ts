import { beforeAll, describe, expect, it } from "vitest";
import type { ConversationTurn } from "../../src/conversation/turns";
import { conversationFromMessages } from "../../src/conversation/turns";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { FOLLOW_UP_RULES, resolveFollowUp } from "../../src/question/followup/resolve";
import { hasRealData, realKb } from "../helpers/real-kb";

/**
 * Follow-up kinds on the real KB: each row is an earlier turn (question and, as a chat client has
 * it, the reply's text) and a follow-up, with the kind and rule that read it and the question it
 * stands for. One row per kind and per way a referent is chosen, not one per phrasing: the
 * multi-turn dev set (`npm run eval -- --dataset conv`) measures the wordings.
 */
describe.skipIf(!hasRealData)("follow-up questions read against the conversation", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await realKb();
  }, 120_000);

  const turn = (question: string, answer?: string, resolved?: string): ConversationTurn => ({ question, ...(answer ? { answer } : {}), ...(resolved ? { resolved } : {}) });
  const jaws = turn("Who directed Jaws?", "Jaws (1975) was directed by Steven Spielberg [1].");
  const hanks = turn("What films did Tom Hanks star in?", "32 films (Tom Hanks acted in): Forrest Gump (1994) [1], The Green Mile (1999) [2]");
  const titanic = turn("who starred in Titanic?", "Titanic (1997) stars Kate Winslet [1] and Leonardo DiCaprio [2].");

  it.each<[string, ConversationTurn[], string, string, string]>([
    // A film pronoun is the film the turn was about when its answer is a person.
    ["film pronoun → the topic film", [jaws], "and when did it come out?", "followup.anaphor", "When did Jaws come out?"],
    // A person pronoun prefers the answer of the turn before.
    ["person pronoun → the answer person", [jaws], "what else did he direct?", "followup.anaphor", "What else did Steven Spielberg direct besides Jaws?"],
    // "other" or "else" of a person's films leaves out the film in context; a lower-case pronoun is no title ("She").
    // A yes/no's reply names its evidence, not answers: "he" stays the person it asked about.
    ["a person pointed at after a yes/no", [turn("who wrote Pulp Fiction?", "Pulp Fiction (1994) was written by Quentin Tarantino [1] and Roger Avary [2]."), turn("did he also act in it?", "No. The knowledge base does not list Quentin Tarantino in the cast of Pulp Fiction (1994). Its cast: John Travolta [1].", "Did Quentin Tarantino also act in Pulp Fiction")], "what other movies did he act in?", "followup.anaphor", "What other movies did Quentin Tarantino act in besides Pulp Fiction?"],
    ["another film of the person pointed at, the film two turns back", [jaws, turn("when was he born?", "The knowledge base does not record when Steven Spielberg was born.", "When was Steven Spielberg born?")], "name another movie he directed", "followup.anaphor", "Name another movie Steven Spielberg directed besides Jaws?"],
    ["other films of the person pointed at", [titanic], "what other movies was she in?", "followup.anaphor", "What other movies was Kate Winslet in besides Titanic?"],
    ["demonstrative film phrase", [titanic], "how long is that movie?", "followup.anaphor", "How long is Titanic?"],
    ["plural pronoun → the answers", [titanic], "what else have they been in together?", "followup.anaphor", "What else have Kate Winslet and Leonardo DiCaprio been in together?"],
    ["possessive", [jaws], "what is its genre?", "followup.anaphor", "What is Jaws's genre?"],
    ["ellipsis: a relation asked of nothing named", [titanic], "and the director?", "followup.ellipsis", "The director of Titanic?"],
    ["ellipsis: a figure", [jaws], "what year?", "followup.ellipsis", "What year of Jaws?"],
    ["substitution of a person", [turn("What did Steven Spielberg direct?")], "what about Ridley Scott?", "followup.substitution", "What did Ridley Scott direct?"],
    ["substitution of a film", [jaws], "how about Alien?", "followup.substitution", "Who directed Alien?"],
    ["substitution of a name the KB lacks", [turn("who directed Zzqxv?")], "what about Alien?", "followup.substitution", "Who directed Alien?"],
    // The whole rest after "and" is a name's slot: a film of those very words is the name, though they link first as a tag.
    ["substitution of a film said in lower case, linked first as a tag", [jaws], "and alien?", "followup.substitution", "Who directed Alien?"],
    // A film TMDB lists and the KB lacks is a film in context and a film substituted, by its TMDB title.
    ["a pronoun after a film TMDB alone lists", [turn("when did the matrix reloaded come out")], "how long is it?", "followup.anaphor", "How long is The Matrix Reloaded?"],
    ["substitution of a film TMDB alone lists", [turn("how long is titanic")], "and what about se7en?", "followup.substitution", "How long is Se7en"],
    // A relative age said alone, after films asked as like others, asks the same again, newer or older than where it started
    // (from a film the graph holds or one TMDB alone lists; a request with facets too).
    ["a relative age after films like one", [turn("movies like jaws")], "something newer?", "followup.relative-age", "Movies like jaws but newer?"],
    ["a relative age after films like one TMDB alone lists", [turn("movies like se7en")], "and anything a bit older?", "followup.relative-age", "Movies like se7en but older?"],
    ["a relative age after a request with facets", [turn("something like star wars with a strong female lead")], "more recent ones please", "followup.relative-age", "Something like star wars with a strong female lead but more recent?"],
    // A chat client keeps only the reply's text: a film TMDB alone lists is read there as the reply writes it, title then year,
    // and the KB film inside its title is its words.
    ["a pronoun after a reply naming a film TMDB alone lists", [turn("how long is it", "The Matrix Reloaded (2003): 138 minutes [1] (running time from TMDB 5000; the knowledge graph does not hold this film).")], "who directed it?", "followup.anaphor", "Who directed The Matrix Reloaded?"],
    ["refinement by a period", [hanks], "only the ones after 2000", "followup.refinement", "What films did Tom Hanks star in after 2000?"],
    ["refinement by a person", [hanks], "and with Meg Ryan?", "followup.refinement", "What films did Tom Hanks star in with Meg Ryan?"],
    ["refinement by a kind", [hanks], "which of those are comedies?", "followup.refinement", "What films did Tom Hanks star in that are comedies?"],
    ["refinement by a kind said as a noun", [hanks], "just the comedies", "followup.refinement", "What films did Tom Hanks star in that are comedies?"],
    // "which ones" narrows the whole set; a film "has" a person (its cast); a clause with its own subject is a condition, one with a pronoun a question.
    // "he" after several people answered: the one whose role the question asks, by far the most in the KB.
    ["person pronoun + a role, after several people: the one of that role", [turn("who wrote The Shining?", "The Shining (1980) was written by Diane Johnson [1], Stanley Kubrick [2] and Stephen King [3].")], "what other films did he direct?", "followup.anaphor", "What other films did Stanley Kubrick direct besides The Shining?"],
    ["which ones + a kind", [hanks], "which ones are comedies", "followup.refinement", "What films did Tom Hanks star in that are comedies?"],
    ["any of them + a condition: the set narrowed", [hanks], "are any of them directed by Steven Spielberg", "followup.refinement", "What films did Tom Hanks star in directed by Steven Spielberg?"],
    ["any + a constraint: the set narrowed", [hanks], "any with Meg Ryan?", "followup.refinement", "What films did Tom Hanks star in with Meg Ryan?"],
    ["any + a kind: the set narrowed", [hanks], "any comedies?", "followup.refinement", "What films did Tom Hanks star in that are comedies?"],
    ["any + a quality: the set ranked by rating", [hanks], "any good ones?", "followup.refinement", "What films did Tom Hanks star in, by rating?"],
    ["a story asked of nothing named: the film in context", [jaws], "what is the plot?", "followup.ellipsis", "What is the plot of Jaws?"],
    ["a pronoun after films compared: the winner", [turn("Which of Alien, Heat and Jaws is the longest?", "Heat (1995) is the longest: 170 minutes [1], against 124 minutes for Jaws (1975) [2]", undefined)].map((t) => ({ ...t, answers: ["Heat", "Jaws", "Alien"] })), "who directed it?", "followup.anaphor", "Who directed Heat?"],
    ["which ones + has a person", [hanks], "which ones have Meg Ryan", "followup.refinement", "What films did Tom Hanks star in that have Meg Ryan?"],
    ["which ones + a clause with its own subject", [turn("films directed by Steven Spielberg", "27 films (Steven Spielberg directed): Schindler's List (1993) [1]")], "which ones did Tom Hanks star in", "followup.refinement", "Films directed by Steven Spielberg that Tom Hanks did star in?"],
    ["which one + a person named: chosen among the films listed", [hanks], "which one has Meg Ryan", "followup.which-one", "Which of Forrest Gump and The Green Mile has Meg Ryan"],
    ["refinement by a kind after what about", [hanks], "what about dramas?", "followup.substitution-constraint", "What films did Tom Hanks star in that are dramas?"],
    ["refinement by a period after what about", [hanks], "what about the 90s?", "followup.substitution-constraint", "What films did Tom Hanks star in from the 90s?"],
    ["a character asked with no film", [titanic], "which actor plays the main protagonist?", "followup.character", "Which actor plays the main protagonist in Titanic?"],
    ["a cast word beside a name the KB lacks", [turn("When was Beverly Hills Cop released?")], "actor of Axel?", "followup.character", "Actor of Axel in Beverly Hills Cop?"],
    // A substitution opener before no name is a turn of talk, not the relation "about".
    ["what about + a role, asked of the film in context", [turn("Who directed Forrest Gump?", "Forrest Gump (1994) was directed by Robert Zemeckis [1].")], "what about the main protagonist?", "followup.character", "The main protagonist in Forrest Gump?"],
    // A pronoun joined to a name by "and" is someone else: the person in context.
    ["a pronoun joined to a name", [turn("Who starred in Beverly Hills Cop?", "Beverly Hills Cop (1984) stars Eddie Murphy [1] and John Ashton [2].")], "films with James Earl Jones and him?", "followup.anaphor", "Films with James Earl Jones and Eddie Murphy?"],
    // A title a role frame makes a character is a character of the film in context, not that film.
    ["a title in a role frame is a character", [turn("Tony Stark was played by what actor in The Avengers movie?", "The Avengers (2012) stars Chris Evans [1].")], "Hulk was played by what actor?", "followup.character", "Hulk was played by what actor in The Avengers?"],
    ["a title asked by who is a character", [turn("Tony Stark was played by what actor in The Avengers movie?", "The Avengers (2012) stars Chris Evans [1].")], "and who was Hulk?", "followup.character", "Who was Hulk in The Avengers?"],
    ["a lower-case word after 'the movie' is the sentence's", [turn("Who directed Avatar?")], "where did the movie take place?", "followup.anaphor", "Where did Avatar take place?"],
    ["a superlative over no set of its own, after a family of films", [turn("Which is the best Rocky movie?")], "which one is the oldest?", "followup.which-one", "Which one is the oldest among the Rocky films?"],
    ["a yes/no about a person's role, the film unsaid", [jaws], "did he also write it?", "followup.anaphor", "Did Steven Spielberg also write Jaws?"],
    ["a yes/no about a role with no film or pointing word for it", [jaws], "did he help write the screenplay?", "followup.role-check", "Did Steven Spielberg help write the screenplay of Jaws?"],
    ["which one, after several films", [turn("Who directed Heat and Ronin?")], "Which one is longer?", "followup.which-one", "Which of Heat and Ronin is longer?"],
    // A ranking of an earlier list of films asked for: that question again, ranked, so the whole set is ranked (not the names a question can list).
    ["which one + a ranking, after films asked for", [hanks], "which one is the most recent", "followup.which-one", "What films did Tom Hanks star in, which is the most recent?"],
    ["a superlative over no set of its own, after films asked for", [hanks], "what's the longest?", "followup.within", "What films did Tom Hanks star in, which is the longest?"],
    ["which of those + a ranking, after films asked for", [hanks], "which of those is the oldest", "followup.anaphor", "What films did Tom Hanks star in, which is the oldest?"],
    // "that year": the year of the film in context; "other" leaves the film out.
    ["that year, after a turn about one film", [turn("When was The Lion King released?", "The Lion King (1994) was released in 1994 [1].")], "any other disney movies from that year?", "followup.same-year", "Any other disney movies from 1994 besides The Lion King?"],
    ["a ranking after a turn about a family of films: among the family", [turn("How many Rocky movies are there?")], "which one was the last", "followup.which-one", "Which one was the last among the Rocky films?"],
    // "any sequels?", "how many sequels?": the family of the film in context, as "the sequel" is.
    ["any sequels, with a film in context", [jaws], "any sequels?", "followup.series", "Any sequels to Jaws?"],
    ["how many sequels, with a film in context", [jaws], "how many sequels?", "followup.series", "How many sequels to Jaws?"],
    ["the series, with a film in context: its family", [turn("Who directed Rocky?", "Rocky (1976) was directed by John G. Avildsen [1].")], "how many movies are in the series?", "followup.series", "How many movies are in the Rocky series?"],
    ["the second one, with a film in context: its family's second", [turn("Who directed Rocky?", "Rocky (1976) was directed by John G. Avildsen [1].")], "what is the second one?", "followup.series", "What is the second Rocky movie?"],
    ["the sequel, with a film in context: the sequel to it", [jaws], "and the sequel?", "followup.series", "The sequel to Jaws?"],
    // A film pronoun compared with a named film is the film in context, not the one named.
    ["it, compared with a film named: the film in context", [titanic], "is it longer than Avatar?", "followup.anaphor", "Is Titanic longer than Avatar?"],
    // A turn that asked a fact of one film it picked by its place is about that film, not the series it was picked from.
    ["film pronoun after a film picked by its place: that film", [turn("When did the third Back to the Future movie come out", "Back to the Future Part III (1990) was released in 1990 [1].")], "who directed it", "followup.anaphor", "Who directed Back to the Future Part III"],
    // A place in an order said alone, after a turn that asked a film by its place: the same question at that place.
    ["a place alone after a place asked: that place", [turn("what was the last film directed by Stanley Kubrick", "The latest is Eyes Wide Shut (1999) [1].")], "and the first?", "followup.place-in-order", "What was the first film directed by Stanley Kubrick"],
    ["a sequel asked with 'a', the film unsaid: the sequel to the film in context", [jaws], "is there a sequel?", "followup.series", "Is there a sequel to Jaws?"],
    // "the first one" after a list of films is the first listed; "which of them" with a superlative ranks the list.
    ["the first one, after a list: its first film", [hanks], "who directed the first one?", "followup.series", "Who directed Forrest Gump?"],
    ["which of them + a superlative: ranked, not narrowed", [hanks], "which of them came out first?", "followup.anaphor", "What films did Tom Hanks star in, which came out first?"],
    // "that city" stands for the place the turn before asked about, not for its film.
    ["that city, after a birthplace asked: that place", [turn("What is Shane Black's place of birth?", "The knowledge base does not record where Shane Black was born.")], "In which state is that city?", "followup.place", "In which state is the place where Shane Black was born?"],
    ["a question about nothing the KB covers alone, naming and pointing at nothing: of the film in context", [jaws], "Which player is represented?", "followup.in-context", "Which player is represented of Jaws?"],
    // A gendered pronoun after a list of people: one whose first name is of that gender (the KB records no gender).
    ["she, after a cast list: the first woman of it", [turn("who starred in the shining", "The Shining (1980) stars Danny Lloyd [1], Jack Nicholson [2], Scatman Crothers [3] and Shelley Duvall [4].")], "where was she born", "followup.anaphor", "Where was Shelley Duvall born"],
    ["he, after one person answered: that person whatever the name lists say", [turn("who directed The Avengers?", "The Avengers (2012) was directed by Joss Whedon [1].")], "did he write it too?", "followup.anaphor", "Did Joss Whedon write The Avengers too?"],
    ["a person said with the pronoun's person: the pronoun is someone else", [turn("who directed Casablanca?", "Casablanca (1942) was directed by Michael Curtiz [1].")], "what other movies did he direct with Humphrey Bogart?", "followup.anaphor", "What other movies did Michael Curtiz direct with Humphrey Bogart besides Casablanca?"],
    ["the director, of no film said, with a period of its own: of the film in context", [jaws], "what else did the director make in the 80s?", "followup.role-of-film", "What else did the director of Jaws make in the 80s?"],
    ["the sequel and a pronoun: both read", [titanic, turn("who was the main actress", "Titanic (1997) stars Kate Winslet [1] and Leonardo DiCaprio [2].", "Who was the main actress of Titanic")], "was she in the sequel?", "followup.series", "Was Kate Winslet in the sequel to Titanic?"],
    ["a yes/no about a person's role that says films: her films, not the film in context", [turn("who directed The Beaver?", "The Beaver (2011) was directed by Jodie Foster [1].")], "did she direct any other films?", "followup.anaphor", "Did Jodie Foster direct any other films besides The Beaver?"],
    ["and him?, after a question of a woman: the previous question asked of the man pointed at", [titanic, turn("what other movies has she been in?", "16 films (Kate Winslet acted in, not Titanic (1997)): The Reader (2008) [1]", "What other movies has Kate Winslet been in besides Titanic?")], "and him?", "followup.substitution-pronoun", "What other movies has Leonardo DiCaprio been in besides Titanic?"],
    ["together with, after one person answered", [turn("who directed Jaws?", "Jaws (1975) was directed by Steven Spielberg [1].")], "films together with Richard Dreyfuss?", "followup.together", "Films together with Richard Dreyfuss and Steven Spielberg?"],
  ])("%s", async (_kind, history, question, rule, resolved) => {
    const f = await resolveFollowUp(question, history, kb);
    expect({ rule: f.rule, question: f.question }).toEqual({ rule, question: resolved });
  });

  it.each<[string, ConversationTurn[], string]>([
    ["a question that names its own film", [jaws], "Who directed Alien?"],
    ["a question of another domain", [jaws], "Who is the president of France?"],
    ["a title made of a pronoun, written as a title", [jaws], "who directed It Follows?"],
    ["a new subject with its own kind and period", [jaws], "best comedies of the 90s"],
    ["no earlier turn", [], "when did it come out?"],
    ["the film set narrowed is a recent one, not an old one", [hanks, jaws, turn("who wrote it?", "Peter Benchley [1] and Carl Gottlieb [2]", "Who wrote Jaws?")], "just the comedies"],
  ])("stands alone: %s", async (_why, history, question) => {
    const f = await resolveFollowUp(question, history, kb);
    expect(f).toMatchObject({ kind: "standalone", question: question.trim() });
  });

  it("reads a chat transcript's reply for the answers a pronoun points at", async () => {
    const { question, history } = conversationFromMessages([
      { role: "system", text: "You answer questions about films." },
      { role: "user", text: "Who directed Jaws?" },
      { role: "assistant", text: "Jaws (1975) was directed by Steven Spielberg [1].\n\n[1] Steven Spielberg directed Jaws" },
      { role: "user", text: "What else did he direct?" },
    ]);
    expect(history).toEqual([{ question: "Who directed Jaws?", answer: "Jaws (1975) was directed by Steven Spielberg [1].\n\n[1] Steven Spielberg directed Jaws" }]);
    const f = await resolveFollowUp(question, history, kb);
    // "else": Spielberg's films but Jaws, the film the conversation is about.
    expect(f.referents).toEqual([
      { name: "Steven Spielberg", type: "Person", from: "answer", turn: 0 },
      { name: "Jaws", said: "Jaws", type: "Movie", from: "topic", turn: 0 },
    ]);
  });

  it("prefers the answers the service kept over names in the reply", async () => {
    const f = await resolveFollowUp("when was it released?", [{ question: "What is the highest rated Tom Hanks movie?", answer: "Forrest Gump (1994), with 8.2/10, ahead of Big [2]", answers: ["Forrest Gump"] }], kb);
    expect(f.question).toBe("When was Forrest Gump released?");
  });

  it("every rule names the kind it reads and what it reads", () => {
    for (const r of FOLLOW_UP_RULES) expect(r.reads.length).toBeGreaterThan(10);
    expect(new Set(FOLLOW_UP_RULES.map((r) => r.id)).size).toBe(FOLLOW_UP_RULES.length);
  });
});
