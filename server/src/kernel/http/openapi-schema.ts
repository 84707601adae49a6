import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** How OpenAPI 3.0 writes "null" as a branch of a union: the form fastify-type-provider-zod gives z.null(). */
const nullBranch = () => ({ type: "string", nullable: true, enum: [null] });

/** Keywords whose values are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "example", "examples"]);

/**
 * OpenAPI 3.0 lets `nullable` stand only beside a `type`. fastify-type-provider-zod folds the null of a union of
 * several branches (a date or "" or null, a number or text or null) into `nullable: true` beside its `anyOf`, with no
 * type there: linters and client generators refuse that. The null goes back into the union as a branch of its own,
 * which says the same thing in the form OpenAPI 3.0 allows.
 */
export function withTypedNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withTypedNullables);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (DATA_KEYWORDS.has(key)) out[key] = child;
    // A map of property names to schemas: a property may be called "default" or "enum" too.
    else if (key === "properties" && typeof child === "object" && child !== null)
      out[key] = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, withTypedNullables(schema)]));
    else out[key] = withTypedNullables(child);
  }
  if (out.nullable !== true || out.type !== undefined) return out;
  delete out.nullable;
  const union = Array.isArray(out.anyOf) ? "anyOf" : Array.isArray(out.oneOf) ? "oneOf" : undefined;
  if (union) return { ...out, [union]: [...(out[union] as unknown[]), nullBranch()] };
  // Anything else (a reference, a schema of any value) becomes "that, or null".
  return Object.keys(out).length === 0 ? out : { anyOf: [out, nullBranch()] };
}

/** The route schemas' transform for @fastify/swagger: zod's JSON Schema, written as OpenAPI 3.0 accepts it. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  return { schema: withTypedNullables(schema) as typeof schema, url };
};
