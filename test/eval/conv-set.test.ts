import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONVERSATIONS_NEW_PATH,
  CONVERSATIONS_PATH,
  CONV_CATEGORIES,
  ConvLine,
  answerRefs,
  conversationGold,
  evaluateAll,
  evaluateConversation,
  overlapProblems,
  readConvLines,
  substituteAnswerOf,
} from "../../eval/conv/gold";
import { GoldError, type Expr } from "../../eval/real/gold-spec";
import { REAL_KINDS } from "../../eval/real/load";
import { rawKbFromTriples, type TmdbRow } from "../../eval/real/raw-kb";
import { hasRealData, realConfig } from "../helpers/real-kb";

// ---------------------------------------------------------------------------------------------
// A tiny fictional KB for the parts of the gold this set adds ({"answer_of"}, {"all"}).
// ---------------------------------------------------------------------------------------------
const T = (s: string): [string, string, string] => s.split("|") as [string, string, string];
const kb = rawKbFromTriples(
  [
    "Kite|directed_by|Ann Vale",
    "Kite|written_by|Ann Vale",
    "Kite|starred_actors|Bo Kerr",
    "Kite|release_year|1990",
    "Kite 2|directed_by|Ann Vale",
    "Kite 2|release_year|1994",
    "Kite 3|directed_by|Dee Ross",
    "Kite 3|release_year|1999",
    "Lone|directed_by|Dee Ross",
    "Lone|release_year|2001",
  ].map(T),
  [
    { title: "Kite", releaseDate: "1990-01-01", runtime: 100 },
    { title: "Kite 2", releaseDate: "1994-01-01", runtime: 95 },
    { title: "Kite 3", releaseDate: "1999-01-01", runtime: 120 },
  ].map((r): TmdbRow => ({ budget: undefined, revenue: undefined, vote_average: undefined, vote_count: undefined, popularity: undefined, ...r })),
);
const E = (entity: string) => ({ entity });
const ORIGIN = "owner/repo:train_set/train_set_movies.json";

type RawTurn = { qid: string; question: string; category: string; label: { kind: string; gold: unknown }; note?: string };
const turn = (qid: string, category: string, kind: string, gold: unknown): RawTurn => ({ qid, question: `q ${qid}?`, category, label: { kind, gold } });
const line = (turns: RawTurn[], id = "conv:cq:7") => ({ id, source: "convquestions-train", origin: ORIGIN, group: "kite", turns });
const okTurns = (): RawTurn[] => [
  turn("7-0", "first", "order", { pick: { title_family: "Kite" }, by: "runtime", max: true }),
  turn("7-1", "answer-ref", "lookup", { answers: { follow: { answer_of: 0 }, rel: "directed_by" } }),
  turn("7-2", "answer-ref", "lookup", { answers: { minus: [{ follow: { answer_of: 1 }, rel: "~directed_by" }, { answer_of: 0 }] } }),
  turn("7-4", "pronoun", "beyond", { lacks: "birthplace", about: { answer_of: 1 } }),
];

