import type { Evidence } from "../../../tools/evidence";

/**
 * Numbered citations: each evidence item gets a number the first time the text cites it, and the
 * draft's `citations` lists the evidence ids in that order, so "[2]" is `citations[1]`.
 */
export class Citations {
  private readonly order: string[] = [];

  constructor(private readonly known: ReadonlySet<string>) {}

  /** "[1][2]" for the first `max` of these evidence ids that are evidence, numbered on first use. */
  cite(ids: readonly string[], max = 2): string {
    const marks: string[] = [];
    for (const id of ids) {
      if (marks.length >= max) break;
      if (!this.known.has(id)) continue;
      let n = this.order.indexOf(id);
      if (n < 0) n = this.order.push(id) - 1;
      const mark = `[${n + 1}]`;
      if (!marks.includes(mark)) marks.push(mark);
    }
    return marks.join("");
  }

  list(): string[] {
    return [...this.order];
  }
}

export function citationsFor(evidence: readonly Evidence[]): Citations {
  return new Citations(new Set(evidence.map((e) => e.id)));
}

/** A quotation cut at a word boundary, with an ellipsis when it was cut. */
export function snippet(text: string, max = 200): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max + 1);
  const at = cut.lastIndexOf(" ");
  return `${(at > max * 0.6 ? cut.slice(0, at) : t.slice(0, max)).replace(/[\s,;:.-]+$/, "")}…`;
}

/** "a, b and c". */
export function joinList(xs: readonly string[], last = "and"): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} ${last} ${xs[xs.length - 1]}`;
}
