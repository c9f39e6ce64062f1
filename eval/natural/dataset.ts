import type { Split } from "../datasets/metaqa";
import { generateNaturalSet } from "./generate";
import { splitOf } from "./split";
import type { NaturalItem } from "./types";
import { loadWorld } from "./world";

/** The natural set's items of one split, computed from the raw data files in `dataDir`. */
export function loadNaturalSet(dataDir: string, split: Split): NaturalItem[] {
  return generateNaturalSet(loadWorld(dataDir)).filter((it) => splitOf(it.id) === split);
}
