/**
 * Eyeball check of the recommendation set: `npx tsx eval/recommend/check-cli.ts [--data DIR] [--quiet]`.
 * Prints counts (requests, dialogues left out and why, tags not verified), every request with its gold,
 * accepted and seen films, the suggestions the KB lacks, and exits non-zero when no request maps to a
 * KB film or a request's gold holds a name that is not a KB film.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { filmIndex } from "../open-requests/film-match";
import { checkArgs } from "../real/check-args";
import { loadRawKb } from "../real/raw-kb";
import { RECOMMEND_CATEGORIES, RECOMMEND_FILE, recommendSetFrom } from "./load";

const { dataDir, quiet } = checkArgs();
const path = join(dataDir, "open-requests", RECOMMEND_FILE);
if (!existsSync(path)) {
  console.error(`no INSPIRED data at ${path}`);
  process.exit(2);
}
const kb = loadRawKb(dataDir);
const set = recommendSetFrom(gunzipSync(readFileSync(path)).toString("utf8"), path, filmIndex(kb));
const short = (s: string, n = 200) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

if (!quiet) {
  for (const i of set.items) {
    console.log(`${i.id} [${i.category}, ${i.outcome}]\n  ${short(i.question)}`);
    console.log(`  gold: ${i.answers.join(" | ")}${i.accepted.length ? `; accepted: ${i.accepted.join(" | ")}` : ""}${i.seen.length ? `; seen: ${i.seen.join(" | ")}` : ""}`);
    const lacking = i.suggestions.filter((s) => !s.kb.length).map((s) => s.film);
    if (lacking.length) console.log(`  suggested, not in the KB: ${lacking.join(" | ")}`);
  }
  console.log("");
}
const d = set.dropped;
console.log(`${path}: ${set.dialogues} dialogues → ${set.items.length} requests`);
console.log(`left out: ${d.noKbFilm.length} (no suggested film in the KB), ${d.noSuggestion.length} (no film suggested), ${d.noSeekerWords.length} (no seeker words before the first suggestion)`);
console.log(`film tags not named by their utterance (left out): ${set.unverifiedTags}; movie_dict entries without a year: ${set.unreadDictEntries}; requests cut to the cap: ${set.cut}`);
console.log("per category:");
for (const c of RECOMMEND_CATEGORIES) console.log(`  ${c.padEnd(14)} ${set.items.filter((i) => i.category === c).length}`);
const suggestions = set.items.flatMap((i) => i.suggestions);
console.log(`suggestions in kept requests: ${suggestions.length}, in the KB: ${suggestions.filter((s) => s.kb.length).length}; gold films: ${set.items.reduce((n, i) => n + i.answers.length, 0)}`);
console.log(`requests with an accepted KB film: ${set.items.filter((i) => i.accepted.length).length}; naming a seen KB film: ${set.items.filter((i) => i.seen.length).length}`);
const oneWord = [...new Set(set.items.flatMap((i) => i.answers).filter((a) => !/\s/.test(a)))].sort();
console.log(`one-word gold titles (check these by eye: a common word or a name can be a mis-tag): ${oneWord.join(", ")}`);
const bad = set.items.flatMap((i) => [...i.answers, ...i.seen].filter((a) => !kb.isFilm(a)).map((a) => `${i.id}: "${a}"`));
if (!set.items.length || bad.length) {
  console.error(!set.items.length ? "no request has a suggested film in the KB" : `${bad.length} gold name(s) are not KB films:\n  ${bad.join("\n  ")}`);
  process.exit(1);
}
console.log("every gold and seen name is a KB film");
