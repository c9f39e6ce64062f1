import { describe, expect, it } from "vitest";
import { NODE_ID_NAMESPACE, pointId, uuidV5 } from "../../src/adapters/qdrant/ids";

// Reference values from Python's uuid.uuid5, an independent implementation of RFC 4122.
const NAMESPACE_DNS = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
const NAMESPACE_URL = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

describe("qdrant point ids", () => {
  it("are RFC 4122 version-5 UUIDs, equal to an independent implementation's", () => {
    expect(uuidV5("python.org", NAMESPACE_DNS)).toBe("886313e1-3b8a-5372-9b90-0c9aee199e5d");
    expect(uuidV5("urn:movie-graph-research:kb-node", NAMESPACE_URL)).toBe(NODE_ID_NAMESPACE);
  });

  it("are fixed for a node id, across runs and machines, non-ASCII names included", () => {
    expect(pointId("Starfall")).toBe("b79e7b85-f582-595b-a6f1-038f9df2f132");
    expect(pointId("Céline Dupré")).toBe("59b723c1-8878-58ec-8cf6-5ac806aea58f");
    expect(pointId("1999")).toBe("acfb8e0f-fded-5de7-a163-36aa41c17da5");
    expect(pointId("")).toBe("9672add3-40b2-531b-a94d-11f87058b81a");
  });

  it("differ between names that differ only in case or accents", () => {
    const ids = ["Starfall", "starfall", "Celine Dupre", "Céline Dupré", "Starfall "].map(pointId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("refuse a namespace that is not a UUID", () => {
    expect(() => uuidV5("x", "not-a-uuid")).toThrow(RangeError);
  });
});
