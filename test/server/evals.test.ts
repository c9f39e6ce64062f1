import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceStep } from "../../agents/research/types";
import { appendRecord, type EvalRecord } from "../../eval/records";
import { runEval, writeReports } from "../../eval/runner";
import type { Aggregate, JudgeAggregate, StrategySummary, Summary } from "../../eval/summary";
import { loadConfig } from "../../src/config";
import { checkReportName, listReports } from "../../src/evals/reports";
import { AggregateSchema, JudgeAggregateSchema, RankedDatasetSchema, RankingAggregateSchema, ReportListingSchema, ReportSchema, StrategySummarySchema, SummarySchema } from "../../src/evals/schemas";
import type { RankedDataset, RankingAggregate } from "../../eval/open-requests/ranking";
import { silentProgress } from "../../src/util/progress";
import { writeFixtureDataset } from "../helpers/eval-fixture";
import { fixtureKb } from "../helpers/fixture-kb";
import { startTestServer, type TestServer } from "../helpers/api-server";

/**
 * Compile-time: every Summary the eval writes is accepted by the schema the API reads it with, and
 * the schema names exactly the Summary's fields at each level (it drops unknown ones).
 */
type Accepts<T extends z.input<typeof SummarySchema>> = T;
export type SummaryFitsSchema = Accepts<Summary>;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const SCHEMA_NAMES_EVERY_FIELD: [
  SameKeys<Summary, z.output<typeof SummarySchema>>,
  SameKeys<StrategySummary, z.output<typeof StrategySummarySchema>>,
  SameKeys<Aggregate, z.output<typeof AggregateSchema>>,
  SameKeys<JudgeAggregate, z.output<typeof JudgeAggregateSchema>>,
  SameKeys<RankingAggregate, z.output<typeof RankingAggregateSchema>>,
  SameKeys<RankedDataset, z.output<typeof RankedDatasetSchema>>,
] = [true, true, true, true, true, true];

/**
 * Report folders are made the way the eval makes them: one by runEval over the fixture world (with
 * run.json), one by writeReports on synthetic judged records (without run.json). Around them, the
 * folders an eval directory really collects: a damaged summary, one of another shape, one too big,
 * a run still in progress, a hidden folder, and symlinks pointing inside and outside.
 */

const day = (d: number) => new Date(Date.UTC(2024, 0, d, 12));
const touch = (path: string, d: number) => utimesSync(path, day(d), day(d));

function judgedRecord(i: number): EvalRecord {
  const trace: TraceStep[] = [{ index: 0, node: "act", decision: "call", rationale: "r", tool: "think_on_graph", evidenceIds: ["e1"], notes: [], ms: 2 + i, llmCalls: 1, inputTokens: 10, outputTokens: 5 }];
  return {
    key: `heuristic|q${i}`,
    variant: "heuristic",
    strategy: "heuristic",
    ablations: [],
    dataset: "jsonl:synthetic",
    questionId: `q${i}`,
    order: i,
    category: "director",
    question: `who directed film ${i}`,
    gold: ["Ada"],
    answer: i === 0 ? "Ada" : "Bea",
    answers: [{ name: i === 0 ? "Ada" : "Bea", score: 1 }],
    truncated: false,
    trace,
    cited: [],
    evidenceCount: 1,
    usage: { llmCalls: 1, inputTokens: 10, outputTokens: 5, cachedCalls: 0 },
    timings: { totalMs: 3, toolMs: 2, llmMs: 1, nonModelMs: 2, byNode: { act: 2 }, byTool: { think_on_graph: 2 } },
    metrics: { hits1: i === 0 ? 1 : 0, precision: 1, recall: 1, f1: 1, contextRecall: 1, steps: 1, toolCalls: 1, toolCallsByTool: { think_on_graph: 1 }, llmCalls: 1, inputTokens: 10, outputTokens: 5, latencyMs: 3, nonModelMs: 2 },
    judge: { faithfulness: 1, answerRelevancy: 0.5, contextPrecision: 1, contextRecall: 1, completeness: 1, answerCorrectness: i === 0 ? 1 : 0, overall: 0.7, reasoning: { faithfulness: "ok" } },
  };
}

