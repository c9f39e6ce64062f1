import { describe, expect, it } from "vitest";
import { parseCsv } from "../../src/kb/parse/csv";

describe("CSV parsing", () => {
  it("handles quotes, doubled quotes, separators and newlines inside quotes, with start lines", () => {
    const text = 'a,b,c\n1,"x, y","say ""hi"""\n2,"multi\nline",z\r\n3,,\n';
    expect([...parseCsv(text)]).toEqual([
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ["1", "x, y", 'say "hi"'] },
      { line: 3, fields: ["2", "multi\nline", "z"] },
      { line: 5, fields: ["3", "", ""] },
    ]);
  });

  it("flags an unterminated quoted field", () => {
    const recs = [...parseCsv('a,b\n1,"open\n')];
    expect(recs[1]).toMatchObject({ line: 2, unterminated: true });
  });
});
