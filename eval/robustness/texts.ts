import { stableSample } from "../../src/util/random";
import { readConvLines } from "../conv/gold";
import { readMetaqa, stripBrackets } from "../datasets/metaqa";
import { generateProbeSet } from "../datasets/probe-sets";
import { loadNaturalSet } from "../natural/dataset";
import { readRealLines } from "../real/load";
import { TOMT_SPLITS, readInspiredSeekerTexts, readTomtRequests, type RequestText } from "./open-requests";

/** A conversation's turns as asked, in order: each is asked with the turns before it (and the answers they got) as history. */
export interface ConversationTexts {
  id: string;
  turns: string[];
}

/** Every request text of the dev sets, the short questions apart from the open requests people wrote. */
export interface DevTexts {
  /** real, natural (dev and test), probe, complex and a MetaQA sample. */
  questions: RequestText[];
  /** Tip-of-the-tongue posts (train and validation) and INSPIRED's seeker utterances. */
  openRequests: RequestText[];
  conversations: ConversationTexts[];
}

/**
 * Reads every dev set's questions from the data directory (the real and conv sets from their files
 * in the repository): what the robustness test and bench send through the service. The MetaQA sample
 * is `metaqaPerHop` dev questions of each hop, picked by seed.
 */
export function devSetTexts(dataDir: string, o: { metaqaPerHop: number; seed: number }): DevTexts {
  const questions: RequestText[] = [
    ...readRealLines().map((l) => ({ id: l.id, source: "real", text: l.question })),
    ...(["dev", "test"] as const).flatMap((split) => loadNaturalSet(dataDir, split).map((it) => ({ id: it.id, source: `natural-${split}`, text: it.question }))),
    ...(["probe", "complex"] as const).flatMap((set) => probeQuestions(set, dataDir)),
    ...([1, 2, 3] as const).flatMap((hop) =>
      stableSample(readMetaqa(dataDir, hop, "dev"), o.metaqaPerHop, o.seed, (q) => q.id).map((q) => ({ id: `metaqa-${hop}hop:${q.id}`, source: `metaqa-${hop}hop`, text: stripBrackets(q.raw) })),
    ),
  ];
  const openRequests = [...TOMT_SPLITS.flatMap((s) => readTomtRequests(dataDir, s)), ...readInspiredSeekerTexts(dataDir)];
  const conversations = readConvLines().map((c) => ({ id: c.id, turns: c.turns.map((t) => t.question) }));
  return { questions, openRequests, conversations };
}

function probeQuestions(set: "probe" | "complex", dataDir: string): RequestText[] {
  return generateProbeSet(set, dataDir)
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => {
      const q = JSON.parse(l) as { id: string | number; question: string };
      return { id: `${set}:${q.id}`, source: set, text: q.question };
    });
}
