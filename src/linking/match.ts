import type { EntityCandidate } from "../ports/entity-linker";

/** The candidate's whole name was said, as written or case and accents aside: no partial or fuzzy match. */
export function linksWhole(c: Pick<EntityCandidate, "match">): boolean {
  return c.match === "exact" || c.match === "folded";
}
