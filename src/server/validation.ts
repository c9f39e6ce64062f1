import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "./errors";

export interface FieldError {
  field: string;
  message: string;
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({
    field: i.path.length ? i.path.join(".") : i.code === "unrecognized_keys" ? (i as { keys?: string[] }).keys?.join(", ") ?? "(body)" : "(body)",
    message: i.message,
  }));
}

function invalid(where: string, error: z.ZodError): HttpError {
  const fields = fieldErrors(error);
  return new HttpError(400, "invalid_input", `invalid ${where}: ${fields.map((f) => `${f.field}: ${f.message}`).join("; ")}`, fields);
}

/**
 * The JSON body, checked against the schema (strict schemas reject unknown fields). `anyType` reads
 * it as JSON whatever its content-type, as Ollama does (`curl -d` sends a form type).
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S, o: { anyType?: boolean } = {}): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!o.anyType && !/^application\/json\b/i.test(type)) throw new HttpError(415, "unsupported_media_type", "send the body as JSON with content-type: application/json");
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, "invalid_json", "the body is not valid JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalid("body", parsed.error);
  return parsed.data;
}

export function queryParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalid("query", parsed.error);
  return parsed.data;
}
