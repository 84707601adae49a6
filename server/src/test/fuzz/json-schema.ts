/** The subset of JSON Schema (OpenAPI 3.0 dialect) that fastify-type-provider-zod writes into the document. */
export interface JsonSchema {
  type?: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0 writes a boolean that qualifies minimum/maximum; JSON Schema 2020 writes the bound itself. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  enum?: unknown[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  description?: string;
}

/** The alternatives of a union, or the schema itself. */
export function branches(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

/** Whether any branch of the schema accepts the given JSON type. */
export function accepts(schema: JsonSchema, type: NonNullable<JsonSchema["type"]>): boolean {
  return branches(schema).some((b) => b.type === type || (type === "number" && b.type === "integer") || (type === "null" && b.nullable === true));
}

/** Inclusive numeric bounds, with OpenAPI 3.0's boolean exclusive flags resolved for integers. */
export function numericBounds(schema: JsonSchema): { min?: number; max?: number; exclusiveMin: boolean; exclusiveMax: boolean } {
  let min = schema.minimum;
  let max = schema.maximum;
  let exclusiveMin = schema.exclusiveMinimum === true;
  let exclusiveMax = schema.exclusiveMaximum === true;
  if (typeof schema.exclusiveMinimum === "number") {
    min = schema.exclusiveMinimum;
    exclusiveMin = true;
  }
  if (typeof schema.exclusiveMaximum === "number") {
    max = schema.exclusiveMaximum;
    exclusiveMax = true;
  }
  return { min, max, exclusiveMin, exclusiveMax };
}
