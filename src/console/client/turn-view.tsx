import { AnswerSection } from "./answer-section.js";
import { withoutCitations, type Turn } from "./conversation.js";
import { ms } from "./format.js";
import { ReadAs } from "./read-as.js";
import { StepList } from "./steps.js";
import { ErrorBanner } from "./ui.js";

/**
 * One turn of a conversation: the question as asked, what a follow-up was read as, its steps
 * (open while it is the newest turn, collapsed after), its answer with citations, or its error.
 * A turn recalled from a stored run's history has only its question and reply.
 */
export function TurnView({ turn, number, newest, showing, onCite, onShow }: { turn: Turn; number: number; newest: boolean; showing?: boolean; onCite?: (id: string) => void; onShow?: () => void }) {
  const r = turn.result;
  const took = r ? ms(r.timings.totalMs) : turn.running ? "running" : undefined;
  return (
    <li class={`turn${turn.recalled ? " recalled" : ""}${turn.running ? " running" : ""}`} data-turn={number} aria-label={`Turn ${number}`}>
      <h3 class="turn-question">
        <span class="turn-number" aria-hidden="true">
          {number}
        </span>{" "}
        {turn.question}
      </h3>
      <ReadAs question={turn.question} followUp={r?.followUp} resolved={turn.recalled?.resolved} historyStart={turn.historyStart} />
      {turn.recalled ? (
        <div class="answer recalled-answer">
          <p class="answer-text">{turn.recalled.answer ? withoutCitations(turn.recalled.answer) : <span class="muted">(no reply kept)</span>}</p>
          <p class="muted">Recalled from the conversation's history: the question and its reply only.</p>
        </div>
      ) : (
        <>
          <details class="turn-steps" open={newest}>
            <summary>
              Steps <span class="muted">({turn.steps.length}{took ? ` · ${took}` : ""})</span>
            </summary>
            <StepList steps={turn.steps} running={turn.running} heading={false} />
          </details>
          {r && onCite ? <AnswerSection result={r} onCite={onCite} level={4} /> : null}
          <ErrorBanner error={turn.error} />
          {r && onShow ? (
            <button type="button" class="link show-evidence" aria-pressed={showing ? "true" : "false"} onClick={onShow}>
              {showing ? "its evidence is shown below" : "show its evidence below"}
            </button>
          ) : null}
        </>
      )}
    </li>
  );
}