describe("conv set: gold additions on a fictional fixture", () => {
  it("answer_of: found, replaced, and chained through a conversation", () => {
    const g = { answers: { and: [{ answer_of: 1 }, { follow: { answer_of: 3 }, rel: "x" }] } };
    expect(answerRefs(g)).toEqual([1, 3]);
    expect(substituteAnswerOf(g, (n) => ({ entities: [`t${n}`] }))).toEqual({ answers: { and: [{ entities: ["t1"] }, { follow: { entities: ["t3"] }, rel: "x" }] } });
    const { item } = evaluateConversation(ConvLine.parse(line(okTurns())), kb);
    expect(item).toMatchObject({ id: "conv:cq:7", dataset: "conv", group: "kite" });
    expect(item.turns.map((t) => [t.id, t.turn, t.answers])).toEqual([
      ["conv:cq:7#0", 0, ["Kite 3"]],
      ["conv:cq:7#1", 1, ["Dee Ross"]],
      ["conv:cq:7#2", 2, ["Lone"]],
      ["conv:cq:7#4", 3, []],
    ]);
    expect(item.turns[3]).toMatchObject({ category: "pronoun", kind: "beyond", expect: { kind: "lacks", fact: "birthplace" } });
  });

  it("all: yes iff every item beats the reference; a missing figure or a bad reference is an error", () => {
    const others: Expr = { minus: [{ title_family: "Kite" }, E("Kite")] };
    expect(evaluateAll({ items: others, by: "runtime", op: "lt", than: E("Kite") }, kb)).toMatchObject({ form: "verdict", verdict: "no" });
    expect(evaluateAll({ items: E("Kite 2"), by: "runtime", op: "lt", than: E("Kite") }, kb)).toMatchObject({ verdict: "yes" });
    expect(evaluateAll({ items: E("Kite 3"), by: "release_year", op: "gt", than: E("Kite") }, kb)).toMatchObject({ verdict: "yes" });
    expect(() => evaluateAll({ items: E("Lone"), by: "runtime", op: "lt", than: E("Kite") }, kb)).toThrow(/no runtime for Lone/);
    expect(() => evaluateAll({ items: E("Kite 2"), by: "runtime", op: "lt", than: { entities: ["Kite", "Kite 3"] } }, kb)).toThrow(/exactly one/);
    const conv = line([turn("7-0", "first", "check", { all: { items: others, by: "runtime", op: "lt", than: E("Kite") } }), ...okTurns().slice(1, 3)]);
    conv.turns[1] = turn("7-1", "pronoun", "lookup", { answers: { follow: E("Kite"), rel: "directed_by" } });
    conv.turns[2] = turn("7-2", "ellipsis", "lookup", { answers: { follow: E("Kite"), rel: "release_year" } });
    const { item } = evaluateConversation(ConvLine.parse(conv), kb);
    expect(item.turns[0]).toMatchObject({ answers: ["no"], expect: { kind: "verdict", verdict: "no" } });
  });

  it("an empty gold or a non-KB entity is an error naming the turn", () => {
    const empty = line([okTurns()[0]!, turn("7-1", "pronoun", "lookup", { answers: { follow: E("Lone"), rel: "written_by" } }), okTurns()[1]!]);
    empty.turns[2] = turn("7-2", "ellipsis", "lookup", { answers: { follow: E("Lone"), rel: "release_year" } });
    expect(() => evaluateConversation(ConvLine.parse(empty), kb)).toThrow(/conv:cq:7#1: gold answer set is empty/);
    const missing = line([turn("7-0", "first", "lookup", { answers: { follow: E("Nope"), rel: "directed_by" } }), ...okTurns().slice(1, 3)]);
    expect(() => evaluateConversation(ConvLine.parse(missing), kb)).toThrow(GoldError);
  });

  it("rejects malformed conversations", () => {
    const bad = (turns: RawTurn[], id?: string) => ConvLine.safeParse(line(turns, id)).success;
    expect(bad(okTurns())).toBe(true);
    expect(bad(okTurns().slice(0, 2))).toBe(false); // fewer than 3 turns
    expect(bad(okTurns(), "conv:cq:8")).toBe(false); // qids of another conversation
    expect(bad([okTurns()[1]!, okTurns()[0]!, okTurns()[2]!])).toBe(false); // out of order, first not first
    expect(bad([okTurns()[0]!, { ...okTurns()[1]!, category: "first" }, okTurns()[2]!])).toBe(false); // "first" twice
    expect(bad([okTurns()[0]!, okTurns()[1]!, { ...okTurns()[3]!, label: { kind: "lookup", gold: { lacks: "award", about: E("Kite") } } }])).toBe(false); // lacks must be "beyond"
    expect(bad([okTurns()[0]!, okTurns()[1]!, turn("7-2", "pronoun", "beyond", { answers: E("Kite") })])).toBe(false); // "beyond" must be lacks
    expect(bad([okTurns()[0]!, turn("7-1", "answer-ref", "lookup", { answers: { answer_of: 2 } }), okTurns()[2]!])).toBe(false); // a later turn
    const afterBeyond = [okTurns()[0]!, turn("7-1", "pronoun", "beyond", { lacks: "award", about: E("Kite") }), turn("7-2", "answer-ref", "lookup", { answers: { answer_of: 1 } })];
    expect(bad(afterBeyond)).toBe(false); // a "beyond" turn has no answers to refer to
    expect(bad([okTurns()[0]!, okTurns()[1]!, turn("7-2", "pronoun", "lookup", { answers: { guess: 1 } })])).toBe(false); // not the gold language
  });

  it("reads a file: bad JSON, a bad line and a duplicate id are errors naming the line", () => {
    const dir = mkdtempSync(join(tmpdir(), "conv-set-"));
    try {
      const path = join(dir, "c.jsonl");
      const good = JSON.stringify(line(okTurns()));
      writeFileSync(path, `${good}\n\n`);
      expect(readConvLines(path)).toHaveLength(1);
      writeFileSync(path, `${good}\n${good}\n`);
      expect(() => readConvLines(path)).toThrow(/c\.jsonl:2: duplicate id/);
      writeFileSync(path, `${good}\n{oops\n`);
      expect(() => readConvLines(path)).toThrow(/c\.jsonl:2: not JSON/);
      writeFileSync(path, `${good.replace('"convquestions-train"', '"convquestions-test"')}\n`);
      expect(() => readConvLines(path)).toThrow(/c\.jsonl:1: source/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("overlap: an id of the first file, or the same kept questions word for word, is a problem", () => {
    const first = [ConvLine.parse(line(okTurns()))];
    const other = (id: string, turns: RawTurn[]) => ConvLine.parse(line(turns.map((t) => ({ ...t, qid: t.qid.replace(/^7-/, `${id}-`) })), `conv:cq:${id}`));
    const reworded = okTurns();
    reworded[1] = { ...reworded[1]!, question: "and the director of that one?" };
    expect(overlapProblems(first, [other("8", reworded)])).toEqual([]);
    expect(overlapProblems(first, [other("7", reworded)])).toEqual(["conv:cq:7 is also in the first file"]);
    expect(overlapProblems(first, [other("8", okTurns())])).toEqual(["conv:cq:8 repeats conv:cq:7 word for word"]);
    expect(overlapProblems([], [other("8", reworded), other("9", reworded)])).toEqual(["conv:cq:9 repeats conv:cq:8 word for word"]);
  });
});

/** The two files: the first (conv) and the second (conv-new), with the least each must hold. */
const FILES = [
  { name: "conversations.jsonl", path: CONVERSATIONS_PATH, min: 60, groups: 15, kinds: ["lookup", "check", "beyond"], categories: ["first", "pronoun", "ellipsis", "substitution", "answer-ref"] },
  { name: "conversations-new.jsonl", path: CONVERSATIONS_NEW_PATH, min: 40, groups: 8, kinds: ["lookup", "check", "beyond"], categories: ["first", "pronoun", "ellipsis", "answer-ref", "explicit"] },
] as const;

describe.each(FILES)("conv set: the labelled file $name", ({ path, min, groups, kinds, categories }) => {
  const lines = readConvLines(path);

  it(`holds ${min}–150 train-split conversations of 3–5 turns with unique ids`, () => {
    expect(lines.length).toBeGreaterThanOrEqual(min);
    expect(lines.length).toBeLessThanOrEqual(150);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    for (const l of lines) {
      expect(l.source).toBe("convquestions-train");
      expect(l.origin, l.id).toMatch(/train_set\/train_set_movies\.json$/);
      expect(l.origin, l.id).not.toMatch(/(^|[/_:])(dev|test|val)[/_.]/i);
      expect(l.turns.length, l.id).toBeGreaterThanOrEqual(3);
      expect(l.turns.length, l.id).toBeLessThanOrEqual(5);
      for (const t of l.turns) expect(t.question.trim().length, t.qid).toBeGreaterThan(0);
    }
  });

  it("covers several base conversations and the main follow-up kinds", () => {
    expect(new Set(lines.map((l) => l.group)).size).toBeGreaterThanOrEqual(groups);
    const seen = new Set(lines.flatMap((l) => l.turns.map((t) => t.category)));
    for (const c of categories) expect(seen).toContain(c);
    const seenKinds = new Set(lines.flatMap((l) => l.turns.map((t) => t.label.kind)));
    for (const k of kinds) expect(seenKinds).toContain(k);
  });

  it("repeats no conversation word for word", () => {
    expect(overlapProblems([], lines)).toEqual([]);
  });
});

describe("conv set: the second file against the first", () => {
  const first = readConvLines(CONVERSATIONS_PATH);
  const second = readConvLines(CONVERSATIONS_NEW_PATH);

  it("shares no id and no conversation word for word with the first file", () => {
    expect(overlapProblems(first, second)).toEqual([]);
  });

  it("every conversation has a question the first file does not have", () => {
    const asked = new Set(first.flatMap((l) => l.turns.map((t) => t.question)));
    for (const l of second) expect(l.turns.some((t) => !asked.has(t.question)), l.id).toBe(true);
  });
});

describe.skipIf(!hasRealData)(`conv set on the real data${hasRealData ? "" : " (skipped: no MetaQA data)"}`, () => {
  it.each(FILES)("$name: computes every turn's gold from the raw data; every non-beyond turn has answers", ({ path }) => {
    const convs = conversationGold(realConfig.dataDir!, path);
    expect(convs.length).toBe(readConvLines(path).length);
    const turnIds = new Set<string>();
    for (const c of convs) {
      expect(c.dataset).toBe("conv");
      c.turns.forEach((t, i) => {
        expect(t.turn, t.id).toBe(i);
        expect(t.id.startsWith(`${c.id}#`), t.id).toBe(true);
        expect(turnIds.has(t.id), t.id).toBe(false);
        turnIds.add(t.id);
        expect(CONV_CATEGORIES).toContain(t.category);
        expect(REAL_KINDS).toContain(t.kind);
        expect(t.category === "first", t.id).toBe(i === 0);
        switch (t.expect.kind) {
          case "lacks":
            expect(t.kind, t.id).toBe("beyond");
            break;
          case "verdict":
            expect(t.answers, t.id).toEqual([t.expect.verdict]);
            break;
          default:
            expect(t.kind, t.id).not.toBe("beyond");
            expect(t.answers.length, t.id).toBeGreaterThan(0);
            for (const a of t.answers) expect(a.trim().length, t.id).toBeGreaterThan(0);
        }
      });
      // every conversation asks at least one thing the KB can answer
      expect(c.turns.some((t) => t.expect.kind !== "lacks"), c.id).toBe(true);
    }
  });
});
