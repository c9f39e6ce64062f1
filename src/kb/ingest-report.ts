/**
 * What ingestion read, kept, merged and rejected, per file. Every rejected line is recorded with
 * its file, line number and reason; nothing is dropped without a count.
 */
export interface FileCounts {
  file: string;
  /** Lines or records read. */
  read: number;
  /** Records that made it into the knowledge base. */
  kept: number;
  /** Records folded into another (duplicate triple, second film with the same title, ...). */
  merged: number;
  /** Malformed records, each also listed in `rejections`. */
  rejected: number;
  /** Well-formed records that matched nothing to join with. */
  unmatched: number;
}

export interface Rejection {
  file: string;
  line: number;
  reason: string;
}

export interface IngestReport {
  files: FileCounts[];
  rejections: Rejection[];
  nodes: number;
  edges: number;
}

export class IngestLog {
  readonly rejections: Rejection[] = [];
  private readonly counts = new Map<string, FileCounts>();
  private printed = 0;

  constructor(
    private readonly onRejection: (r: Rejection) => void = defaultPrinter,
    private readonly maxPrinted = 50,
  ) {}

  file(file: string): FileCounts {
    let c = this.counts.get(file);
    if (!c) {
      c = { file, read: 0, kept: 0, merged: 0, rejected: 0, unmatched: 0 };
      this.counts.set(file, c);
    }
    return c;
  }

  reject(file: string, line: number, reason: string): void {
    const r = { file, line, reason };
    this.rejections.push(r);
    this.file(file).rejected++;
    if (this.printed < this.maxPrinted) this.onRejection(r);
    this.printed++;
  }

  report(nodes: number, edges: number): IngestReport {
    const hidden = this.printed - this.maxPrinted;
    if (hidden > 0) this.onRejection({ file: "(all files)", line: 0, reason: `${hidden} more rejected lines not printed; see the ingest report` });
    return { files: [...this.counts.values()], rejections: this.rejections, nodes, edges };
  }
}

function defaultPrinter(r: Rejection): void {
  process.stderr.write(`rejected ${r.file}:${r.line}: ${r.reason}\n`);
}

export function formatReport(report: IngestReport): string {
  const lines = report.files.map(
    (f) => `  ${f.file}: read ${f.read}, kept ${f.kept}, merged ${f.merged}, unmatched ${f.unmatched}, rejected ${f.rejected}`,
  );
  return [`ingested ${report.nodes} nodes and ${report.edges} edges`, ...lines].join("\n");
}
