import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { decodeErrorMessage, errorText, type CodedError, type ErrorCode } from "@contract/error-codes";
import type { ApiError } from "@contract/errors";
import { codeForZodIssue, type ZodIssueFacts } from "@contract/zod-error-map";
import { loggableError } from "./error-log";
import { badRequest, HttpError } from "./errors";

/** Fastify's own client errors, by status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: "request.invalid",
  401: "request.unauthorized",
  403: "request.forbidden",
  404: "request.not_found",
  405: "request.method_not_allowed",
  406: "request.not_acceptable",
  409: "request.conflict",
  413: "request.body_too_large",
  415: "request.unsupported_media",
  429: "request.rate_limited",
};

/** PostgreSQL reports snake_case columns; the API names the same fields in camelCase. */
const apiFieldName = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** How the database refused a value: codes whose messages need no params. */
type ValueRefusal = Extract<ErrorCode, `db.${string}`>;

/** Codes for data exceptions (SQLSTATE class 22) the database raises on a value it was given. */
const DATA_EXCEPTION_CODES: Record<string, ValueRefusal> = {
  "22P02": "db.wrong_format",
  "22007": "db.invalid_datetime",
  "22008": "db.datetime_out_of_range",
  "22003": "db.number_out_of_range",
  "22021": "db.unstorable_characters",
  "22P05": "db.unstorable_characters",
  "2201B": "db.invalid_pattern",
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
    const named = (errorCode: ValueRefusal) => (field ? badRequest(field, errorCode) : new HttpError(400, errorCode));
    if (code === "23505") return { known: new HttpError(409, "db.duplicate"), logged: false };
    if (code === "23503") return { known: new HttpError(409, "db.in_use"), logged: false };
    if (code === "22001") return { known: badRequest(field ?? "value", "db.value_too_long"), logged: false };
    if (code === "23514") return { known: named("db.not_allowed"), logged: true };
    if (code.startsWith("22")) return { known: named(DATA_EXCEPTION_CODES[code] ?? "db.invalid_value"), logged: true };
    if (code.startsWith("54")) return { known: new HttpError(400, "db.too_complex"), logged: true };
    // A deadlock, a serialization failure or a lock not granted: another transaction held the same rows. Nothing was
    // written (the transaction rolled back), and the same request can simply be sent again.
    if (code === "40P01" || code === "40001" || code === "55P03") return { known: new HttpError(503, "db.busy"), logged: true };
  }
  return undefined;
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "body";
}

/** An error as the API answers it: its English text and code, and each field's English text and code. */
function errorBody(error: string, coded: CodedError, fields?: Record<string, CodedError & { text?: string }>): ApiError {
  const body: ApiError = { error, code: coded.code };
  if (coded.params) body.params = coded.params;
  if (fields && Object.keys(fields).length > 0) {
    body.fields = {};
    body.fieldCodes = {};
    for (const [name, { code, params, text }] of Object.entries(fields)) {
      body.fields[name] = text ?? errorText(code, params);
      body.fieldCodes[name] = params ? { code, params } : { code };
    }
  }
  return body;
}

const answerOf = (known: HttpError): ApiError => {
  const body = errorBody(known.message, known, known.fields);
  return known.mergedInto === undefined ? body : { ...body, mergedInto: known.mergedInto };
};

const SERVER_ERROR: ApiError = { error: errorText("server.error"), code: "server.error" };

/**
 * A validation issue's code: the one its message carries (contract schemas and the zod error map write codes), else
 * one derived from the issue, keeping a plain-English message (a schema not yet written with codes) as the text.
 */
function validationError(issue: { keyword: string; message?: string; params: Record<string, unknown> }): CodedError & { text?: string } {
  const decoded = decodeErrorMessage(issue.message);
  if (decoded) return decoded;
  const derived = codeForZodIssue({ ...(issue.params as ZodIssueFacts), code: issue.keyword });
  return issue.message ? { ...derived, text: issue.message } : derived;
}

/** Which route failed, as registered ("GET /api/leads/:id"): the URL itself may hold personal data. */
const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? "(no route)"}`;

/**
 * Fastify's `frameworkErrors` option: errors it meets before any route or hook runs, which otherwise answer
 * Fastify's own shape. A malformed % escape in the path (GET /api/leads/%E0%A4%A) is the usual one.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_BAD_URL") {
    return reply.status(400).send(answerOf(badRequest("path", "request.bad_url")));
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    const coded: CodedError = { code: "request.path_too_long" };
    return reply.status(414).send(errorBody(`path: ${errorText(coded.code)}`, coded, { path: coded }));
  }
  reply.log.error({ error: loggableError(error) }, "request failed before routing");
  return reply.status(500).send(SERVER_ERROR);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, CodedError & { text?: string }> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext);
        fields[name] ??= validationError(issue);
      }
      // The first field's error is the answer's own, as a 400 from badRequest() reads: "<field>: <message>".
      const [first] = Object.entries(fields);
      const body = first
        ? errorBody(`${first[0]}: ${first[1].text ?? errorText(first[1].code, first[1].params)}`, first[1], fields)
        : errorBody(errorText("request.invalid"), { code: "request.invalid" });
      return reply.status(400).send(body);
    }
    const fromDatabase = error instanceof HttpError ? undefined : fromDatabaseError(error);
    // The database refused a value: the client gets a 400, the log a trace of the statement (never its values).
    if (fromDatabase?.logged) request.log.warn({ error: loggableError(error), route: routeOf(request) }, "database refused a value");
    const known = error instanceof HttpError ? error : fromDatabase?.known;
    if (known) {
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.statusCode).send(answerOf(known));
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      // Not { err: error }: a failed statement's error carries its parameters (see loggableError).
      request.log.error({ error: loggableError(error), route: routeOf(request) }, "request failed");
      return reply.status(500).send(SERVER_ERROR);
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type...).
    const status = error.statusCode;
    const invalidJson = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY";
    const code = invalidJson ? "request.invalid_json" : STATUS_CODES[status];
    // A status without a code of its own keeps Fastify's message, under the generic code.
    return reply.status(status).send(code ? errorBody(errorText(code), { code }) : errorBody(error.message, { code: "request.invalid" }));
  });

}
