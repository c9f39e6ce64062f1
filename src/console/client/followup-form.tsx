import { useState } from "hono/jsx/dom";

/** The box under a conversation's last turn: Enter asks the follow-up; Stop (or Esc) ends a turn still running. */
export function FollowUpForm({ running, strategy, initial, onAsk, onStop }: { running: boolean; strategy: string; initial?: string; onAsk: (question: string) => void; onStop: () => void }) {
  const [text, setText] = useState(initial ?? "");
  const submit = (e: Event) => {
    e.preventDefault();
    onAsk(text.trim());
    setText("");
  };
  return (
    <form class="followup-form" onSubmit={submit}>
      <label for="followup">Follow-up</label>
      <input id="followup" name="followup" type="text" autocomplete="off" maxlength={2000} placeholder="when did it come out? what else did she direct?" value={text} onInput={(e: Event) => setText((e.target as HTMLInputElement).value)} />
      <button type="submit" id="ask-followup" disabled={running}>
        Ask
      </button>
      {running ? (
        <button type="button" id="stop" onClick={onStop} title="Stop the run (Esc)">
          Stop
        </button>
      ) : null}
      <span class="muted followup-note">read against the earlier turns · strategy {strategy}</span>
    </form>
  );
}
