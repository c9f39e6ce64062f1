import { describe, expect, it } from "vitest";
import { GOLDEN_SETS, diffGolden, diffLines, planRows, questionsOf, readGolden } from "../../eval/golden/sets";
import { hasRealData, realConfig, realKb } from "../helpers/real-kb";

/**
 * Every question of the natural, probe, complex and real sets is read into the plan its golden file
 * holds: a change in understanding shows here as a diff of plans (run `npm run eval:golden` to see
 * it with the questions, and `-- --update` to take it in), not as a surprise in a score.
 */
describe.skipIf(!hasRealData)("golden plans", () => {
  it.each(GOLDEN_SETS)("%s: every plan matches its golden file", async (set) => {
    const kb = await realKb();
    const questions = questionsOf(set, realConfig.dataDir!);
    const golden = readGolden(set);
    expect(golden.length, `eval/golden/${set}.jsonl is missing or empty`).toBeGreaterThan(0);
    const diff = diffGolden(set, golden, await planRows(questions, kb));
    const text = new Map(questions.map((q) => [q.id, q.question]));
    const changes = diff.changed.length + diff.added.length + diff.removed.length;
    expect(changes, diffLines(diff, (id) => text.get(id)).slice(0, 40).join("\n")).toBe(0);
  }, 180_000);
});
