import { foldText, wordTokens } from "../src/util/text";
console.log(foldText("I've seen can't don't I'm it's Thelma & Louise, Sci-Fi"), wordTokens("I've seen can't").map(t=>t.folded));
