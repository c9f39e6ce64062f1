import type { Child } from "hono/jsx";
import { CITATION, citationOrder, citedBy } from "./citations.js";
import { num } from "./format.js";
import type { Evidence, RunResult } from "./types.js";

/** The answer's text with each citation a link to its evidence below. */
export function AnswerText({ answer, citations = [], evidence, onCite }: { answer: string; citations?: readonly string[]; evidence: readonly Evidence[]; onCite: (id: string) => void }) {
  const order = citationOrder(answer, citations);
  const byId = new Map(evidence.map((e) => [e.id, e]));
  const out: Child[] = [];
  let last = 0;
  for (const m of answer.matchAll(CITATION)) {
    out.push(answer.slice(last, m.index));
    const ids = citedBy(m[1]!, citations);
    if (!ids.length) out.push(<span class="cite missing" title={`citation ${m[1]} names no evidence`}>[{m[1]}?]</span>);
    for (const id of ids) {
      const n = order.indexOf(id) + 1;
      const e = byId.get(id);
      out.push(
        e ? (
          <a class="cite" href={`#ev-${id}`} data-evidence={id} title={e.text} onClick={(ev: MouseEvent) => (ev.preventDefault(), onCite(id))}>
            [{n}]
          </a>
        ) : (
          <span class="cite missing" title={`${id} is not in the evidence`}>
            [{n}?]
          </span>
        ),
      );
    }
    last = m.index! + m[0].length;
  }
  out.push(answer.slice(last));
  return (
    <div class="answer-text">
      {answer
        ? out.map((part) =>
            typeof part === "string"
              ? part.split("\n").map((line, i) => (
                  <>
                    {i ? <br /> : null}
                    {line}
                  </>
                ))
              : part,
          )
        : <span class="muted">(no answer)</span>}
    </div>
  );
}

/** The ranked answers with their scores and the evidence each rests on. */
export function AnswerList({ result, onCite }: { result: RunResult; onCite: (id: string) => void }) {
  if (!result.answers.length) return null;
  const shown = result.answers.slice(0, 25);
  return (
    <details class="answers" open={result.answers.length <= 10}>
      <summary>
        {result.answers.length} ranked answer{result.answers.length > 1 ? "s" : ""}
        {result.truncated ? ` (truncated: ${result.truncatedReason ?? "cap reached"})` : ""}
      </summary>
      <ol>
        {shown.map((a) => (
          <li class={a.unsupported ? "unsupported" : ""}>
            <span class="answer-name">{a.name}</span> {a.type ? <span class={`type type-${a.type}`}>{a.type}</span> : null} <span class="muted">score {num(a.score)}</span>{" "}
            {a.evidenceIds.slice(0, 3).map((id) => (
              <a class="cite small" href={`#ev-${id}`} data-evidence={id} onClick={(ev: MouseEvent) => (ev.preventDefault(), onCite(id))}>
                evidence
              </a>
            ))}
          </li>
        ))}
      </ol>
      {result.answers.length > shown.length ? <p class="muted">and {result.answers.length - shown.length} more</p> : null}
    </details>
  );
}

/** Each evidence item with its provenance: the tool and step that found it, its score and details. */
export function EvidenceList({ evidence, cited, selected }: { evidence: readonly Evidence[]; cited: ReadonlySet<string>; selected: string | undefined }) {
  const ordered = [...evidence].sort((a, b) => Number(cited.has(b.id)) - Number(cited.has(a.id)) || b.score - a.score);
  return (
    <section class="evidence" aria-label="Evidence">
      <h3>
        Evidence <span class="muted">({evidence.length}, {cited.size} cited)</span>
      </h3>
      <ol class="evidence-list">
        {ordered.map((e) => (
          <li id={`ev-${e.id}`} tabindex={-1} class={`ev${cited.has(e.id) ? " cited" : ""}${selected === e.id ? " selected" : ""}`} aria-current={selected === e.id ? "true" : undefined} data-evidence={e.id}>
            <div class="ev-text">
              <span class={`kind kind-${e.kind}`}>{e.kind}</span> {e.text}
            </div>
            <div class="provenance muted">
              {e.sources.map((s) => `${s.tool} at step ${s.step}`).join(", ")} · score {num(e.score)}
              {e.focusType ? ` · about ${e.focus} (${e.focusType})` : ""}
              {cited.has(e.id) ? " · cited" : ""} · <code>{e.id}</code>
            </div>
            {e.meta && Object.keys(e.meta).length ? (
              <div class="meta muted">
                {Object.entries(e.meta)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(" · ")}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
