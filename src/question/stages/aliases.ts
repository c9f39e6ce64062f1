import type { EntityCandidate, EntityLinker, Mention } from "../../ports/entity-linker";
import { capitalised, entryOf, linkKey, wordTokens, type WordToken } from "../../util/text";
import { NICKNAMES } from "../lexicon/linking";

/**
 * Names written with a nickname ("Liz Taylor", "Charlie Chaplin", "bill murray" when the KB says
 * William): each nickname followed by another word is tried with its full forms, and a person found
 * that way is that span's mention (the user's words kept as its text), unless the words as written
 * already name a person or a surer film.
 */
export function aliasedLinker(linker: EntityLinker): EntityLinker {
  return {
    link: (mention, options) => linker.link(mention, options),
    findMentions: (text, options) => withNicknames(text, linker.findMentions(text, options), linker),
  };
}

/** The longest name of a person that the nickname's full form and the one or two words after it spell ("elizabeth taylor"). */
function personSpelled(text: string, tokens: readonly WordToken[], i: number, full: string, linker: EntityLinker): { candidate: EntityCandidate; end: number } | undefined {
  for (const n of [2, 1]) {
    const last = tokens[i + n];
    if (!last) continue;
    const spelled = `${full}${text.slice(tokens[i]!.end, last.end)}`;
    const candidate = linker.link(spelled, { types: ["Person"], limit: 3, exact: true }).find((c) => linkKey(c.name) === linkKey(spelled));
    if (candidate) return { candidate, end: last.end };
  }
  return undefined;
}

function withNicknames(text: string, found: Mention[], linker: EntityLinker): Mention[] {
  const tokens = wordTokens(text);
  let out = found;
  tokens.forEach((t, i) => {
    const forms = entryOf(NICKNAMES, t.folded);
    if (!forms || i + 1 >= tokens.length) return;
    for (const form of forms) {
      const full = capitalised(t.text) ? form.charAt(0).toUpperCase() + form.slice(1) : form;
      const hit = personSpelled(text, tokens, i, full, linker);
      if (!hit) continue;
      const span = { start: t.start, end: hit.end };
      const confidence = capitalised(t.text) ? 0.7 : 0.65;
      const rivals = out.filter((x) => x.start < span.end && span.start < x.end);
      // "will smith" is Will Smith: a person of the name as written, or a surer film, keeps the span.
      if (rivals.some((x) => x.candidates.some((c) => c.type === "Person" && linkKey(c.name) === linkKey(x.text)) || (x.candidates[0]?.type === "Movie" && x.confidence >= confidence))) continue;
      out = [...out.filter((x) => !rivals.includes(x)), { ...span, text: text.slice(span.start, span.end), candidates: [hit.candidate], confidence: 0.75 }];
      return;
    }
  });
  return out;
}
