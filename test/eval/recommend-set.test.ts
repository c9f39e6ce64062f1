import { describe, expect, it } from "vitest";
import { filmIndex } from "../../eval/open-requests/film-match";
import { parseInspiredTsv, parseMovieDict } from "../../eval/recommend/inspired-tsv";
import { joinUtterances, loadRecommendSet, RECOMMEND_CATEGORIES, recommendSetFrom } from "../../eval/recommend/load";
import { mentionedIn } from "../../eval/recommend/mention";
import { loadRawKb, rawKbFromTriples } from "../../eval/real/raw-kb";
import { hasRealData, realConfig } from "../helpers/real-kb";

const kb = rawKbFromTriples(
  ["Glass Orchard|release_year|1994", "Sun Tower|release_year|1999", "Marley and Moth|release_year|2008", "Rook|release_year|2003", "Friday|release_year|1995"].map((l) => l.split("|") as [string, string, string]),
);

const HEADER = "dialog_id\tutt_id\tspeaker\tturn_id\ttext\ttext_with_placeholder\tmovies\tgenres\tpeople_names\tmovie_dict\tgenre_dict\tactor_dict\tdirector_dict\tothers_dict\texpert_label\tsecond_label\tfine_label\tcoarse_label\tmovie_id";
/** One TSV line of a fictional dialogue in INSPIRED's columns. */
const line = (id: string, speaker: "SEEKER" | "RECOMMENDER", text: string, placeholder: string, dict: string, outcome: string) =>
  [id, "1", speaker, "1", text, placeholder, "", "", "", dict, "", "", "", "", "", "", outcome, "accept_new", "xyz"].join("\t");

const D1 = "{'Glass Orchard (1994)': 0, 'Sun Tower (1999)': 1, 'Marley & Moth (2008)': 2, 'Rook (2003)': 3, 'Nowhere Film (2019)': 4, 'Friday (1995)': 5}";
const fixture = [
  HEADER,
  line("d1", "RECOMMENDER", "Hi! What do you like?", "Hi! What do you like?", D1, "accept_rating_good"),
  line("d1", "SEEKER", "Hello", "Hello", D1, "accept_rating_good"),
  line("d1", "SEEKER", "I loved QUOTATION_MARKGlass OrchardQUOTATION_MARK", 'I loved "[MOVIE_TITLE_0]"', D1, "accept_rating_good"),
  line("d1", "SEEKER", "I want to see Sun Tower", "I want to see [MOVIE_TITLE_1]", D1, "accept_rating_good"),
  // The seeker named Glass Orchard first: the recommender agreeing is no suggestion. "Friday Night" is not the film Friday.
  line("d1", "RECOMMENDER", "Glass Orchard is great. See you Friday Night", "[MOVIE_TITLE_0] is great. See you [MOVIE_TITLE_5] Night", D1, "accept_rating_good"),
  line("d1", "SEEKER", "Ok", "Ok", D1, "accept_rating_good"),
  line("d1", "RECOMMENDER", "Try Marley & Moth, or Nowhere Film.", "Try [MOVIE_TITLE_2], or [MOVIE_TITLE_4].", D1, "accept_rating_good"),
  line("d1", "SEEKER", "Sounds good", "Sounds good", D1, "accept_rating_good"),
  line("d1", "RECOMMENDER", "Also Rook!", "Also [MOVIE_TITLE_3]!", D1, "accept_rating_good"),
  // A tag whose title the text does not hold is a mis-tag and is left out.
  line("d1", "RECOMMENDER", "Enjoy the trailer", "Enjoy the [MOVIE_TITLE_1]", D1, "accept_rating_good"),
  line("d2", "RECOMMENDER", "Hi", "Hi", "{'Nowhere Film (2019)': 0}", "reject"),
  line("d2", "SEEKER", "I like horror films", "I like [MOVIE_GENRE_0] films", "{'Nowhere Film (2019)': 0}", "reject"),
  line("d2", "RECOMMENDER", "Watch Nowhere Film", "Watch [MOVIE_TITLE_0]", "{'Nowhere Film (2019)': 0}", "reject"),
  line("d3", "RECOMMENDER", "Try Rook", "Try [MOVIE_TITLE_0]", "{'Rook (2003)': 0}", "accept_others"),
  line("d3", "SEEKER", "Sure", "Sure", "{'Rook (2003)': 0}", "accept_others"),
  line("d4", "SEEKER", "Hi, anything good?", "Hi, anything good?", "{}", "accept_others"),
  line("d4", "RECOMMENDER", "Not sure", "Not sure", "{}", "accept_others"),
  // A damaged movie_dict (a quote missing) still reads; an entry without a year names no film.
  line("d5", "SEEKER", "I like horror", "I like [MOVIE_GENRE_0]", "{'Rook (2003): 0, 'Office ()': 1}", "reject"),
  line("d5", "RECOMMENDER", "Rook then", "[MOVIE_TITLE_0] then", "{'Rook (2003): 0, 'Office ()': 1}", "reject"),
].join("\n");