let base: string;
let evalDir: string;
let fixtureSummary: Summary;
let judgedSummary: Summary;
let srv: TestServer;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "mg-evals-"));
  evalDir = join(base, "eval-reports");
  const outside = join(base, "elsewhere");
  mkdirSync(evalDir);
  mkdirSync(outside);

  const kb = await fixtureKb();
  const dataset = `jsonl:${writeFixtureDataset(base, 5)}`;
  const fixture = join(evalDir, "eval-fixture-dev");
  fixtureSummary = await runEval(
    { datasets: [dataset], split: "dev", seed: 1, strategies: ["heuristic", "simple"], brackets: "strip", concurrency: 1, out: fixture, resume: false, ablate: [], dataDir: "/nonexistent" },
    { kb, progress: silentProgress },
  );
  touch(join(fixture, "summary.json"), 3);

  const judged = join(evalDir, "judged+run");
  mkdirSync(judged);
  for (let i = 0; i < 3; i++) appendRecord(join(judged, "results.jsonl"), judgedRecord(i));
  judgedSummary = writeReports(judged, ["heuristic"], true);
  touch(join(judged, "summary.json"), 5);

  const broken = join(evalDir, "broken-json");
  mkdirSync(broken);
  writeFileSync(join(broken, "summary.json"), readFileSync(join(fixture, "summary.json"), "utf8").slice(0, 200));
  touch(join(broken, "summary.json"), 4);

  const wrong = join(evalDir, "wrong-shape");
  mkdirSync(wrong);
  const { hits1: _dropped, ...withoutHits } = fixtureSummary.strategies[0]!;
  writeFileSync(join(wrong, "summary.json"), JSON.stringify({ ...fixtureSummary, strategies: [withoutHits] }));
  touch(join(wrong, "summary.json"), 4);

  const big = join(evalDir, "too-big");
  mkdirSync(big);
  writeFileSync(join(big, "summary.json"), `${JSON.stringify(fixtureSummary)}${" ".repeat(5 * 1024 * 1024)}`);
  touch(join(big, "summary.json"), 1);

  // A chart that is a symlink to a file outside: the summary is served, the chart never.
  const svgEscape = join(evalDir, "svg-escape");
  cpSync(fixture, svgEscape, { recursive: true });
  writeFileSync(join(outside, "secret.svg"), "<svg>secret</svg>");
  rmSync(join(svgEscape, "summary.svg"));
  symlinkSync(join(outside, "secret.svg"), join(svgEscape, "summary.svg"));
  touch(join(svgEscape, "summary.json"), 2);

  // A folder symlinked to a report outside the eval directory, and one to a report inside it.
  cpSync(fixture, join(outside, "report"), { recursive: true });
  symlinkSync(join(outside, "report"), join(evalDir, "escape"));
  symlinkSync(fixture, join(evalDir, "inside-link"));

  mkdirSync(join(evalDir, "in-progress"));
  writeFileSync(join(evalDir, "in-progress", "results.jsonl"), "");
  cpSync(fixture, join(evalDir, ".hidden"), { recursive: true });
  writeFileSync(join(evalDir, "notes.txt"), "not a report");

  srv = await startTestServer(kb, { evalDir });
});
afterAll(async () => {
  await srv?.close();
});

type ErrorBody = { error: { code: string; message: string } };
async function expectError(res: Response, status: number, code: string, message?: RegExp): Promise<string> {
  expect(res.status).toBe(status);
  const text = await res.text();
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toContain(base); // never an absolute path
  const body = JSON.parse(text) as ErrorBody;
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toMatch(message);
  return body.error.message;
}

