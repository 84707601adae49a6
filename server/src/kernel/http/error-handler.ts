import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ApiError } from "@contract/errors";
import { loggableError } from "./error-log";
import { badRequest, HttpError } from "./errors";

const STATUS_MESSAGES: Record<number, string> = {
  400: "The request is not valid",
  401: "Please sign in to continue",
  403: "You do not have permission to do that",
  404: "Not found",
  405: "Method not allowed",
  406: "Not acceptable",
  409: "That conflicts with existing data",
  413: "The request body is too large",
  415: "Send the body as JSON (Content-Type: application/json)",
  429: "Too many requests, please wait and try again",
};

/** PostgreSQL reports snake_case columns; the API names the same fields in camelCase. */
const apiFieldName = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Messages for data exceptions (SQLSTATE class 22) the database raises on a value it was given. */
const DATA_EXCEPTION_MESSAGES: Record<string, string> = {
  "22P02": "A value has the wrong format",
  "22007": "A date or time is not valid",
  "22008": "A date or time is out of range",
  "22003": "A number is out of range",
  "22021": "A value holds characters that cannot be stored",
  "22P05": "A value holds characters that cannot be stored",
  "2201B": "A search pattern is not valid",
};

/**
 * Postgres error codes that mean the client sent something the database refused, not a server fault. Every data
 * exception (class 22) and program-limit error (class 54, e.g. 54001 a statement too deeply nested) comes from a
 * value in the request: it answers 400, never 500. `logged` says whether it is worth a warning in the log.
 */
function fromDatabaseError(error: unknown): { known: HttpError; logged: boolean } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string" || !/^(?=.*\d)[0-9A-Z]{5}$/.test(code)) continue;
    const column = (e as { column?: unknown }).column;
    const field = typeof column === "string" && column ? apiFieldName(column) : undefined;
    const named = (message: string) => (field ? badRequest(field, message.charAt(0).toLowerCase() + message.slice(1)) : new HttpError(400, message));
    if (code === "23505") return { known: new HttpError(409, "A record with these details already exists"), logged: false };
    if (code === "23503") return { known: new HttpError(409, "A related record does not exist or is still in use"), logged: false };
    if (code === "22001") return { known: badRequest(field ?? "value", "the value is too long"), logged: false };
    if (code === "23514") return { known: named("A value is outside what is allowed"), logged: true };
    if (code.startsWith("22")) return { known: named(DATA_EXCEPTION_MESSAGES[code] ?? "A value is not valid"), logged: true };
    if (code.startsWith("54")) return { known: new HttpError(400, "The request is too complex to process"), logged: true };
  }
  return undefined;
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "body";
}

/** Which route failed, as registered ("GET /api/leads/:id"): the URL itself may hold personal data. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? "(no route)"}`;

/**
 * Fastify's `frameworkErrors` option: errors it meets before any route or hook runs, which otherwise answer
 * Fastify's own shape. A malformed % escape in the path (GET /api/leads/%E0%A4%A) is the usual one.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_BAD_URL") {
    const message = "is not a valid URL: a % escape is malformed";
    return reply.status(400).send({ error: `path: ${message}`, fields: { path: message } } satisfies ApiError);
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    const message = "has a part that is too long";
    return reply.status(414).send({ error: `path: ${message}`, fields: { path: message } } satisfies ApiError);
  }
  reply.log.error({ error: loggableError(error) }, "request failed before routing");
  return reply.status(500).send({ error: "Something went wrong on our side. Please try again." } satisfies ApiError);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= issue.message ?? "is not valid";
      }
      const [first] = Object.entries(fields);
      const body: ApiError = { error: first ? `${first[0]}: ${first[1]}` : STATUS_MESSAGES[400]!, fields };
      return reply.status(400).send(body);
    }
    const fromDatabase = error instanceof HttpError ? undefined : fromDatabaseError(error);
    // The database refused a value: the client gets a 400, the log a trace of the statement (never its values).
    if (fromDatabase?.logged) request.log.warn({ error: loggableError(error), route: routeOf(request) }, "database refused a value");
    const known = error instanceof HttpError ? error : fromDatabase?.known;
    if (known) {
      if (known.headers) reply.headers(known.headers);
      const body: ApiError = known.fields ? { error: known.message, fields: known.fields } : { error: known.message };
      return reply.status(known.statusCode).send(body);
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      // Not { err: error }: a failed statement's error carries its parameters (see loggableError).
      request.log.error({ error: loggableError(error), route: routeOf(request) }, "request failed");
      return reply.status(500).send({ error: "Something went wrong on our side. Please try again." } satisfies ApiError);
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type...).
    const status = error.statusCode;
    const message =
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
        ? "body: is not valid JSON"
        : (STATUS_MESSAGES[status] ?? error.message);
    return reply.status(status).send({ error: message } satisfies ApiError);
  });

}
