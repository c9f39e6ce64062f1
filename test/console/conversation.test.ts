import { describe, expect, it } from "vitest";
import { historyFor, nextTurn, readAs, turnsOfRun, type Turn } from "../../src/console/client/conversation";
import type { RunResult } from "../../src/console/client/types";

const result = (answer: string, answers: string[], followUp?: RunResult["followUp"]) => ({ answer, answers: answers.map((name) => ({ name, score: 1, evidenceIds: [] })), trace: [], ...(followUp ? { followUp } : {}) }) as unknown as RunResult;
const turn = (id: number, question: string, r?: RunResult): Turn => ({ id, question, steps: [], running: false, historyStart: 0, ...(r ? { result: r } : {}) });

describe("the console's conversation model", () => {
  it("sends the answered turns as history, oldest first, the newest 8, with each reply's answers and what a follow-up was read as", () => {
    const turns = Array.from({ length: 10 }, (_, i) => turn(i, `q${i}`, result(`a${i}`, [`n${i}`], i === 9 ? { kind: "anaphor", rule: "followup.anaphor", resolved: "r9", referents: [] } : undefined)));
    turns.push(turn(10, "a turn that failed"));
    const h = historyFor(turns);
    expect(h.map((t) => t.question)).toEqual(["q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9"]);
    expect(h[0]).toEqual({ question: "q2", answer: "a2", answers: ["n2"] });
    expect(h.at(-1)).toMatchObject({ resolved: "r9" });
  });

  it("drops the oldest turns when the history would not fit the room a request has", () => {
    const turns = [turn(0, "first", result("x".repeat(3000), [])), turn(1, "second", result("short", []))];
    expect(historyFor(turns, 1000).map((t) => t.question)).toEqual(["second"]);
    const { turn: next, history } = nextTurn(2, "third", turns, 1000);
    expect(history).toHaveLength(1);
    // The referents' turn numbers count from where the history sent starts.
    expect(next.historyStart).toBe(1);
  });

  it("says what a follow-up's pointing word meant, or which earlier names it drew on", () => {
    expect(readAs("and when did it come out?", { kind: "anaphor", rule: "followup.anaphor", resolved: "When did Jaws come out?", referents: [{ name: "Jaws", type: "Movie", from: "topic", turn: 0 }] })).toEqual({ resolved: "When did Jaws come out?", meaning: "it → Jaws" });
    // A clause the service added at the end is said after the pointing word's meaning.
    expect(readAs("what other films did she direct?", { kind: "anaphor", rule: "followup.anaphor", resolved: "What other films did Ada Marlowe direct besides Starfall?", referents: [{ name: "Ada Marlowe", type: "Person", from: "answer", turn: 0 }, { name: "Starfall", type: "Movie", from: "topic", turn: 0 }] }).meaning).toBe("she → Ada Marlowe, besides Starfall");
    expect(readAs("and the director?", { kind: "ellipsis", rule: "followup.ellipsis", resolved: "The director of Titanic?", referents: [{ name: "Titanic", type: "Movie", from: "topic", turn: 0 }] }, 2).meaning).toBe("from turn 3: Titanic");
  });

  it("reopens a stored follow-up with its earlier turns read-only", () => {
    const turns = turnsOfRun({ runId: "r2", request: { question: "what else did he direct?", history: [{ question: "who directed Jaws?", answer: "Jaws (1975) was directed by Steven Spielberg [1]." }] }, result: result("…", ["Duel"]) }, 5);
    expect(turns.map((t) => [t.id, t.question, Boolean(t.recalled), t.runId])).toEqual([
      [5, "who directed Jaws?", true, undefined],
      [6, "what else did he direct?", false, "r2"],
    ]);
  });
});
