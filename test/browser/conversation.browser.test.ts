import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InProcessExecutor } from "../../src/server/executor";
import type { ConversationTurn } from "../../src/conversation/turns";
import { startTestServer, TEST_OPTIONS, type TestServer } from "../helpers/api-server";
import { fixtureKb } from "../helpers/fixture-kb";
import { browserAvailable, launch, watchedPage } from "./browser";
import { PacedExecutor } from "./executors";

const STEP_PAUSE_MS = 100;
const FIRST = "who directed Starfall";
const SECOND = "what other films did she direct?";
const THIRD = "who wrote them?";

/** The body of each POST /v1/research/stream the page sent, in order. */
type Sent = { question: string; strategy: string; history?: ConversationTurn[] };

describe.skipIf(!browserAvailable())("the console's conversation view in Chromium", () => {
  let browser: Browser;
  let srv: TestServer;
  let page: Page;
  let problems: string[];
  let sent: Sent[];
  let closePage: () => Promise<void>;

  beforeAll(async () => {
    // The real research over the fixture world, replayed step by step: follow-ups resolve as they would in the service.
    const kb = await fixtureKb();
    srv = await startTestServer(kb, { executor: new PacedExecutor(new InProcessExecutor({ kb, caps: TEST_OPTIONS.caps }), STEP_PAUSE_MS) });
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  const open = async (hash = "") => {
    ({ page, problems, close: closePage } = await watchedPage(browser, srv.url));
    sent = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/v1/research/stream") sent.push(JSON.parse(r.postData() ?? "{}") as Sent);
    });
    await page.goto(`${srv.url}/${hash}`);
    await page.waitForSelector("header.top nav");
  };

  afterEach(async () => {
    const seen = problems;
    await closePage?.();
    // No script errors, no console errors, no request to anywhere but the server under test.
    expect(seen).toEqual([]);
  });

  const turn = (n: number) => page.locator(`.turn[data-turn="${n}"]`);
  const answerOf = async (n: number) => {
    await turn(n).locator(".answer-text").waitFor({ timeout: 20_000 });
    return turn(n).locator(".answer-text").innerText();
  };
  /** The newest stored run of a question; `followUp`: only one asked with a history. */
  const storedRun = (question: string, followUp = false) => srv.store.list(100).runs.find((r) => r.request.question === question && (!followUp || r.request.history));

  it("asks a follow-up through the box: read against the first turn, both turns in order, the earlier steps collapsed", async () => {
    await open();
    await page.fill("#question", FIRST);
    await page.press("#question", "Enter");
    expect(await answerOf(1)).toMatch(/Ada Marlowe/);
    // The first question stands alone: no history, no "read as".
    expect(sent[0]).not.toHaveProperty("history");
    expect(await turn(1).locator(".read-as").count()).toBe(0);

    // Once answered, the follow-up box is under the turn and takes the place of the question form.
    expect(await page.locator("#question").count()).toBe(0);
    await page.keyboard.press("/");
    expect(await page.evaluate("document.activeElement?.id")).toBe("followup");
    await page.keyboard.type(SECOND);
    await page.keyboard.press("Enter");
    expect(await answerOf(2)).toMatch(/Starfall Returns/);

    // The second turn says what it was read as, and what "she" meant.
    const readAs = turn(2).locator(".read-as");
    expect(await readAs.locator(".resolved").innerText()).toBe("What other films did Ada Marlowe direct besides Starfall?");
    expect(await readAs.innerText()).toMatch(/^read as: .*\(she → Ada Marlowe, besides Starfall\)$/);
    expect(await page.locator(".turn .turn-question").allInnerTexts()).toEqual([expect.stringMatching(new RegExp(`1\\s+${FIRST}$`)), expect.stringMatching(new RegExp(`2\\s+${SECOND.replace("?", "\\?")}$`))]);
    expect(await turn(1).locator(".answer-text").innerText()).toMatch(/Ada Marlowe/);
    expect(await turn(2).locator(".answer-text .cite").count()).toBeGreaterThan(0);

    // The follow-up carried the first turn as its history, as sent and as stored with its run.
    const firstRun = storedRun(FIRST)!;
    expect(sent[1]!.question).toBe(SECOND);
    expect(sent[1]!.history).toEqual([{ question: FIRST, answer: firstRun.result!.answer, answers: ["Ada Marlowe"] }]);
    expect(storedRun(SECOND, true)!.request.history).toEqual(sent[1]!.history);
    // The URL names the turn it follows, so a reload reopens the conversation there.
    expect(decodeURIComponent(page.url())).toContain(`after=${firstRun.runId}`);

    // The newest turn's steps are open; the first turn's are collapsed, and open and close from the keyboard.
    const steps1 = turn(1).locator("details.turn-steps");
    const isOpen = (details: typeof steps1) => details.evaluate((d) => (d as unknown as { open: boolean }).open);
    expect(await isOpen(turn(2).locator("details.turn-steps"))).toBe(true);
    expect(await isOpen(steps1)).toBe(false);
    expect(await turn(1).locator(".step").first().isVisible()).toBe(false);
    await steps1.locator("> summary").focus();
    await page.keyboard.press("Enter");
    await turn(1).locator('.step[data-node="router"]').waitFor({ state: "visible" });
    expect(await isOpen(steps1)).toBe(true);
    expect(await turn(1).locator(".step").count()).toBeGreaterThan(3);
    await page.keyboard.press("Enter");
    await turn(1).locator(".step").first().waitFor({ state: "hidden" });

    // The evidence shown is the newest turn's; a citation in the first turn shows and focuses that turn's.
    expect(await page.locator(".turn-evidence-head").innerText()).toMatch(/^Evidence of turn 2/);
    const cite = turn(1).locator(".answer-text .cite").first();
    const id = await cite.getAttribute("data-evidence");
    await cite.click();
    await page.locator(".turn-evidence-head", { hasText: "Evidence of turn 1" }).waitFor();
    await page.locator(`.ev.selected[data-evidence="${id}"]`).waitFor();
    await page.waitForFunction(`document.activeElement?.getAttribute("data-evidence") === ${JSON.stringify(id)}`);

    // An empty follow-up gets the API's own message, under the box; the conversation stays.
    await page.focus("#followup");
    await page.keyboard.press("Enter");
    expect(await page.locator(".error").innerText()).toMatch(/400 invalid_input.*question must not be empty/s);
    expect(await page.locator(".turn").count()).toBe(2);

    // New conversation: the turns go, the question form is back, and the next question stands alone.
    await page.click("#new-conversation");
    await page.locator("#question").waitFor();
    expect(await page.locator(".turn").count()).toBe(0);
    expect(await page.locator("#followup").count()).toBe(0);
    expect(page.url()).not.toContain("after=");
    await page.fill("#question", SECOND);
    await page.press("#question", "Enter");
    await answerOf(1);
    expect(sent.at(-1)).toEqual(expect.objectContaining({ question: SECOND }));
    expect(sent.at(-1)).not.toHaveProperty("history");
    expect(await turn(1).locator(".read-as").count()).toBe(0);
  });

  it("opens a stored follow-up with its earlier turn read-only, and continues its conversation", async () => {
    const followUp = storedRun(SECOND, true) ?? expect.unreachable("the first test stores the follow-up");
    await open(`#/runs/${followUp.runId}`);
    const recalled = page.locator(".conversation.recalled .turn");
    await recalled.first().waitFor();
    expect(await recalled.count()).toBe(1);
    expect(await recalled.locator(".turn-question").innerText()).toMatch(new RegExp(`${FIRST}$`));
    // The reply as it was sent back, without citation marks that could lead nowhere.
    expect(await recalled.locator(".answer-text").innerText()).toBe("Starfall (1999) was directed by Ada Marlowe.");
    expect(await page.locator(".run-question").innerText()).toBe(SECOND);
    expect(await page.locator(".view-run > .read-as").innerText()).toMatch(/\(she → Ada Marlowe, besides Starfall\)$/);

    // Continue: both turns come back (the first as recalled, the second with its steps and evidence), then a third.
    await page.locator("a.continue").click();
    await turn(2).locator(".answer-text").waitFor();
    expect(await turn(1).getAttribute("class")).toMatch(/recalled/);
    expect(await turn(2).locator(".read-as .resolved").innerText()).toBe("What other films did Ada Marlowe direct besides Starfall?");
    expect(await page.locator(".turn-evidence-head").innerText()).toMatch(/^Evidence of turn 2/);
    await page.fill("#followup", THIRD);
    await page.press("#followup", "Enter");
    expect(await answerOf(3)).toMatch(/Ben Okafor/);
    expect(await turn(3).locator(".read-as").innerText()).toMatch(/\(them → Starfall Returns\)$/);
    expect(sent.at(-1)!.history).toEqual([followUp.request.history![0], { question: SECOND, answer: followUp.result!.answer, answers: ["Starfall Returns"], resolved: "What other films did Ada Marlowe direct besides Starfall?" }]);

    // The URL reopens the conversation where it was, the last question waiting in the box.
    const third = storedRun(THIRD)!;
    expect(third.request.history).toHaveLength(2);
    await page.reload();
    await turn(2).locator(".answer-text").waitFor();
    expect(await page.locator(".turn").count()).toBe(2);
    expect(await page.inputValue("#followup")).toBe(THIRD);
  });
});
