import { parseArgs } from "node:util";
import { EmbeddedConceptGraph } from "../src/adapters/embedded/concept-graph";
import type { EmbeddedGraphStore } from "../src/adapters/embedded/graph-store";
import { runMain } from "../src/cli/entry";
import { loadConfig } from "../src/config";
import { InvalidInputError } from "../src/errors";
import { loadKnowledgeBase } from "../src/kb/load";
import { stableSample } from "../src/util/random";

/**
 * `npx tsx eval/concept-typing-sample.ts [--seed N] [--size N]`: a seeded sample of the concepts the
 * offline builder typed as characters and as settings, each with its first film and the text around
 * the name, to check by hand (docs/concept-graph.md records what was found). Prints one line each.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seed: { type: "string", default: "47" }, size: { type: "string", default: "50" } } });
  const seed = Number(values.seed);
  const size = Number(values.size);
  if (!Number.isInteger(seed) || !Number.isInteger(size) || size < 1) throw new InvalidInputError("--seed and --size take whole numbers (size at least 1)");
  const kb = await loadKnowledgeBase(loadConfig({ ...process.env, GRAPH_STORE: "embedded" }), { log: () => {} });
  if (!(kb.concepts instanceof EmbeddedConceptGraph)) throw new Error("expected the embedded concept graph");
  const concepts = kb.concepts;
  const data = (kb.graph as EmbeddedGraphStore).data;
  const keys = Array.from({ length: concepts.size }, (_, i) => concepts.keyAt(i));
  for (const type of ["character", "setting"]) {
    for (const key of stableSample(keys.filter((k) => k.startsWith(`${type}:`)), size, seed, (k) => k)) {
      const [first] = (await concepts.filmsOf([key], { limit: 1 })).get(key)!;
      const node = (kb.graph as EmbeddedGraphStore).indexOf(first!.film)!;
      const text = `${data.plots[node]} || ${data.overviews[node]}`.replace(/\n/g, " ");
      const at = Math.max(0, text.toLowerCase().indexOf(key.slice(type.length + 1).split(" ")[0]!));
      process.stdout.write(`${key} (${(await concepts.get([key]))[0]!.films} films) @ ${first!.film}: …${text.slice(Math.max(0, at - 60), at + 60)}…\n`);
    }
  }
  await kb.close();
}

runMain("concept typing sample", main);
