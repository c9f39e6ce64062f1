/**
 * Progress for long steps: a redrawn bar on an interactive terminal, plain lines otherwise
 * (CI logs, pipes), so logs stay readable and terminals stay quiet.
 */
export interface Progress {
  start(label: string, total: number): void;
  tick(done: number): void;
  done(summary?: string): void;
}

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  /** Force the plain-line mode even on a terminal. */
  plain?: boolean;
  /** Plain mode prints at most one line per this fraction of the total. */
  step?: number;
}

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = !options.plain && stream.isTTY === true;
  const step = options.step ?? 0.25;
  let label = "";
  let total = 0;
  let nextPlain = 0;
  let lastDraw = 0;
  let startedAt = 0;

  let firstDone = 0;
  /** Time left at the rate since the first tick (a resumed job starts past zero). */
  const eta = (done: number): string => {
    const secs = (performance.now() - startedAt) / 1000;
    const rate = secs > 0 ? (done - firstDone) / secs : 0;
    if (rate <= 0 || done >= total) return "";
    const left = Math.round((total - done) / rate);
    return ` ~${left >= 60 ? `${Math.floor(left / 60)}m${String(left % 60).padStart(2, "0")}s` : `${left}s`} left`;
  };
  const draw = (done: number) => {
    const frac = total > 0 ? Math.min(1, done / total) : 1;
    const width = 28;
    const filled = Math.round(frac * width);
    stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(frac * 100).toFixed(0).padStart(3)}% ${done}/${total}${eta(done)}   `);
  };

  return {
    start(l, t) {
      label = l;
      total = t;
      nextPlain = 0;
      lastDraw = 0;
      startedAt = performance.now();
      firstDone = -1;
      if (!tty) stream.write(`${label}: started (${total} items)\n`);
    },
    tick(done) {
      if (firstDone < 0) {
        firstDone = done;
        startedAt = performance.now();
      }
      if (tty) {
        const now = performance.now();
        if (now - lastDraw > 80 || done >= total) {
          lastDraw = now;
          draw(done);
        }
      } else if (total > 0 && done / total >= nextPlain && done < total) {
        if (nextPlain > 0) stream.write(`${label}: ${done}/${total}${eta(done)}\n`);
        nextPlain += step;
      }
    },
    done(summary) {
      const secs = ((performance.now() - startedAt) / 1000).toFixed(1);
      if (tty) {
        draw(total);
        stream.write(`  ${secs}s${summary ? ` ${summary}` : ""}\n`);
      } else {
        stream.write(`${label}: done in ${secs}s${summary ? ` ${summary}` : ""}\n`);
      }
    },
  };
}

/** A progress that prints nothing (tests, library use). */
export const silentProgress: Progress = { start() {}, tick() {}, done() {} };
