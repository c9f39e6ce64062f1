import { stem } from "../src/util/text";
console.log(["fishermen","policemen","women","omen","amen","specimen","abdomen","regimen","acumen","semen","stamen","men","yemen","cyclamen","ramen","foremen"].map(w=>`${w}->${stem(w)}`).join(" "));
