import { writeFileSync } from "node:fs";
import { join } from "node:path";

/** Questions about the fixture world, in the jsonl dataset format, repeated to the size asked. */
export const FIXTURE_QUESTIONS = [
  { question: "who directed Paper Moons", answers: ["Lena Marlowe"], category: "director" },
  { question: "which films share actors with Paper Moons", answers: ["Starfall", "Starfall Returns", "The Quiet Harbor", "Midnight Ledger", "Ledger of Ghosts"], category: "multi-hop" },
  { question: "what genres are the movies written by Ben Okafor", answers: ["Science Fiction", "Drama"], category: "genre" },
  { question: "when was Starfall released", answers: ["1999"], category: "temporal" },
  { question: "Which actors worked with both Ada Marlowe and Jonas Whitfield?", answers: ["Céline Dupré", "Tom Harker"], category: "intersection" },
];

export function writeFixtureDataset(dir: string, size: number): string {
  const path = join(dir, "fixture-questions.jsonl");
  const lines = Array.from({ length: size }, (_, i) => JSON.stringify({ id: `q${i}`, ...FIXTURE_QUESTIONS[i % FIXTURE_QUESTIONS.length]! }));
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}
