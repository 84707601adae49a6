import type { z } from "zod";
import type { EndpointAccess } from "./access-policy";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The statuses a failure may answer with, always in the ApiError shape. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/**
 * One API endpoint, declared once: the server registers its route from it (validation, typed handler, OpenAPI) and
 * the client's typed caller builds the request from it, so the two cannot drift apart.
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** The path under /api in Fastify's form, with `:name` parameters: "/leads/:id". */
  path: string;
  /** Path parameters (strings on the wire; the schema may coerce them). */
  params?: z.ZodType;
  /** Query string. */
  query?: z.ZodType;
  /** JSON body. */
  body?: z.ZodType;
  /** The JSON answer on success; absent when the answer has no JSON body (204). */
  reply?: z.ZodType;
  /** The success status (default 200). */
  status?: 200 | 201 | 202 | 204;
  /** The answer is one page of a list: paging headers (x-total-count, x-total-count-exact, x-next-cursor) go with it. */
  paged?: boolean;
  /** The answer is a file to download, not JSON (no reply schema): "csv" streams text/csv with the query's filters. */
  download?: "csv";
  /** The failures this endpoint documents; each answers the one error shape, ApiError ({ error, fields? }). */
  errors?: readonly ApiErrorStatus[];
  /**
   * Who may call it: the permission it needs (contract/access-policy.ts), "signedIn" for any signed-in person acting
   * on their own things, or "public". The server refuses anyone without it (403) before validation; the client hides
   * or disables what the signed-in person may not do.
   */
  permission: EndpointAccess;
  /** OpenAPI grouping and one-line summary. */
  tags: readonly string[];
  summary: string;
  description?: string;
}

/** Declares an endpoint, keeping its literal types (method, path, schemas) for both sides. */
export const defineEndpoint = <const E extends EndpointSpec>(endpoint: E) => endpoint;

const operationIds = new WeakMap<EndpointSpec, string>();

/**
 * Declares an area's endpoints under their keys. Each one's OpenAPI operationId is "<area>.<key>" ("leads.list",
 * "leads.exportCsv"): taken from where it is declared, never written per endpoint, and stable as long as the key is,
 * so client generators keep their method names.
 */
export function defineEndpoints<const G extends Record<string, EndpointSpec>>(area: string, endpoints: G): G {
  for (const [key, endpoint] of Object.entries(endpoints)) {
    const id = `${area}.${key}`;
    const earlier = operationIds.get(endpoint);
    if (earlier !== undefined && earlier !== id) throw new Error(`endpoint ${endpoint.method} ${endpoint.path} is declared as both ${earlier} and ${id}`);
    operationIds.set(endpoint, id);
  }
  return endpoints;
}

/** The operationId defineEndpoints gave this endpoint; undefined for one declared outside any area. */
export const operationIdOf = (endpoint: EndpointSpec): string | undefined => operationIds.get(endpoint);

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the declared parts, typed by their schemas' input. */
export type EndpointRequest<E extends EndpointSpec> = (E["params"] extends z.ZodType ? { params: InputOf<E["params"]> } : { params?: never }) &
  (E["query"] extends z.ZodType ? { query?: InputOf<E["query"]> } : { query?: never }) &
  (E["body"] extends z.ZodType ? { body: InputOf<E["body"]> } : { body?: never });

/** What the endpoint answers on success. */
export type EndpointReply<E extends EndpointSpec> = OutputOf<E["reply"]>;
