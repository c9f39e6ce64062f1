import { PER_INTENT, collect, famousFirst, fill, slug } from "./pool";
import { voice } from "./phrasing";
import { item, type NaturalItem } from "./types";
import { filmFame, isClearTitle, type Film, type World } from "./world";

type Field = "directors" | "writers" | "years" | "languages" | "genres" | "actors";

/** Two questions about one film, in this order; `{t}` is the film as typed. */
const TEMPLATES: readonly { fields: [Field, Field]; text: string }[] = [
  { fields: ["writers", "years"], text: "who wrote {t} and when did it come out?" },
  { fields: ["directors", "languages"], text: "who directed {t} and what language is it in?" },
  { fields: ["years", "directors"], text: "when was {t} released and who directed it?" },
  { fields: ["directors", "actors"], text: "who directed {t}? and who's in it?" },
  { fields: ["genres", "years"], text: "what genre is {t} and what year did it come out" },
  { fields: ["directors", "writers"], text: "who directed {t} and who wrote it?" },
  { fields: ["actors", "years"], text: "who starred in {t}, and when was it released?" },
  { fields: ["directors", "years"], text: "{t}: who directed it and what year is it from?" },
];

/**
 * multi_part: two relations of one named film in one question. Gold: one answer set per part, in
 * the question's order; `answers` is their union for the set metrics.
 */
export function generateMultiPart(w: World, seed: number, n = PER_INTENT): NaturalItem[] {
  const v = voice(w, seed, "multi_part");
  const films = famousFirst([...w.films.values()].filter((f) => isClearTitle(w, f.title)), (f) => filmFame(w, f.title), v.rand, 150);
  return collect(films, n, (f, made) => {
    const k = usableTemplate(f, made);
    if (k === undefined) return undefined;
    const t = TEMPLATES[k]!;
    const parts = t.fields.map((field) => [...f[field]]);
    const q = v.finish(fill(t.text, { t: v.title(f.title) }));
    return item("multi_part", `${t.fields.join("-")}`, slug(f.title), q, [...new Set(parts.flat())], { kind: "parts", parts });
  });
}

/** The next template (cycling) whose two relations the film has. */
function usableTemplate(f: Film, made: number): number | undefined {
  for (let i = 0; i < TEMPLATES.length; i++) {
    const k = (made + i) % TEMPLATES.length;
    if (TEMPLATES[k]!.fields.every((field) => f[field].length > 0 && (field !== "actors" || f.actors.length >= 2))) return k;
  }
  return undefined;
}
