import type { EndpointReply, EndpointRequest, EndpointSpec, HttpMethod } from "@contract/endpoint";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "@contract/list-reply";
import { apiRequest } from "./api";

/**
 * The client's one way to call the API: from an endpoint's declaration in contract/ (the same object the server
 * registers its route from), so the URL, the method, what is sent and what comes back cannot drift from the route.
 *
 * Answers are not parsed with the reply schema here: the server already serializes every answer through that schema
 * (fastify-type-provider-zod), parsing again would cost a pass over every row of every list (500 leads of 40 fields
 * per page), and calls that must stay free of zod (DeclaredRoute) have no schema at run time. The answer is typed as
 * EndpointReply<E> once, in the overloads below, instead of a cast at each call site.
 */

/** What the caller reads of a declaration at run time. */
type EndpointRoute = Pick<EndpointSpec, "method" | "path">;

/**
 * A declared endpoint's method and path written out, for the first page's calls only (auth gate, notification bell,
 * cookie panel): importing a declaration brings its schemas, and so the schema library, into the first download,
 * which is kept free of it on purpose (see contract/issue-statuses.ts). The type argument is the declaration
 * (`DeclaredRoute<typeof authEndpoints.me>`, an `import type`), so the compiler still checks method and path against
 * it and types the request and the answer from it. `declaration` is never set: it only carries E, so callApi infers it.
 */
export type DeclaredRoute<E extends EndpointSpec> = Pick<E, "method" | "path"> & { readonly declaration?: E };

/** Sends one request and throws an ApiError on a non-ok answer; apiRequest unless a call needs other credentials. */
export type Transport = (method: HttpMethod, url: string, body: unknown, signal: AbortSignal | undefined) => Promise<Response>;

export type CallOptions = { signal?: AbortSignal; send?: Transport };

/** The parts of a request, whichever endpoint it is for (EndpointRequest<E> types them per endpoint). */
type RequestParts = { params?: Readonly<Record<string, unknown>>; query?: Readonly<Record<string, unknown>>; body?: unknown };

/** One page of a list answer plus its paging headers (x-total-count, x-total-count-exact, x-next-cursor). */
export type Page<Row> = { rows: Row[]; total: number; totalExact: boolean; nextCursor: string | null };

type RowOf<E extends EndpointSpec> = EndpointReply<E> extends readonly (infer Row)[] ? Row : never;

const PATH_PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/**
 * `/api` + the declared path with its `:name` parameters filled in (each encoded as one path segment), then the
 * query's non-empty values (undefined, null and "" mean "not set"; an array repeats its key, once per value).
 */
export function endpointUrl<E extends EndpointSpec>(endpoint: E | DeclaredRoute<E>, request: EndpointRequest<E>): string;
export function endpointUrl(endpoint: EndpointRoute, request: RequestParts): string {
  return buildUrl(endpoint, request);
}

/** The address of a declared CSV download with the screen's filters, for the Export Data button. */
export function downloadUrl<E extends EndpointSpec & { download: "csv" }>(endpoint: E, request: EndpointRequest<E>): string {
  return endpointUrl(endpoint, request);
}

function buildUrl(endpoint: EndpointRoute, request: RequestParts): string {
  const path = endpoint.path.replace(PATH_PARAM, (_match, name: string) => {
    const value = request.params?.[name];
    if (!isPresent(value)) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isPresent(item)) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `/api${path}?${query}` : `/api${path}`;
}

function send(endpoint: EndpointRoute, request: RequestParts, options: CallOptions): Promise<Response> {
  const transport = options.send ?? apiRequest;
  return transport(endpoint.method, buildUrl(endpoint, request), request.body, options.signal);
}

/** The JSON answer, or undefined when there is none (204, or an empty body). */
async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  return text === "" ? undefined : JSON.parse(text);
}

/** Calls a declared endpoint and answers its reply; a non-ok answer throws an ApiError, as apiRequest does. */
export function callApi<E extends EndpointSpec>(endpoint: E | DeclaredRoute<E>, request: EndpointRequest<E>, options?: CallOptions): Promise<EndpointReply<E>>;
export async function callApi(endpoint: EndpointRoute, request: RequestParts, options: CallOptions = {}): Promise<unknown> {
  return readJson(await send(endpoint, request, options));
}

/** Calls a paged list endpoint: its rows and the paging headers. Without x-total-count the rows are the total. */
export function callPage<E extends EndpointSpec & { paged: true }>(endpoint: E, request: EndpointRequest<E>, options?: CallOptions): Promise<Page<RowOf<E>>>;
export async function callPage(endpoint: EndpointRoute, request: RequestParts, options: CallOptions = {}): Promise<Page<unknown>> {
  const res = await send(endpoint, request, options);
  const body = await readJson(res);
  const rows: unknown[] = Array.isArray(body) ? body : [];
  const totalHeader = res.headers.get(TOTAL_COUNT_HEADER);
  const total = totalHeader === null ? NaN : Number(totalHeader);
  return {
    rows,
    total: Number.isFinite(total) ? total : rows.length,
    totalExact: res.headers.get(TOTAL_EXACT_HEADER) !== "false",
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}
