import { filmTextsOf } from "../../deep/context";
import { reduceDeep } from "../../deep/reduce";
import { modelReduce } from "../../deep/model-steps";
import { tracedNode } from "../node";

/** The deep route's reduce: films ranked by the facets they meet, each with its reasons; the facets no film met. */
export const reduce = tracedNode("reduce", async (state, ctx) => {
  const m = state.deep!;
  const offline = await reduceDeep(m, filmTextsOf(ctx));
  const modelNotes: string[] = [];
  const result = { ...offline, films: await modelReduce(m, offline.films, ctx, modelNotes) };
  const unmet = result.unmet.length ? `; no film met ${result.unmet.map((u) => `"${u.said}"`).join(", ")}` : "";
  return {
    update: { deep: { ...m, result } },
    step: {
      decision: `${result.films.length} film(s)`,
      rationale: `ranked by the facets met${m.like.length ? ", then what they share with the films to start from" : ""}${m.intent === "known_item" ? " (a known item: by its story first)" : ""}${unmet}`,
      evidenceIds: [],
      notes: [...modelNotes, ...result.films.slice(0, 5).map((f) => `${f.film}: ${f.reasons.map((r) => r.text).join("; ") || "found by the search"}`), ...(result.excluded.length ? [`left out: ${result.excluded.slice(0, 8).map((e) => `${e.film} (${e.why})`).join(", ")}`] : [])],
    },
  };
});
