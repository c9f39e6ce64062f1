import type { EntityLinker, Mention } from "../../ports/entity-linker";
import { linkKey, wordTokens } from "../../util/text";
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
    findMentions: (text, options) => withNicknames(text, linker.findMentions(text, options), linker, options),
  };
}

function withNicknames(text: string, found: Mention[], linker: EntityLinker, options?: { limit?: number }): Mention[] {
  const tokens = wordTokens(text);
  let out = found;
  tokens.forEach((t, i) => {
    const forms = NICKNAMES[t.folded];
    if (!forms || i + 1 >= tokens.length) return;
    for (const form of forms) {
      const full = /^\p{Lu}/u.test(t.text) ? form.charAt(0).toUpperCase() + form.slice(1) : form;
      const alt = text.slice(0, t.start) + full + text.slice(t.end);
      const shift = full.length - (t.end - t.start);
      const m = linker.findMentions(alt, options).find((x) => x.start === t.start && x.end > t.start + full.length);
      const person = m?.candidates.find((c) => c.type === "Person" && linkKey(c.name) === linkKey(m.text));
      if (!m || !person) continue;
      const span = { start: t.start, end: m.end - shift };
      const rivals = out.filter((x) => x.start < span.end && span.start < x.end);
      // "will smith" is Will Smith: a person of the name as written, or a surer film, keeps the span.
      if (rivals.some((x) => x.candidates.some((c) => c.type === "Person" && linkKey(c.name) === linkKey(x.text)) || (x.candidates[0]?.type === "Movie" && x.confidence >= m.confidence))) continue;
      out = [...out.filter((x) => !rivals.includes(x)), { ...m, ...span, text: text.slice(span.start, span.end), candidates: [person, ...m.candidates.filter((c) => c !== person)], confidence: Math.max(m.confidence, 0.75) }];
      return;
    }
  });
  return out;
}
