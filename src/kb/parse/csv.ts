/**
 * RFC 4180 CSV: quoted fields, doubled quotes, separators and newlines inside quotes.
 * Yields each record with the 1-based line on which it starts, so errors can point at it.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
  /** Set when the input ended inside a quoted field. */
  unterminated?: boolean;
}

export function* parseCsv(text: string): Generator<CsvRecord> {
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let field = "";
    let inQuotes = false;
    let endOfRecord = false;
    while (i < n && !endOfRecord) {
      const c = text[i]!;
      if (inQuotes) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            inQuotes = false;
            i++;
          }
        } else {
          if (c === "\n") line++;
          field += c;
          i++;
        }
      } else if (c === '"' && field === "") {
        inQuotes = true;
        i++;
      } else if (c === ",") {
        fields.push(field);
        field = "";
        i++;
      } else if (c === "\n" || c === "\r") {
        if (c === "\r" && text[i + 1] === "\n") i++;
        i++;
        line++;
        endOfRecord = true;
      } else {
        field += c;
        i++;
      }
    }
    fields.push(field);
    if (inQuotes) {
      yield { line: startLine, fields, unterminated: true };
      return;
    }
    if (fields.length === 1 && fields[0] === "") continue; // blank line
    yield { line: startLine, fields };
  }
}
