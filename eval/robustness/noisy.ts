import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { stableSample } from "../../src/util/random";
import { codePointLength } from "../../src/util/text";
import { readJsonlFile } from "../jsonl-file";
import type { RequestText } from "./open-requests";

/**
 * Noisy text a service meets in the wild: the committed fixture (noisy-requests.jsonl, the team's own
 * text: long posts, markup, emoji, zero-width and control characters, several questions in one, other
 * scripts, code, URLs, punctuation runs, capitals, odd numbers and names), texts built at the
 * question limit, and dev questions transformed the same ways.
 */

/** The longest question the service takes, in characters (code points). */
const LIMIT = 2000;

export const NOISY_PATH = join(dirname(fileURLToPath(import.meta.url)), "noisy-requests.jsonl");

const NoisyLine = z.object({ id: z.string().regex(/^noisy:[a-z-]+:\d+$/), kind: z.string().min(1), text: z.string().min(1), note: z.string().optional() }).strict();

/** A noisy request and what the service must do with it: answer it (200), or refuse it with a 400 that says what to fix. */
export interface NoisyText extends RequestText {
  kind: string;
  expect: "answer" | "refuse";
}

/** The committed fixture. */
export function readNoisyFixture(path: string = NOISY_PATH): NoisyText[] {
  return readJsonlFile(path, NoisyLine).map((l) => ({ id: l.id, source: "noisy", kind: l.kind, text: l.text, expect: "answer" }));
}

/** Exactly `n` code points of `text`, repeated as needed. */
function codePoints(text: string, n: number): string {
  const points = [...text];
  return Array.from({ length: n }, (_, i) => points[i % points.length]).join("");
}

/** Texts at the question limit: exactly 2,000 characters (plain, ending in a surrogate pair, all surrogate pairs), one over, and blank. */
export function limitTexts(seedText: string): NoisyText[] {
  const at = (id: string, text: string, expect: NoisyText["expect"]): NoisyText => ({ id: `limit:${id}`, source: "limit", kind: "limit", text, expect });
  const plain = codePoints(`${seedText} `, LIMIT);
  return [
    at("plain-2000", plain, "answer"),
    at("pair-at-cap", `${codePoints(plain, LIMIT - 1)}🎬`, "answer"),
    at("pairs-2000", codePoints("🎬🍿", LIMIT), "answer"),
    at("pair-at-500", `${codePoints(plain, 499)}🎬 ${codePoints(plain, 600)}`, "answer"),
    at("questions-2000", codePoints("Who directed Jaws? ", LIMIT), "answer"),
    at("plain-2001", codePoints(plain, LIMIT + 1), "refuse"),
    at("pairs-2001", codePoints("🎬", LIMIT + 1), "refuse"),
    at("blank", " \n\t\u00a0\ufeff ", "refuse"),
  ];
}

const FULLWIDTH_OFFSET = 0xfee0;

/** The ways a dev question is made noisy, each a pure function of the question (and, for `several`, of its neighbours). */
export const TRANSFORMS: Record<string, (q: string, others: readonly string[]) => string> = {
  caps: (q) => q.toUpperCase(),
  emoji: (q) => `🎬 ${q} 🍿🤔👍🏽`,
  markdown: (q) => `# Question\n\n**${q}**\n\n> ${q.toLowerCase()}\n\n- [ ] \`answer\``,
  html: (q) => `<p class="q">${q.replace(/ /g, "&nbsp;")}</p><br/><script>x()</script>`,
  "zero-width": (q) => q.replace(/(\w)(\w)/g, "$1\u200b$2"),
  control: (q) => `\u0007${q.replace(/ /g, "\t")}\u0000\r\n`,
  punctuation: (q) => `${q.replace(/[?.!]+$/, "")}?!?!!!???......`,
  fullwidth: (q) => q.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + FULLWIDTH_OFFSET)),
  combining: (q) => q.replace(/[aeiou]/g, (v) => `${v}\u0301`),
  "no-spaces": (q) => q.replace(/\s+/g, ""),
  url: (q) => `${q} https://example.com/search?q=${encodeURIComponent(q)}&x=1#top`,
  several: (q, others) => [q, ...others.slice(0, 9)].join(" And also, "),
  "long-preamble": (q) => `${codePoints("Hello! I have a question that has been bugging me for a while, sorry if this is the wrong place to ask, my friend and I were arguing about it last night. ", 1500)} ${q}`,
  "repeated-to-cap": (q) => codePoints(`${q} `, LIMIT),
};

/** What the service must do with a text: refuse a blank one or one over the limit (as it counts: trimmed, in code points), answer the rest. */
export function expected(text: string): NoisyText["expect"] {
  const chars = codePointLength(text.trim());
  return chars === 0 || chars > LIMIT ? "refuse" : "answer";
}

/** `per` dev questions picked by seed, each put through every transform. */
export function transformedTexts(devQuestions: readonly RequestText[], per: number, seed: number): NoisyText[] {
  const picked = stableSample(devQuestions, per, seed, (q) => q.id);
  return picked.flatMap((q, i) =>
    Object.entries(TRANSFORMS).map(([kind, f]) => {
      const text = f(q.text, picked.slice(i + 1).concat(picked.slice(0, i)).map((x) => x.text));
      return { id: `${kind}:${q.id}`, source: `transformed-${q.source}`, kind, text, expect: expected(text) };
    }),
  );
}