describe("GET /v1/evals", () => {
  it("lists the report folders newest first, then by name, with what is wrong with the unusable ones", async () => {
    const res = await srv.get("/v1/evals");
    expect(res.status).toBe(200);
    const text = await res.text();
    // Never the eval directory's path (dataset names are the report's own data: jsonl:PATH keeps its path).
    expect(text).not.toContain(evalDir);
    const list = ReportListingSchema.parse(JSON.parse(text));
    expect(list.dir).toBe("eval-reports");
    expect(list.hint).toBeUndefined();
    expect(list.reports.map((r) => r.name)).toEqual(["escape", "judged+run", "broken-json", "wrong-shape", "eval-fixture-dev", "inside-link", "svg-escape", "too-big"]);
    const by = Object.fromEntries(list.reports.map((r) => [r.name, r as Record<string, unknown>]));
    expect(by["eval-fixture-dev"]).toEqual({ name: "eval-fixture-dev", datasets: fixtureSummary.datasets, split: "dev", strategies: ["heuristic", "simple"], n: 5, modifiedAt: day(3).toISOString(), judge: false });
    expect(by["judged+run"]).toEqual({ name: "judged+run", datasets: ["jsonl:synthetic"], split: null, strategies: ["heuristic"], n: 3, modifiedAt: day(5).toISOString(), judge: true });
    expect(by["inside-link"]).toMatchObject({ strategies: ["heuristic", "simple"], n: 5 });
    expect(by["broken-json"]).toEqual({ name: "broken-json", modifiedAt: day(4).toISOString(), error: expect.stringMatching(/^summary\.json is not valid JSON/) });
    expect(by["wrong-shape"]!.error).toMatch(/^summary\.json does not have the shape the eval writes: strategies\.0\.hits1: /);
    expect(by["too-big"]!.error).toMatch(/summary\.json is 5\.0 MB, over the 5 MB the API reads/);
    expect(by.escape!.error).toMatch(/summary\.json resolves outside the eval directory/);
  });

  it("gives no reports and a hint on how to make one when EVAL_DIR does not exist", async () => {
    const missing = await startTestServer(await fixtureKb(), { evalDir: join(base, "never-made") });
    try {
      const res = await missing.get("/v1/evals");
      expect(res.status).toBe(200);
      const body = ReportListingSchema.parse(await res.json());
      expect(body).toEqual({ dir: "never-made", reports: [], hint: expect.stringContaining("npm run eval -- --dataset metaqa-1hop --out <EVAL_DIR>/<name>") });
      expect(body.hint).not.toContain(base);
      await expectError(await missing.get("/v1/evals/eval-fixture-dev"), 404, "not_found", /no report "eval-fixture-dev": the eval directory "never-made" does not exist yet/);
    } finally {
      await missing.close();
    }
  });
});

describe("GET /v1/evals/:name", () => {
  it("returns the summary and run.json's settings", async () => {
    const res = await srv.get("/v1/evals/eval-fixture-dev");
    expect(res.status).toBe(200);
    const body = ReportSchema.parse(await res.json());
    expect(body.name).toBe("eval-fixture-dev");
    expect(body.summary).toEqual(JSON.parse(JSON.stringify(fixtureSummary)));
    expect(body.run).toEqual(JSON.parse(readFileSync(join(evalDir, "eval-fixture-dev", "run.json"), "utf8")));
    expect(body.run).toMatchObject({ split: "dev", strategies: ["heuristic", "simple"], seed: 1 });
    expect(body.runError).toBeUndefined();
  });

  it("returns run: null without run.json, and the judge aggregate when judged", async () => {
    const body = ReportSchema.parse(await (await srv.get(`/v1/evals/${encodeURIComponent("judged+run")}`)).json());
    expect(body.run).toBeNull();
    expect(body.summary).toEqual(JSON.parse(JSON.stringify(judgedSummary)));
    expect(body.summary.strategies[0]!.judge).toMatchObject({ n: 3, unjudged: 0, answerRelevancy: 0.5 });
  });

  it("answers a damaged report with what is wrong, and an unknown one with 404 naming it", async () => {
    await expectError(await srv.get("/v1/evals/broken-json"), 500, "data_invalid", /^report "broken-json": summary\.json is not valid JSON/);
    await expectError(await srv.get("/v1/evals/wrong-shape"), 500, "data_invalid", /strategies\.0\.hits1/);
    await expectError(await srv.get("/v1/evals/nope-123"), 404, "not_found", /no report "nope-123" \(a report is a folder in the eval directory "eval-reports" holding a summary\.json\)/);
    await expectError(await srv.get("/v1/evals/in-progress"), 404, "not_found", /no report "in-progress"/);
    await expectError(await srv.get("/v1/evals/notes.txt"), 404, "not_found", /no report "notes.txt"/);
  });

  it("never reads outside EVAL_DIR, through a symlinked folder or file", async () => {
    await expectError(await srv.get("/v1/evals/escape"), 404, "not_found", /report "escape": summary\.json resolves outside the eval directory/);
    await expectError(await srv.get("/v1/evals/escape/chart.svg"), 404, "not_found", /resolves outside/);
    const svg = await expectError(await srv.get("/v1/evals/svg-escape/chart.svg"), 404, "not_found", /report "svg-escape": summary\.svg resolves outside/);
    expect(svg).not.toContain("secret");
    expect((await srv.get("/v1/evals/svg-escape")).status).toBe(200);
    // A symlink that stays inside is an ordinary report.
    expect((await srv.get("/v1/evals/inside-link")).status).toBe(200);
  });

  it("rejects names that are not report folder names with 400 saying what names look like", async () => {
    for (const path of ["..%2Fsecret", "..%2F..%2Fetc%2Fpasswd", "a..b", "a%2Fb", ".hidden", "-dash", "sp%20ace", "x".repeat(122), "a%5Cb", "..%2Felsewhere%2Freport"]) {
      await expectError(await srv.get(`/v1/evals/${path}`), 400, "invalid_input", /invalid report name .*: a report name is the name of a folder in the eval directory: 1–121 letters, digits/);
    }
    await expectError(await srv.get("/v1/evals/.hidden/chart.svg"), 400, "invalid_input", /invalid report name "\.hidden"/);
    await expectError(await srv.get("/v1/evals/a%2Fb/chart.svg"), 400, "invalid_input", /invalid report name "a\/b"/);
    expect((await srv.get(`/v1/evals/${"x".repeat(121)}`)).status).toBe(404);
    for (const name of ["..", "../x", "a/../b", "", "."]) expect(() => checkReportName(name)).toThrow(/invalid report name/);
  });
});