describe("recommend requests: INSPIRED dialogues as one request each", () => {
  it("reads the TSV and its damaged film dictionaries", () => {
    expect(parseMovieDict("{'Rook (2003): 0, 'Office ()': 1, '': 2}")).toEqual({ films: new Map([[0, "Rook (2003)"]]), unreadEntries: 2 });
    expect(parseMovieDict(`{"Ocean's Rook (2003)": 0}`).films.get(0)).toBe("Ocean's Rook (2003)");
    const { dialogues } = parseInspiredTsv(fixture, "f.tsv");
    expect(dialogues.map((d) => d.id)).toEqual(["d1", "d2", "d3", "d4", "d5"]);
    expect(dialogues[0]!.utterances[2]!.text).toBe('I loved "Glass Orchard"');
    expect(() => parseInspiredTsv(`${HEADER}\nd1\tonly two`, "f.tsv")).toThrow(/f\.tsv:2: 2 fields, the header has 19/);
    expect(() => parseInspiredTsv("a\tb\n", "f.tsv")).toThrow(/no column dialog_id/);
  });

  it("checks that an utterance names the film its tag says", () => {
    expect(mentionedIn("Try Marley & Moth!", "Marley & Moth")).toBe(true);
    expect(mentionedIn("have you seen glass orchard?", "The Glass Orchard")).toBe(true);
    expect(mentionedIn("It came out on Friday 13", "Friday")).toBe(false);
    expect(mentionedIn("See you Friday Night", "Friday")).toBe(false);
    expect(mentionedIn("Watch Friday, it is funny", "Friday")).toBe(true);
    expect(mentionedIn("How about Alien from 1979?", "Alien Abduction")).toBe(false);
  });

  it("joins the seeker's words as a person would type them", () => {
    expect(joinUtterances(["Hello", "I like drama.", "  ", "And you?", "ok"])).toBe("Hello. I like drama. And you? ok");
  });

  it("takes the seeker's words up to the first suggestion; gold = the suggestions in the KB, the last one accepted; seen films kept apart", () => {
    const set = recommendSetFrom(fixture, "f.tsv", filmIndex(kb));
    expect(set.dialogues).toBe(5);
    expect(set.dropped).toEqual({ noSuggestion: ["d4"], noSeekerWords: ["d3"], noKbFilm: ["d2"] });
    expect(set.items.map((i) => i.id)).toEqual(["rec:inspired:d1", "rec:inspired:d5"]);
    const d1 = set.items[0]!;
    expect(d1.question).toBe('Hello. I loved "Glass Orchard". I want to see Sun Tower. Ok');
    expect(d1.answers).toEqual(["Marley and Moth", "Rook"]);
    expect(d1.accepted).toEqual(["Rook"]);
    // Sun Tower is named in a wish to see it: not a seen film.
    expect(d1.seen).toEqual(["Glass Orchard"]);
    expect(d1.named.map((n) => [n.film, n.seen])).toEqual([["Glass Orchard (1994)", true], ["Sun Tower (1999)", false]]);
    expect(d1.suggestions.find((s) => s.film === "Nowhere Film (2019)")!.kb).toEqual([]);
    expect(d1.category).toBe("names-film");
    const d5 = set.items[1]!;
    expect(d5).toMatchObject({ question: "I like horror", answers: ["Rook"], accepted: [], seen: [], category: "genre", outcome: "reject" });
    expect(set.unverifiedTags).toBe(2);
    expect(set.unreadDictEntries).toBe(1);
  });

  it("has only the dev split: train could not be obtained, test is held out", () => {
    expect(() => loadRecommendSet("/nonexistent", "train")).toThrow(/only the dev split/);
    expect(() => loadRecommendSet("/nonexistent", "test")).toThrow(/held out/);
  });
});

describe.skipIf(!hasRealData)(`recommend set on the real data${hasRealData ? "" : " (skipped: no data)"}`, () => {
  it("yields at least 60 requests whose gold and seen films are KB films, none seen and suggested at once", () => {
    const set = loadRecommendSet(realConfig.dataDir!, "dev");
    const raw = loadRawKb(realConfig.dataDir!);
    expect(set.dialogues).toBe(99);
    expect(set.items.length).toBeGreaterThanOrEqual(60);
    expect(set.items.length + Object.values(set.dropped).reduce((n, d) => n + d.length, 0)).toBe(99);
    for (const i of set.items) {
      expect(RECOMMEND_CATEGORIES).toContain(i.category);
      expect(i.answers.length).toBeGreaterThan(0);
      for (const f of [...i.answers, ...i.seen]) expect(raw.isFilm(f), f).toBe(true);
      for (const a of i.accepted) expect(i.answers).toContain(a);
      for (const s of i.seen) expect(i.answers).not.toContain(s);
      expect(i.question.trim().length).toBeGreaterThan(0);
      expect(i.question).not.toMatch(/QUOTATION_MARK|\[MOVIE_/);
    }
  });
});
