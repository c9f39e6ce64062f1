/** One Server-Sent Events frame. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental SSE parser (the EventSource wire format) for streams read with fetch, which
 * EventSource cannot do: it only GETs and cannot send an API key. Chunks may split lines or
 * frames anywhere; lines end in LF, CR or CRLF; comment lines (keep-alives) are skipped; a frame
 * is dispatched at its blank line, and one left open at the end of the stream is dropped, as the
 * format says.
 */
export function sseParser(onEvent: (e: SseEvent) => void): { feed(chunk: string): void } {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id: string | undefined;
  let pendingCr = false;

  const line = (l: string) => {
    if (l === "") {
      if (data.length) onEvent({ event: event || "message", data: data.join("\n"), ...(id !== undefined ? { id } : {}) });
      event = "";
      data = [];
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon === -1 ? l : l.slice(0, colon);
    let value = colon === -1 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) id = value;
  };

  return {
    feed(chunk: string) {
      // A CR at the end of the last chunk may be the first half of a CRLF.
      if (pendingCr && chunk.startsWith("\n")) chunk = chunk.slice(1);
      pendingCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== "\n" && ch !== "\r") continue;
        line(buffer.slice(start, i));
        if (ch === "\r") {
          if (i + 1 === buffer.length) pendingCr = true;
          else if (buffer[i + 1] === "\n") i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
