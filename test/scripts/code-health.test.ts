import { describe, expect, it } from "vitest";
import { decisionCounts } from "../../scripts/code-health";
import { parseHealthArgs, UsageError } from "../../scripts/code-health/args";

const counts = (source: string) => decisionCounts(source, "snippet.ts").map(({ name, decisions }) => [name, decisions]);

describe("decisionCounts", () => {
  it("counts if, ?:, loops, catch and && || ?? in one function", () => {
    const source = `
      function f(a: number[], b?: string) {
        if (a.length > 0 && b) return 1;
        for (const x of a) while (x > 0) break;
        for (let i = 0; i < 1; i++) {}
        for (const k in a) {}
        do {} while (false);
        try { g(); } catch { h(); }
        const c = b ?? "none";
        const d = a.length || 0;
        return c ? d : 0;
      }`;
    // if, &&, for-of, while, for, for-in, do, catch, ??, ||, ?:
    expect(counts(source)).toEqual([["f", 11]]);
  });

  it("counts the logical assignments &&= ||= ??=", () => {
    expect(counts(`function f(o: { a?: number; b?: number; c?: number }) { o.a ??= 1; o.b ||= 2; o.c &&= 3; }`)).toEqual([["f", 3]]);
  });

  it("counts each optional chain link", () => {
    expect(counts(`function f(o?: { a?: { b(): number }[] }) { return o?.a?.[0]?.b(); }`)).toEqual([["f", 3]]);
  });

  it("counts case clauses but not default", () => {
    const source = `
      function pick(k: string) {
        switch (k) {
          case "a": return 1;
          case "b":
          case "c": return 2;
          default: return 3;
        }
      }`;
    expect(counts(source)).toEqual([["pick", 3]]);
  });

  it("leaves a nested function's decisions to the nested function", () => {
    const source = `
      function outer(xs: number[]) {
        if (xs.length === 0) return [];
        const inner = (x: number) => (x > 0 && x < 10 ? x : 0);
        return xs.map(function (x) { return x ?? inner(x); });
      }`;
    expect(counts(source)).toEqual([
      ["outer", 1],
      ["inner", 2],
      ["<anonymous>@5", 1],
    ]);
  });

  it("does not count plain binary operators or code outside functions", () => {
    expect(counts(`const top = a && b ? 1 : 2; function f(a: number) { return a + 1 === 2 || a; }`)).toEqual([["f", 1]]);
  });

  it("names arrow functions and function expressions after the const they are assigned to", () => {
    const source = `
      export const handle = async (x?: string) => x ?? "";
      const parse = function parseImpl(x: string) { return x || undefined; };
      const wrapped = ((x: number) => x) as (x: number) => number;`;
    expect(counts(source)).toEqual([
      ["handle", 1],
      ["parse", 1],
      ["wrapped", 0],
    ]);
  });

  it("names object-literal members by their property name", () => {
    const source = `
      const api = {
        run(x: number) { return x > 0 ? x : 0; },
        stop: (y?: number) => y ?? 0,
        get ready() { return true; },
        "quoted-name": function () {},
      };`;
    expect(counts(source)).toEqual([
      ["run", 1],
      ["stop", 1],
      ["get ready", 0],
      ["quoted-name", 0],
    ]);
  });

  it("names class members Class.name, and skips bodiless overloads", () => {
    const source = `
      class Store {
        private items: number[] = [];
        constructor(seed?: number[]) { if (seed) this.items = seed; }
        add(x: number): void;
        add(x: number, y?: number): void { this.items.push(x, y ?? x); }
        onChange = () => {};
        get size() { return this.items.length; }
      }`;
    expect(counts(source)).toEqual([
      ["Store.constructor", 1],
      ["Store.add", 1],
      ["Store.onChange", 0],
      ["get Store.size", 0],
    ]);
  });

  it("reports 1-based lines and parses .tsx", () => {
    const source = `\nexport function View(p: { on?: boolean }) {\n  return <div>{p.on && <b>on</b>}</div>;\n}\n`;
    expect(decisionCounts(source, "view.tsx")).toEqual([{ name: "View", line: 2, decisions: 1 }]);
  });
});

describe("parseHealthArgs", () => {
  it("reads --json, --max and --dirs", () => {
    expect(parseHealthArgs(["--json", "--max", "25", "--dirs", "a, b,,c"])).toEqual({ json: true, max: 25, dirs: ["a", "b", "c"] });
    expect(parseHealthArgs([])?.max).toBeUndefined();
  });

  it.each([[["--max", "many"]], [["--max"]], [["--dirs", ","]], [["--bogus"]], [["stray"]]])("rejects %j", (argv) => {
    expect(() => parseHealthArgs(argv)).toThrow(UsageError);
  });
});
