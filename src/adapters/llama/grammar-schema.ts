/**
 * JSON Schema (as zod's `z.toJSONSchema` writes it) reduced to the subset node-llama-cpp compiles
 * into a grammar: `anyOf` becomes `oneOf`, a one-member `allOf` is inlined, and keywords a grammar
 * cannot express (numeric bounds, patterns, titles, defaults) are dropped. What is dropped is still
 * enforced: the reply is validated with the request's zod schema afterwards.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const SCHEMA_MAPS = new Set(["properties", "$defs"]);
const SCHEMA_LISTS = new Set(["oneOf", "anyOf", "prefixItems"]);
const SCHEMAS = new Set(["items", "additionalProperties"]);
const KEPT = new Set(["type", "enum", "const", "required", "minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength", "$ref"]);
const DATE_FORMATS = new Set(["date-time", "time", "date"]);

export function toGrammarSchema(schema: unknown): JsonObject {
  if (!isObject(schema)) throw new TypeError("a JSON schema must be an object");
  return reduce(schema);
}

function reduce(schema: JsonObject): JsonObject {
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0])) {
    const { allOf: _inlined, ...rest } = schema;
    return reduce({ ...rest, ...allOf[0] });
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isObject(v) ? reduce(v) : v]));
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key === "anyOf" ? "oneOf" : key] = value.map((v) => (isObject(v) ? reduce(v) : v));
    else if (SCHEMAS.has(key)) out[key] = isObject(value) ? reduce(value) : value;
    else if (KEPT.has(key)) out[key] = value;
    else if (key === "format" && typeof value === "string" && DATE_FORMATS.has(value)) out[key] = value;
  }
  return out;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
