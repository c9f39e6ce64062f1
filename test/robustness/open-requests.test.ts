import { beforeAll, describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { stableSample } from "../../src/util/random";
import { readTomtRequests } from "../../eval/robustness/open-requests";
import { hasRealData, realConfig, realKb } from "../helpers/real-kb";
import { report, researchEach } from "../helpers/robustness";

/**
 * The long posts people write when a film is on the tip of their tongue (Reddit-TOMT, training and
 * validation splits) through the research run in-process: each is answered, or refused with a
 * message that says what to fix when it is over 2,000 characters; none crashes. A post costs about
 * 80 ms, so CI runs every validation post and a seeded sample of the training posts;
 * ROBUSTNESS_ALL=1 runs all 3,677 (about 5 minutes on 2 cores).
 */

const SEED = 27;
const TRAIN_SAMPLE = 200;
const all = process.env.ROBUSTNESS_ALL === "1";

let kb: KnowledgeBase;
beforeAll(async () => {
  if (hasRealData) kb = await realKb();
});

describe.skipIf(!hasRealData)("tip-of-the-tongue requests never crash a research run (real KB, in-process)", () => {
  it(
    "answers every validation request, or refuses one over the limit saying what to fix",
    async () => {
      const texts = readTomtRequests(realConfig.dataDir!, "validation");
      expect(texts.length).toBeGreaterThan(400);
      const { failures } = await researchEach(kb, texts);
      expect(failures, report(failures)).toEqual([]);
    },
    all ? 900_000 : 240_000,
  );

  it(
    `answers ${all ? "every" : `a seeded sample of ${TRAIN_SAMPLE}`} training request${all ? "" : "s"}, or refuses one over the limit saying what to fix`,
    async () => {
      const train = readTomtRequests(realConfig.dataDir!, "train");
      const texts = all ? train : stableSample(train, TRAIN_SAMPLE, SEED, (t) => t.id);
      const { failures } = await researchEach(kb, texts);
      expect(failures, report(failures)).toEqual([]);
    },
    all ? 1_800_000 : 240_000,
  );
});
