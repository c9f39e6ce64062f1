import { describe, expect, it } from "vitest";
import { buildLuceneQuery, escapeLucene, fulltextQuery, fuzzyEdits, matchedFields, queryTerms } from "../../src/adapters/neo4j/fulltext";

describe("Lucene escaping", () => {
  it("puts a backslash before every special character and leaves the rest alone", () => {
    expect(escapeLucene("starfall")).toBe("starfall");
    expect(escapeLucene("a+b-c")).toBe("a\\+b\\-c");
    expect(escapeLucene('(x) [y] {z} "q"')).toBe('\\(x\\) \\[y\\] \\{z\\} \\"q\\"');
    expect(escapeLucene("name:*?~^!")).toBe("name\\:\\*\\?\\~\\^\\!");
    expect(escapeLucene("a&&b||c/d\\e")).toBe("a\\&\\&b\\|\\|c\\/d\\\\e");
  });

  it("leaves no special character unescaped, whatever the input", () => {
    const all = '+-&|!(){}[]^"~*?:\\/ plain';
    const escaped = escapeLucene(all);
    // Remove every escaped pair; nothing special may remain.
    expect(escaped.replace(/\\./g, "")).toBe(" plain");
  });
});

describe("full-text query terms", () => {
  it("analyses words as the embedded index does: folds case, accents and apostrophes, drops stop words and duplicates, stems", () => {
    expect(queryTerms("The Céline DUPRÉ and céline")).toEqual(["celine", "dupre"]);
    expect(queryTerms("Peter O’Toole's films")).toEqual(["peter", "otoole", "film"]);
    expect(queryTerms("heists discovers")).toEqual(["heist", "discover"]);
    expect(queryTerms("sci-fi: (space) 1999!")).toEqual(["sci", "fi", "space", "1999"]);
    expect(queryTerms("the of and")).toEqual([]);
    expect(queryTerms("")).toEqual([]);
  });

  it("allows MiniSearch's fraction of the term length in edits, at most Lucene's 2", () => {
    expect(fuzzyEdits("whitfeld", undefined)).toBe(0);
    expect(fuzzyEdits("whitfeld", 0)).toBe(0);
    expect(fuzzyEdits("whitfeld", 0.2)).toBe(2);
    expect(fuzzyEdits("star", 0.2)).toBe(1);
    expect(fuzzyEdits("ab", 0.2)).toBe(0);
    expect(fuzzyEdits("extraordinarily", 0.5)).toBe(2);
  });
});

describe("Lucene query building", () => {
  it("searches every field's index terms with the embedded index's boosts", () => {
    expect(buildLuceneQuery("quiet harbor")).toEqual({
      text: "(s_name:quiet^3 OR s_plot:quiet OR s_overview:quiet OR s_tags:quiet^1.5 OR s_people:quiet^1.2) OR (s_name:harbor^3 OR s_plot:harbor OR s_overview:harbor OR s_tags:harbor^1.5 OR s_people:harbor^1.2)",
      terms: ["quiet", "harbor"],
      fields: ["name", "plot", "overview", "tags", "people"],
    });
  });

  it("restricts fields, and adds prefix and fuzzy forms of each term", () => {
    expect(buildLuceneQuery("starf", { fields: ["plot", "name"], prefix: true })!.text).toBe("(s_name:(starf OR starf*)^3 OR s_plot:(starf OR starf*))");
    expect(buildLuceneQuery("whitfeld", { fields: ["people"], fuzzy: 0.2 })!.text).toBe("(s_people:(whitfeld OR whitfeld~2)^1.2)");
    expect(buildLuceneQuery("whitfeld", { fields: ["name"], fuzzy: 0.2, prefix: true })!.text).toBe("(s_name:(whitfeld OR whitfeld* OR whitfeld~2)^3)");
  });

  it("has nothing to search for stop words alone or no fields", () => {
    expect(buildLuceneQuery("the of and")).toBeUndefined();
    expect(buildLuceneQuery("harbor", { fields: [] })).toBeUndefined();
  });

  it("cannot be steered by query syntax in the user's words", () => {
    const q = buildLuceneQuery('name:* OR plot:"x" AND NOT (*:*) ledger~9^100', { fields: ["name"] })!;
    expect(q.terms).toEqual(["name", "plot", "x", "ledger", "9", "100"]);
    expect(q.text).not.toMatch(/\*:\*|~9|\^100|NOT|AND/);
  });

  it("runs on the named index with the type filter before the limit, all values as parameters", () => {
    const q = fulltextQuery("entity_text", "(name:ledger^3)", { types: ["Movie", "Person"], limit: 7 });
    expect(q.text).toContain("CALL db.index.fulltext.queryNodes($index, $query) YIELD node, score");
    expect(q.text.indexOf("WHERE $types IS NULL")).toBeLessThan(q.text.indexOf("LIMIT toInteger($limit)"));
    expect(q.text).not.toContain("ledger");
    expect(q.params).toEqual({ index: "entity_text", query: "(name:ledger^3)", types: ["Movie", "Person"], limit: 7 });
    expect(fulltextQuery("entity_text", "x", { types: [] }).params).toMatchObject({ types: null, limit: 10 });
  });
});

describe("matched fields", () => {
  // Stored as index terms (what ingest writes to s_name, s_plot …).
  const doc = { name: "midnight ledger", plot: "accountant discover ledger record bank heist", overview: null, tags: "thriller crime heist", people: "jona whitfield nadia frost celine dupre" };

  it("lists, per query term, the searched fields that contain it", () => {
    expect(matchedFields(["ledger", "heist", "dupre", "zebra"], ["name", "plot", "overview", "tags", "people"], doc)).toEqual({
      ledger: ["name", "plot"],
      heist: ["plot", "tags"],
      dupre: ["people"],
    });
    expect(matchedFields(["ledger"], ["plot"], doc)).toEqual({ ledger: ["plot"] });
  });

  it("counts prefix and fuzzy matches only when those options are on", () => {
    expect(matchedFields(["accou"], ["plot"], doc)).toEqual({});
    expect(matchedFields(["accou"], ["plot"], doc, { prefix: true })).toEqual({ accou: ["plot"] });
    expect(matchedFields(["whitfeld"], ["people"], doc)).toEqual({});
    expect(matchedFields(["whitfeld"], ["people"], doc, { fuzzy: 0.2 })).toEqual({ whitfeld: ["people"] });
  });
});
