/**
 * Reciprocal rank fusion: combines ranked lists without calibrating their scores against each other.
 * score(d) = Σ_lists weight / (k + rank(d)), rank from 1. Ties break by first appearance.
 */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], options: { k?: number; weights?: readonly number[] } = {}): { id: string; score: number }[] {
  const k = options.k ?? 60;
  const scores = new Map<string, number>();
  const order = new Map<string, number>();
  lists.forEach((list, li) => {
    const w = options.weights?.[li] ?? 1;
    list.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + w / (k + rank + 1));
      if (!order.has(id)) order.set(id, order.size);
    });
  });
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || order.get(a.id)! - order.get(b.id)!);
}
