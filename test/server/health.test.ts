import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { fixtureKb } from "../helpers/fixture-kb";

describe("GET /v1/health", () => {
  it("reports the stores and node and edge counts by type", async () => {
    const app = createApp({ kb: await fixtureKb(), modelProvider: "none" });
    const res = await app.request("/v1/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { counts: { nodesByType: Record<string, number>; edgesByType: Record<string, number> } };
    expect(body).toMatchObject({ status: "ok", modelProvider: "none", stores: { graph: "embedded", text: "minisearch", vectors: "exact" } });
    expect(body.counts.nodesByType.Movie).toBe(8);
    expect(body.counts.edgesByType.ACTED_IN).toBe(11);
  });
});
