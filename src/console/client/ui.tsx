import { ApiError } from "./api.js";

/** An error as the API said it: the code, the message, and the request id to quote in a report. */
export function ErrorBanner({ error }: { error: unknown }) {
  if (!error) return null;
  const e = error instanceof ApiError ? error : new ApiError(0, "client", (error as Error)?.message ?? String(error));
  return (
    <div class="error" role="alert" data-code={e.code}>
      <strong>{e.status ? `${e.status} ${e.code}` : e.code}</strong>: {e.message}
      {e.requestId ? <span class="muted"> (request {e.requestId})</span> : null}
      {e.status === 401 ? (
        <span>
          {" "}
          Set the key under <a href="#/settings">Settings</a>.
        </span>
      ) : null}
    </div>
  );
}

export function Busy({ label }: { label: string }) {
  return (
    <p class="busy" role="status">
      <span class="spinner" aria-hidden="true"></span> {label}
    </p>
  );
}

/** A labelled select. */
export function Select({ id, label, value, options, onChange, disabled }: { id: string; label: string; value: string; options: { value: string; label: string; disabled?: boolean }[]; onChange: (v: string) => void; disabled?: boolean }) {
  return (
    <label for={id}>
      {label}{" "}
      <select id={id} name={id} value={value} disabled={disabled} onChange={(e: Event) => onChange((e.target as HTMLSelectElement).value)}>
        {options.map((o) => (
          <option value={o.value} disabled={o.disabled} selected={o.value === value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A table's header row: one column heading per label, with an empty corner over row headings when asked. */
export function ColumnHeads({ labels, corner }: { labels: readonly string[]; corner?: boolean }) {
  return (
    <thead>
      <tr>
        {corner ? <th scope="col"></th> : null}
        {labels.map((l) => (
          <th scope="col">{l}</th>
        ))}
      </tr>
    </thead>
  );
}

/** The question box of Ask and Compare: labelled, capped at the API's limit, focused on arrival. */
export function QuestionInput({ id, placeholder, value, onChange }: { id: string; placeholder: string; value: string; onChange: (v: string) => void }) {
  return (
    <>
      <label for={id} class="sr-only">
        Question
      </label>
      <input id={id} name="question" type="text" autocomplete="off" maxlength={2000} placeholder={placeholder} value={value} onInput={(e: Event) => onChange((e.target as HTMLInputElement).value)} autofocus />
    </>
  );
}
