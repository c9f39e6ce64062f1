import type { Reading } from "../reading";
import { featuresOf, type Feature } from "./features";
import { RULES, WRAPPERS } from "./index";
import type { Built, Match, Rule, RuleContext } from "./types";

export function matches(when: Match, features: ReadonlySet<Feature>): boolean {
  return (when.all ?? []).every((f) => features.has(f)) && (!when.any?.length || when.any.some((f) => features.has(f))) && !(when.none ?? []).some((f) => features.has(f));
}

/**
 * The clause's parts: the first rule that matches and accepts it; a wrapper that matches builds the
 * clause's parts instead (a fact the KB lacks, said beside what it holds). With the ids of the rules
 * whose parts the plan keeps.
 */
export async function applyRules(r: Reading, ctx: RuleContext, rules: readonly Rule[] = RULES, wrappers: readonly Rule[] = WRAPPERS): Promise<{ built: Built; fired: string[] }> {
  const features = featuresOf(r);
  const fired: string[] = [];
  let built: Built | undefined;
  for (const rule of rules) {
    if (!matches(rule.when, features)) continue;
    built = await rule.build(r, ctx);
    if (built) {
      fired.push(rule.id);
      break;
    }
  }
  for (const w of wrappers) {
    if (!matches(w.when, features)) continue;
    const extra = await w.build(r, ctx, built);
    if (!extra) continue;
    fired.splice(0, fired.length, w.id);
    built = extra;
  }
  if (!built) throw new Error(`no rule read clause ${JSON.stringify(r.text)}: the last rule must match every clause`);
  return { built, fired };
}
