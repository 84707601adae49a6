import type { FastifyContextConfig, FastifyReply, FastifyRequest, LogLevel } from "fastify";
import type { z } from "zod";
import { apiKeyMayUse } from "@contract/access-policy";
import { operationIdOf, type EndpointReply, type EndpointSpec } from "@contract/endpoint";
import { apiErrorSchema } from "@contract/errors";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "@contract/list-reply";
import { describeRateLimit } from "./rate-limit";
import { sendJsonText } from "./send-json-text";
import type { ZodApp } from "./zod-app";

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** An endpoint's query as its schema parsed it (defaults applied, numbers coerced). */
export type EndpointQuery<E extends EndpointSpec> = Parsed<E["query"]>;

/** A request to an endpoint's route: params, query and body as the endpoint's schemas parsed them. */
export type EndpointRequestOf<E extends EndpointSpec> = FastifyRequest<{
  Params: Parsed<E["params"]>;
  Querystring: Parsed<E["query"]>;
  Body: Parsed<E["body"]>;
}>;

/** What the server adds to an endpoint's declaration: who may call it, how much it may receive, how it logs. */
export interface EndpointRouteOptions {
  /** public, rateLimit, apiKeyScopes, affiliateAccess: read by the auth hook and the rate limiter. */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  logLevel?: LogLevel;
  /**
   * Runs after access is checked and before the request is validated: for a refusal that holds whatever the body
   * says (set-up once it is complete), which a 400 about the body would otherwise mask.
   */
  preValidation?: (request: FastifyRequest) => Promise<void>;
}

/**
 * One page of a list as a paged endpoint's handler answers it: the rows (or the JSON text of them that the database
 * already wrote) and what the paging headers say.
 */
export type ListPage<Row> = {
  /** How many rows match in all: x-total-count. */
  total: number;
  /** Whether that total is exact (x-total-count-exact); sent only by lists that may cap their count. */
  exact?: boolean;
  /** Where the next page starts (x-next-cursor), for lists paged by cursor. */
  nextCursor?: string | null;
} & ({ rows: Row[] } | { rowsJson: string });

type RowOf<E extends EndpointSpec> = EndpointReply<E> extends readonly (infer Row)[] ? Row : never;

/** What a handler answers: the reply schema's value, or for a paged endpoint one ListPage of its rows. */
export type EndpointAnswer<E extends EndpointSpec> = E extends { paged: true } ? ListPage<RowOf<E>> : EndpointReply<E>;

export type EndpointHandler<E extends EndpointSpec> = (request: EndpointRequestOf<E>, reply: FastifyReply) => Promise<EndpointAnswer<E>>;

/** A JSON endpoint: a file download registers through csvExportRoute instead. */
type JsonEndpoint = EndpointSpec & { download?: undefined };

/**
 * The route schema of a declared endpoint: its validation, its answers (the reply under its success status, the
 * error shape under each documented failure) and its OpenAPI text and operationId. A rate-limited route's description ends with its
 * limit, so the document never disagrees with the limiter.
 */
export function endpointSchema(endpoint: EndpointSpec, options: EndpointRouteOptions = {}) {
  const rateLimit = options.config?.rateLimit;
  const description = [endpoint.description, rateLimit && describeRateLimit(rateLimit)].filter(Boolean).join(" ");
  const response: Record<number, z.ZodType> = {};
  if (endpoint.reply) response[endpoint.status ?? 200] = endpoint.reply;
  for (const status of endpoint.errors ?? []) response[status] = apiErrorSchema;
  const operationId = operationIdOf(endpoint);
  return {
    // "<area>.<key>" from the endpoint's declaration (defineEndpoints): client generators name their methods after it.
    ...(operationId ? { operationId } : {}),
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(description ? { description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response,
  };
}

/**
 * The route's access config from the endpoint's declared permission: a "public" endpoint needs no credentials, any
 * other is refused (403) to a staff principal without its permission, and one whose permission no API key may use is
 * closed to keys. The declaration is the only place access is
 * written, so the client (which hides what a role may not do) and the server cannot disagree.
 */
export function routeConfig(endpoint: EndpointSpec, given: FastifyContextConfig = {}): FastifyContextConfig {
  const permission = endpoint.permission;
  const config = { ...given, endpoint: true };
  if (permission === "public") return { ...config, public: true };
  if (permission === "signedIn") return { ...config, permission };
  // A permission no API key may use (contract/access-policy.ts) closes the route to every key, whatever its scope.
  return apiKeyMayUse[permission] ? { ...config, permission } : { ...config, permission, apiKeyScopes: [] };
}

/** Sets a list page's paging headers and sends its rows: every paged endpoint answers through here. */
export function sendPage<Row>(reply: FastifyReply, page: ListPage<Row>) {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.exact !== undefined) reply.header(TOTAL_EXACT_HEADER, String(page.exact));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return "rowsJson" in page ? sendJsonText(reply, page.rowsJson) : reply.send(page.rows);
}

/**
 * Registers the route of a declared JSON endpoint (under the /api prefix it is mounted on): method, path, schemas,
 * success status and OpenAPI text all come from the declaration, so the client's caller and this route cannot
 * disagree. The handler gets the parsed request and answers the reply's value; for a paged endpoint, a ListPage.
 */
export function endpointRoute<E extends JsonEndpoint>(app: ZodApp, endpoint: E, handler: EndpointHandler<E>): void;
export function endpointRoute<E extends JsonEndpoint>(app: ZodApp, endpoint: E, options: EndpointRouteOptions, handler: EndpointHandler<E>): void;
export function endpointRoute<E extends JsonEndpoint>(
  app: ZodApp,
  endpoint: E,
  ...rest: [EndpointHandler<E>] | [EndpointRouteOptions, EndpointHandler<E>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    config: routeConfig(endpoint, options.config),
    schema: endpointSchema(endpoint, options),
    handler: async (request, reply) => {
      // The type provider cannot resolve a generic schema's output; the values are those schemas' parsed output all the same.
      const answer = await handler(request as EndpointRequestOf<E>, reply);
      reply.status(endpoint.status ?? 200);
      // A paged endpoint's handler answers a ListPage (EndpointAnswer says so for `paged: true`).
      if (endpoint.paged) return sendPage(reply, answer as ListPage<unknown>);
      return endpoint.reply ? reply.send(answer) : reply.send();
    },
  });
}
