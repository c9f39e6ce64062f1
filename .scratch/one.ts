import { readFileSync } from "node:fs";
import { loadConfig } from "../src/config";
import { loadKnowledgeBase } from "../src/kb/load";
import { understandQuestion } from "../src/question/understand";
const kb = await loadKnowledgeBase(loadConfig(), { log: () => {} });
const u = await understandQuestion(readFileSync("/tmp/q.txt", "utf8").slice(0, 2000), kb);
console.log(JSON.stringify(u.plan.parts[0], null, 1).slice(0, 1500), u.stages.slice(-3));
process.exit(0);
