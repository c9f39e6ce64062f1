import { requestCue } from "../src/question/stages/open-request";
import { wordTokens } from "../src/util/text";
for (const q of process.argv.slice(2)) console.log(q, "→", JSON.stringify(requestCue(wordTokens(q).map((t) => t.folded))));
