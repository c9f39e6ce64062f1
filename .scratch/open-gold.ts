import { loadOpenSet } from "../eval/open/set";
for (const it of loadOpenSet("../shared/data")) console.log(it.id.padEnd(32), String(it.answers.length).padStart(5), it.answers.slice(0, 6).join(" | "));
