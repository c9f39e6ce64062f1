import { useEffect, useMemo, useState } from "hono/jsx/dom";
import { citedIds } from "./citations.js";
import type { ConsoleConfig } from "./config.js";
import { answered, type Turn } from "./conversation.js";
import { EvidenceList } from "./evidence.js";
import { FollowUpForm } from "./followup-form.js";
import { EvidenceGraph } from "./graph.js";
import { TurnView } from "./turn-view.js";
import { ErrorBanner } from "./ui.js";
import { useCite } from "./use-cite.js";

/**
 * The conversation so far: its turns in order, a follow-up box under the last one, and the evidence
 * (graph and list) of one answered turn, the newest unless another is picked or cited.
 */
export function ConversationView({ turns, config, running, error, strategy, initial, onAsk, onStop, onNew }: { turns: readonly Turn[]; config: ConsoleConfig; running: boolean; error: unknown; strategy: string; initial?: string; onAsk: (question: string) => void; onStop: () => void; onNew: () => void }) {
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const [selected, cite] = useCite();
  const withResult = turns.filter((t) => t.result);
  // Until a turn is answered there is nothing to follow up: the question form above is the one to use.
  const started = turns.some(answered);
  // A new turn shows its own evidence once answered.
  useEffect(() => setPicked(undefined), [turns.length]);
  const shown = withResult.find((t) => t.id === picked) ?? withResult.at(-1);
  const cited = useMemo(() => (shown?.result ? citedIds(shown.result) : new Set<string>()), [shown?.result]);

  return (
    <section class="conversation" aria-label="Conversation">
      {started ? (
        <div class="conversation-head">
          <h2>
            Conversation <span class="muted">({turns.length} turn{turns.length === 1 ? "" : "s"})</span>
          </h2>
          <button type="button" id="new-conversation" onClick={onNew}>
            New conversation
          </button>
        </div>
      ) : null}
      <ol class="turns">
        {turns.map((t, i) => (
          <TurnView
            key={t.id}
            turn={t}
            number={i + 1}
            newest={i === turns.length - 1}
            showing={t === shown}
            onCite={(id) => (setPicked(t.id), cite(id))}
            {...(withResult.length > 1 ? { onShow: () => setPicked(t.id) } : {})}
          />
        ))}
      </ol>
      {started ? <FollowUpForm running={running} strategy={strategy} {...(initial ? { initial } : {})} onAsk={onAsk} onStop={onStop} /> : null}
      <ErrorBanner error={error} />
      {shown?.result ? (
        <div class="turn-evidence" key={`evidence-${shown.id}`}>
          <h3 class="turn-evidence-head">
            Evidence of turn {turns.indexOf(shown) + 1}: <span class="muted">{shown.question}</span>
          </h3>
          <EvidenceGraph evidence={shown.result.evidence} cited={cited} config={config} />
          <EvidenceList evidence={shown.result.evidence} cited={cited} selected={selected} />
        </div>
      ) : null}
    </section>
  );
}
