import type { AppEnv } from "../env";
import { Hono } from "hono";
import type { KnowledgeBase } from "../../kb/knowledge-base";
import { HttpError } from "../errors";
import { EntitiesQuery, NeighborsQuery } from "../schemas";
import { queryParams } from "../validation";

/** Explore the graph: entity linking, and an entity's neighbours (ids are exact KB names, URL-encoded). */
export function entityRoutes(kb: KnowledgeBase): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/v1/entities", (c) => {
    const q = queryParams(c, EntitiesQuery);
    return c.json({ query: q.q, entities: kb.linker.link(q.q, { types: q.type ? [q.type] : undefined, limit: q.limit }) });
  });
  app.get("/v1/entities/:id/neighbors", async (c) => {
    const id = c.req.param("id");
    const q = queryParams(c, NeighborsQuery);
    const node = await kb.graph.getNode(id);
    if (!node) {
      const suggestions = kb.linker.link(id, { limit: 5 }).map((x) => x.id);
      throw new HttpError(404, "not_found", `no entity "${id}"${suggestions.length ? `; closest: ${suggestions.map((s) => `"${s}"`).join(", ")}` : ""}`, { suggestions });
    }
    const query = { edges: q.relation ? [q.relation] : undefined, direction: q.direction };
    const neighbors = await kb.graph.neighbors(id, { ...query, limit: q.limit });
    const total = await kb.graph.degree(id, query);
    return c.json({ entity: node, neighbors, total, truncated: total > neighbors.length });
  });
  return app;
}
