import { beforeAll, describe, expect, it } from "vitest";
import { runResearch } from "../../agents/research/run";
import { BackendUnavailableError } from "../../src/errors";
import type { KnowledgeBase } from "../../src/kb/knowledge-base";
import { fixtureKb } from "../helpers/fixture-kb";

/** A graph store that went away after the question was read: every graph read fails as unavailable. */
function graphDown(kb: KnowledgeBase): KnowledgeBase {
  const down = () => Promise.reject(new BackendUnavailableError("graph store at test://graph is unavailable"));
  const graph = new Proxy(kb.graph, { get: (target, prop, receiver) => (["getNode", "getNodes", "neighbors", "neighborsMany", "relations", "relationsMany", "degree", "subgraph"].includes(String(prop)) ? down : Reflect.get(target, prop, receiver)) });
  return { ...kb, graph } as KnowledgeBase;
}

describe("a graph store that goes down during a run", () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = graphDown(await fixtureKb());
  });

  it("records the failed calls and still answers: no crash, no names it could not read", async () => {
    const r = await runResearch("Who directed Starfall?", { kb }, { strategy: "heuristic" });
    expect(r.trace.some((s) => s.error?.code === "backend_unavailable")).toBe(true);
    expect(r.answer.length).toBeGreaterThan(0);
    expect(r.answers).toEqual([]);
  });
});
