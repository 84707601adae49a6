import { isApiError } from "@contract/api-error-guard";
import type { ErrorParams } from "@contract/error-codes";
import type { ApiError as ApiErrorBody } from "@contract/errors";

/** One field's error as the server answered it: its code and params, and the server's English for it. */
export interface ApiFieldError {
  /** What is wrong with the field, as a stable code (`field.too_long`, `lead.email_taken`); absent if none was sent. */
  code?: string;
  /** Values the code's message names (`{ max: 100 }`). */
  params?: ErrorParams;
  /** The server's English for the field, for a code this client does not know. */
  text: string;
}

/**
 * What a call the server refused throws (apiRequest, the typed caller callApi, the partner portal's and the upload's
 * transports): the HTTP status and, when the body has the API's error shape (contract/errors.ts), its code, params and
 * per-field errors, kept as the server sent them. Codes are strings: a server newer than this client may send a code
 * its catalogue lacks.
 *
 * `message` reads `${status}: ${body text}` (the status text when the body is empty), as the spec's error catalogue
 * says every failed call's error reads; apiErrorMessage (lib/api.ts) says it in the reader's language.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The HTTP status (409, 400, 401…). */
  readonly status: number;
  /** The answer's text as it came (JSON, or a proxy's HTML page), or the status text when the body was empty. */
  readonly text: string;
  /** What went wrong, as a stable code, when the body was the API's error shape. */
  readonly code: string | undefined;
  /** Values the code's message names, by name. */
  readonly params: ErrorParams | undefined;
  /** The server's English sentence for the whole error. */
  readonly serverMessage: string | undefined;
  /** Each field's error by field path (`email`, `config.url`); empty when the answer named no field. */
  readonly fields: Readonly<Record<string, ApiFieldError>>;

  constructor(status: number, bodyText: string, statusText = "") {
    const text = bodyText || statusText;
    super(`${status}: ${text}`);
    this.status = status;
    this.text = text;
    const body = parseBody(bodyText);
    this.code = body?.code;
    this.params = body?.params;
    this.serverMessage = body?.error;
    this.fields = body ? fieldErrorsOf(body) : {};
  }

  /** The error a non-ok fetch answer throws, its body read. */
  static async fromResponse(res: Response): Promise<ApiError> {
    return new ApiError(res.status, await res.text(), res.statusText);
  }
}

function parseBody(text: string): ApiErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isApiError(parsed) ? parsed : undefined;
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): the text is still kept on the error.
    return undefined;
  }
}

/** `fields` (English) and `fieldCodes` (code and params) of the answer, joined by field path. */
function fieldErrorsOf(body: ApiErrorBody): Record<string, ApiFieldError> {
  const fields: Record<string, ApiFieldError> = {};
  for (const [name, text] of Object.entries(body.fields ?? {})) fields[name] = { text };
  for (const [name, { code, params }] of Object.entries(body.fieldCodes ?? {})) {
    fields[name] = { code, ...(params ? { params } : {}), text: fields[name]?.text ?? "" };
  }
  return fields;
}

/** The error as an ApiError when the server answered it; undefined for a network failure or any other error. */
export const asApiError = (error: unknown): ApiError | undefined => (error instanceof ApiError ? error : undefined);
