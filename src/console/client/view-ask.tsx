import { useEffect, useState } from "hono/jsx/dom";
import type { ConsoleConfig } from "./config.js";
import { answered } from "./conversation.js";
import { ConversationView } from "./conversation-view.js";
import { routeHref } from "./route.js";
import { strategyOptions, usable } from "./strategy-options.js";
import { useConversation } from "./use-conversation.js";
import { Busy, ErrorBanner, Select } from "./ui.js";

const BUDGET_FIELDS = [
  { key: "maxSteps", label: "max steps" },
  { key: "maxLlmCalls", label: "max LLM calls" },
  { key: "maxTokens", label: "max tokens" },
  { key: "deadlineMs", label: "deadline (ms)" },
] as const;

/**
 * Ask: a question, a strategy and budgets; the steps stream in, then the answer and its evidence,
 * and a follow-up box that continues the conversation. `#/ask?q=…` holds the question;
 * `#/ask?after=<run>` continues the conversation of a stored run (its q, the follow-up not yet asked).
 */
export function AskView({ config, params }: { config: ConsoleConfig; params: Record<string, string> }) {
  const [question, setQuestion] = useState(params.after ? "" : (params.q ?? ""));
  const [strategy, setStrategy] = useState(usable(config, params.strategy, "auto"));
  const conversation = useConversation();
  const { state, running } = conversation;
  const started = state.turns.some(answered);

  useEffect(() => {
    if (params.after) void conversation.continueFrom(params.after, params.strategy ? strategy : undefined);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && running) conversation.stop();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [running]);

  const submit = (e: Event) => {
    e.preventDefault();
    // The URL says what was asked, so the page can be shared or reloaded (without asking again).
    history.replaceState(null, "", routeHref({ view: "ask", params: { q: question, strategy } }));
    // Budget fields are left to the browser (not bound to state), so its form validation holds back a
    // submit whose field has text that is not a number or is out of range, and says so at the field.
    const form = new FormData(e.target as HTMLFormElement);
    const b = Object.fromEntries(BUDGET_FIELDS.map((f) => [f.key, String(form.get(f.key) ?? "")] as const).filter(([, v]) => v !== "").map(([k, v]) => [k, Number(v)]));
    void conversation.ask(question, { strategy, ...(Object.keys(b).length ? { budget: b } : {}) });
  };

  const followUp = (text: string) => {
    // The URL names the turn the follow-up comes after, so a reload reopens the conversation there.
    const after = state.turns.filter((t) => t.result).at(-1)?.result?.runId;
    history.replaceState(null, "", routeHref({ view: "ask", params: { q: text, strategy: state.settings?.strategy ?? strategy, ...(after ? { after } : {}) } }));
    void conversation.ask(text);
  };

  const startOver = () => {
    conversation.clear();
    setQuestion("");
    history.replaceState(null, "", routeHref({ view: "ask", params: { strategy } }));
    requestAnimationFrame(() => document.getElementById("question")?.focus());
  };

  return (
    <div class="view-ask">
      {started || state.loading ? null : (
        <>
          <form class="ask-form" onSubmit={submit}>
            <label for="question" class="sr-only">
              Question
            </label>
            <input
              id="question"
              name="question"
              type="text"
              autocomplete="off"
              maxlength={2000}
              placeholder="Ask about films: who directed Casablanca and when did it come out?"
              value={question}
              onInput={(e: Event) => setQuestion((e.target as HTMLInputElement).value)}
              autofocus
            />
            <div class="ask-controls">
              <Select id="strategy" label="Strategy" value={strategy} options={strategyOptions(config)} onChange={setStrategy} />
              <details class="budget">
                <summary>Budget</summary>
                <div class="budget-fields">
                  {BUDGET_FIELDS.map((f) => (
                    <label for={`budget-${f.key}`}>
                      {f.label}{" "}
                      <input id={`budget-${f.key}`} name={f.key} type="number" step={1} min={f.key === "maxLlmCalls" ? 0 : 1} max={config.caps[f.key]} placeholder={`≤ ${config.caps[f.key]}`} />
                    </label>
                  ))}
                </div>
              </details>
              <button type="submit" id="ask" disabled={running}>
                Ask
              </button>
              {running ? (
                <button type="button" id="stop" onClick={conversation.stop} title="Stop the run (Esc)">
                  Stop
                </button>
              ) : null}
            </div>
          </form>
          <ErrorBanner error={state.error} />
        </>
      )}
      {state.loading ? <Busy label={`loading the conversation of run ${state.loading}…`} /> : null}
      {state.turns.length ? (
        <ConversationView
          turns={state.turns}
          config={config}
          running={running}
          error={started ? state.error : undefined}
          strategy={state.settings?.strategy ?? strategy}
          {...(params.after && params.q ? { initial: params.q } : {})}
          onAsk={followUp}
          onStop={conversation.stop}
          onNew={startOver}
        />
      ) : state.loading || state.error ? null : (
        <Intro />
      )}
    </div>
  );
}

function Intro() {
  return (
    <div class="intro muted">
      <p>Ask a question about films. The planner chooses among full-text, depth-first, breadth-first and Think-on-Graph search over the knowledge graph, judges whether the evidence is enough, and answers with citations.</p>
      <p>
        Then ask a follow-up under the answer (<q>when did it come out?</q>, <q>what else did she direct?</q>): it is read against the conversation's earlier turns.
      </p>
      <p>
        Keys: <kbd>/</kbd> goes to the question, <kbd>Enter</kbd> asks, <kbd>Esc</kbd> stops a run.
      </p>
    </div>
  );
}
