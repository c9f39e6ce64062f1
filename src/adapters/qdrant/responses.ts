import { z } from "zod";
import { AppError } from "../../errors";
import { NODE_TYPES } from "../../kb/schema";

/** The parts of Qdrant's answers the adapter relies on, checked on arrival. */

export const ExistsResponse = z.object({ exists: z.boolean() });

export const CountResponse = z.object({ count: z.number().int().min(0) });

/** Single unnamed vector config; named vectors would be a collection this adapter did not create. */
export const CollectionResponse = z.object({
  points_count: z.number().int().nullish(),
  config: z.object({
    params: z.object({ vectors: z.object({ size: z.number().int(), distance: z.string() }) }),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});

export const QueryResponse = z.object({
  points: z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      score: z.number(),
      payload: z.object({ id: z.string(), type: z.enum(NODE_TYPES) }),
    }),
  ),
});

export function parseResponse<T>(schema: z.ZodType<T>, value: unknown, url: string, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError("data_invalid", `qdrant at ${url} answered ${what} in an unexpected shape: ${issue.path.join(".") || "(body)"}: ${issue.message}. Was the collection made by npm run ingest -- --vectors qdrant?`);
}
