import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ApiError } from "@contract/errors";
import { HttpError } from "./errors";

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

/** Postgres error codes that mean the client sent something the database refused, not a server fault. */
function fromDatabaseError(error: unknown): HttpError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    const column = (e as { column?: string }).column;
    if (code === "23505") return new HttpError(409, "A record with these details already exists");
    if (code === "23503") return new HttpError(409, "A related record does not exist or is still in use");
    if (code === "22001") {
      const field = column ?? "value";
      return new HttpError(400, `${field}: the value is too long`, { [field]: "the value is too long" });
    }
    if (code === "22P02" || code === "22007" || code === "22008" || code === "22003") {
      return new HttpError(400, "A value has the wrong format");
    }
  }
  return undefined;
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "body";
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
    const known = error instanceof HttpError ? error : fromDatabaseError(error);
    if (known) {
      if (known.headers) reply.headers(known.headers);
      const body: ApiError = known.fields ? { error: known.message, fields: known.fields } : { error: known.message };
      return reply.status(known.statusCode).send(body);
    }
    if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
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