describe("GET /v1/evals/:name/chart.svg", () => {
  it("serves summary.svg as an image that may run nothing", async () => {
    const res = await srv.get("/v1/evals/eval-fixture-dev/chart.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe(readFileSync(join(evalDir, "eval-fixture-dev", "summary.svg"), "utf8"));
  });

  it("is 404 for a report without a chart", async () => {
    const dir = join(evalDir, "no-chart");
    cpSync(join(evalDir, "judged+run"), dir, { recursive: true });
    rmSync(join(dir, "summary.svg"));
    await expectError(await srv.get("/v1/evals/no-chart/chart.svg"), 404, "not_found", /report "no-chart" has no summary\.svg/);
    rmSync(dir, { recursive: true });
  });
});

describe("eval reports with API keys on", () => {
  it("need the key like every other route", async () => {
    const keyed = await startTestServer(await fixtureKb(), { evalDir, options: { apiKeys: ["k1"] } });
    try {
      for (const path of ["/v1/evals", "/v1/evals/eval-fixture-dev", "/v1/evals/eval-fixture-dev/chart.svg", "/v1/evals/..%2Fx"]) {
        await expectError(await keyed.get(path), 401, "unauthorized");
        expect((await keyed.get(path, { "x-api-key": "wrong" })).status).toBe(401);
      }
      expect((await keyed.get("/v1/evals", { authorization: "Bearer k1" })).status).toBe(200);
      expect((await keyed.get("/v1/evals/eval-fixture-dev/chart.svg", { "x-api-key": "k1" })).status).toBe(200);
    } finally {
      await keyed.close();
    }
  });
});

describe("eval reports: OpenAPI and configuration", () => {
  it("documents the three routes", async () => {
    const doc = (await (await srv.get("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/evals", "/v1/evals/{name}", "/v1/evals/{name}/chart.svg"]));
    expect(doc.paths["/v1/evals/{name}"]!.get.parameters[0]).toMatchObject({ name: "name", in: "path", schema: { pattern: "^(?!.*\\.\\.)[A-Za-z0-9][A-Za-z0-9._+-]{0,120}$" } });
    expect(doc.components.schemas.EvalReportList.properties.reports).toBeDefined();
    expect(doc.components.schemas.EvalReport.properties.summary.properties.strategies).toBeDefined();
  });

  it("reads EVAL_DIR, by default out/ in the working directory", () => {
    expect(loadConfig({ EMBEDDER: "corpus" }).evalDir).toBe(resolve("out"));
    expect(loadConfig({ EMBEDDER: "corpus", EVAL_DIR: "" }).evalDir).toBe(resolve("out"));
    expect(loadConfig({ EMBEDDER: "corpus", EVAL_DIR: "some/reports" }).evalDir).toBe(resolve("some/reports"));
  });

  it("lists the same directly from the module", () => {
    expect(listReports(evalDir).reports.map((r) => r.name)).toContain("eval-fixture-dev");
  });
});
