import { beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import type { ConversationTurn } from "../../src/conversation/turns";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { stableSample } from "../../src/util/random";
import { limitTexts, readNoisyFixture, transformedTexts } from "../../eval/robustness/noisy";
import { readInspiredSeekerTexts } from "../../eval/robustness/open-requests";
import { devSetTexts, type DevTexts } from "../../eval/robustness/texts";
import { hasRealData, realConfig, realKb } from "../helpers/real-kb";
import { report, researchEach } from "../helpers/robustness";

/**
 * No request can crash a run: every question of every dev set, and a corpus of noisy text, through
 * the research run in-process (the same call every door makes). A run must answer, or refuse a text
 * over the limits with a message that says what to fix; never throw, and never lean on the guard
 * that answers a failed reading as a told plot. The open requests' long posts are in
 * open-requests.test.ts, and the HTTP doors and `ask --input` in doors.test.ts.
 */

const SEED = 27;
const LONG = 240_000;

let kb: KnowledgeBase;
let dev: DevTexts;
beforeAll(async () => {
  if (!hasRealData) return;
  kb = await realKb();
  dev = devSetTexts(realConfig.dataDir!, { metaqaPerHop: 100, seed: SEED });
});

describe.skipIf(!hasRealData)("no request crashes a research run (real KB, in-process)", () => {
  it(
    "answers every question of the dev sets: real, natural (dev and test), probe, complex and 300 MetaQA dev questions",
    async () => {
      expect(dev.questions.length).toBeGreaterThan(1200);
      const { failures } = await researchEach(kb, dev.questions);
      expect(failures, report(failures)).toEqual([]);
    },
    LONG,
  );

  it(
    "answers every turn of the conv set, each asked after the turns before it with the answers they got",
    async () => {
      const failures = [];
      for (const c of dev.conversations) {
        const history: ConversationTurn[] = [];
        const turns = c.turns.map((text, i) => ({ id: `${c.id}#${i}`, source: "conv", text }));
        for (const t of turns) {
          const { failures: f, results } = await researchEach(kb, [t], () => history.slice(-8));
          failures.push(...f);
          const r = results.get(t.id);
          history.push({ question: t.text, ...(r ? { answer: r.answer, answers: r.answers.slice(0, 100).map((a) => a.name) } : {}) });
        }
      }
      expect(failures, report(failures)).toEqual([]);
    },
    LONG,
  );

  it(
    "answers every seeker utterance of INSPIRED's dev dialogues",
    async () => {
      const texts = readInspiredSeekerTexts(realConfig.dataDir!);
      expect(texts.length).toBeGreaterThan(1000);
      const { failures } = await researchEach(kb, texts);
      expect(failures, report(failures)).toEqual([]);
    },
    LONG,
  );

  it(
    "answers the noisy corpus (markup, emoji, zero-width and control characters, several questions in one, other scripts, code, URLs, odd numbers) and texts at the limit, and refuses those over it saying what to fix",
    async () => {
      const noisy = [...readNoisyFixture(), ...limitTexts(dev.questions[0]!.text), ...transformedTexts(dev.questions, 20, SEED)];
      expect(noisy.filter((t) => t.expect === "refuse").length).toBeGreaterThanOrEqual(3);
      const { failures } = await researchEach(kb, noisy);
      expect(failures, report(failures)).toEqual([]);
    },
    LONG,
  );
});

describe.skipIf(!hasRealData)("no follow-up crashes a research run (real KB, in-process)", () => {
  it(
    "reads the noisy corpus as follow-ups, after a short turn and after a turn of 4,000 characters with 100 answers",
    async () => {
      const long = `Which films did Tom Hanks star in? ${"I mean the ones with Meg Ryan, or set in New York, or about boats. ".repeat(60)}`.slice(0, 4000);
      const histories: ConversationTurn[][] = [
        [{ question: "Who directed Jaws?", answer: "Jaws (1975) was directed by Steven Spielberg [1].", answers: ["Steven Spielberg"] }],
        [{ question: long, answer: "Tom Hanks acted in Big [1], Splash [2] and Cast Away [3].", answers: Array.from({ length: 100 }, (_, i) => `Film ${i + 1}`) }],
      ];
      const follow = ["only the ones after 2000", "what about Ridley Scott?", "and who starred in it?", "which one is longer?"].map((text, i) => ({ id: `follow-up:${i}`, source: "follow-up", text }));
      const texts = [...readNoisyFixture(), ...limitTexts("who directed it and when did it come out"), ...follow];
      // After the long turn every follow-up is read against 4,000 characters: a sample is enough there.
      for (const [i, history] of histories.entries()) {
        const { failures } = await researchEach(kb, i === 0 ? texts : [...stableSample(texts, 24, SEED, (t) => t.id), ...follow], () => history);
        expect(failures, report(failures)).toEqual([]);
      }
    },
    LONG,
  );
});

describe.skipIf(!hasRealData)("a text over a plan's caps is answered in part, and the trace says what was left out", () => {
  it("answers the first six of fifteen questions and names the ones it did not answer", async () => {
    const films = ["Jaws", "Heat", "Alien", "Psycho", "Vertigo", "Rocky", "Titanic", "Avatar", "Up", "Cars", "Brave", "Frozen", "Tangled", "Memento", "Inception"];
    const r = await runResearch(films.map((f) => `who directed ${f}?`).join(" "), { kb });
    expect(r.plan.answer).toHaveLength(6);
    expect(r.parts.map((p) => p.answers[0]?.name)).toEqual(["Steven Spielberg", "Michael Mann", "Ridley Scott", "Alfred Hitchcock", "Alfred Hitchcock", "John G. Avildsen"]);
    const note = r.trace.find((s) => s.node === "router")!.notes.find((n) => n.startsWith("fit: "));
    expect(note).toMatch(/reads as 15 questions .* the first 6 are answered, 9 are not: "who directed Titanic\?", "who directed Avatar\?", "who directed Up\?" and 6 more; ask those on their own/);
  });

  it("answers a 2,000-character description ending in a surrogate pair, and says where full text's 500 characters stopped", async () => {
    const text = limitTexts("I am trying to remember a film where a girl moves to a lighthouse town by the sea and finds old letters")[1]!.text;
    expect([...text]).toHaveLength(2000);
    expect((await runResearch(text, { kb })).answer.trim()).not.toBe("");
    const r = await runResearch(text, { kb }, { strategy: "fulltext" });
    expect(r.answer.trim()).not.toBe("");
    const cut = r.trace.filter((s) => s.node === "act").flatMap((s) => s.notes).filter((n) => /over the limit of \d+/.test(n));
    expect(cut).toEqual([expect.stringMatching(/^full_text query: 2000 characters, over the limit of 500: kept the first 497 characters, to "…o a lighthouse town by the sea"$/)]);
  });
});
