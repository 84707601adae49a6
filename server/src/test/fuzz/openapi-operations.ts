import type { JsonSchema } from "./json-schema";

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One method on one path of the document, with what it takes. */
export interface Operation {
  /** "POST /api/leads/{id}": how the report names it. */
  key: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  pathParams: Param[];
  query: Param[];
  body?: JsonSchema;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required ?? p.in === "path", schema: p.schema ?? {} }));
      const upper = method.toUpperCase() as Operation["method"];
      out.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        pathParams: params.filter((p) => p.in === "path"),
        query: params.filter((p) => p.in === "query"),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return out;
}
