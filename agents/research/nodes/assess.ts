import { assessRound, type Assessment } from "../../deep/assess";
import { constraintCheck, filmTextsOf } from "../../deep/context";
import { modelRelevance } from "../../deep/model-steps";
import { modelJudgement } from "../../judging/model-judge";
import type { RunContext } from "../context";
import type { ResearchStateValue } from "../state";
import { tracedNode } from "../node";

/** The deep route's test: candidates checked against the constraints and tested facet by facet; loop while a facet lacks support and budget is left. */
export const assess = tracedNode("assess", async (state, ctx) => {
  const m = state.deep!;
  const modelNotes: string[] = [];
  const offline = await assessRound(m, state, ctx.kb, filmTextsOf(ctx), constraintCheck(m, ctx, state.round), modelRelevance(ctx, modelNotes));
  const a = ctx.judgeBy === "model" && !offline.enough ? await judgedByModel(offline, state, ctx, modelNotes) : offline;
  const supported = a.memory.facets.map((f) => `${f.id} ${f.supported}/${f.tested}`).join(", ");
  return {
    update: { deep: a.memory },
    step: { decision: a.enough ? "enough" : `more: ${a.next.length} follow-up(s)`, rationale: a.rationale, evidenceIds: [], notes: [...a.notes, ...modelNotes, ...(supported ? [`films meeting each facet (of those tested): ${supported}`] : []), `${a.memory.candidates.length} candidates; tests ${a.memory.testsSpent}/${a.memory.testBudget}`] },
  };
});

/** With `judge: model`, the model decides whether another round is worth it, and which follow-up it runs. */
async function judgedByModel(a: Assessment, state: ResearchStateValue, ctx: RunContext, notes: string[]): Promise<Assessment> {
  const m = a.memory;
  const parts = [`the films asked: ${m.text.slice(0, 300)}`, ...m.facets.map((f) => `${f.id} ${f.against ? "not " : ""}${f.said} (${f.supported} of ${f.tested} tested films meet it)`), `${m.candidates.filter((c) => c.fits !== false).length} candidate films fit the constraints`];
  const rules = { enough: false, missing: [], followUps: a.next, rationale: a.rationale };
  const j = await modelJudgement(state, ctx, { question: state.question, parts, options: a.next, plannerChooses: false }, rules);
  notes.push(...(j.notes ?? []), ...(j.fallback ? [j.fallback] : []));
  if (j.enough) return { ...a, memory: { ...m, next: [], stopped: j.rationale }, enough: true, next: [], rationale: j.rationale };
  return { ...a, memory: { ...m, next: j.followUps }, next: j.followUps, rationale: j.rationale };
}
