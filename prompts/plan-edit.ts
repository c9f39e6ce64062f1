import type { FlatPlan } from "../src/plan/flat";

/**
 * The one prompt of the llm planner: the question, what each field means, and the rules' reading
 * as a draft. The reply is the same flat object (a grammar or the provider's structured output
 * carries its shape); kind "keep" leaves the draft as it is. Short enough for a 0.5B model.
 */
export const PLAN_SYSTEM = "You read questions about films for a movie knowledge graph. You check a draft reading of the question and correct it only if it is wrong. Reply with JSON only.";

const FIELDS = [
  "kind: keep (the draft is right) | lookup (a relation of entity1: its director, cast, year, language, genre) | films (films of people, a kind, years) | count (how many films) | most_common (what is most frequent among the films, via relation) | at_least (people in at least n of the films) | order (the films ranked by metric; nth = 1st, 2nd…; highest = true for best/longest/latest) | compare (which of entity1, entity2 has the higher metric) | check_in (yes/no: was entity1 in film entity2, in role) | check_together (yes/no: did entity1 and entity2 work together) | check_compare (yes/no: is entity1's metric higher than entity2's; highest=false for lower) | similar (films like entity1) | plot (a story told) | describe (what kind_of_film films are like) | beyond (a fact the graph lacks: fact)",
  "entity1, entity2: exact film or person names from the question, or \"\"",
  "relation: none | director | writer | actor | year | language | genre | tag",
  "role: any | directed | wrote | acted (entity1's role in the films)",
  "kind_of_film: a genre, topic or title family (\"western\", \"vampire\", \"Rocky\"), or \"\"",
  "year_from, year_to: years the films must fall in, 0 when none",
  "metric: none | year | runtime | rating | votes | popularity | budget | revenue | film_count",
  "exclude_entity2: true when the films must be without entity2",
].join("\n");

export function planEditPrompt(question: string, draft: FlatPlan): { system: string; prompt: string } {
  return {
    system: PLAN_SYSTEM,
    prompt: [`Question: ${question}`, "Fields:", FIELDS, `Draft: ${JSON.stringify(draft)}`, 'If the draft reads the question right, reply with the draft and kind "keep". Otherwise reply with the corrected fields.'].join("\n"),
  };
}
