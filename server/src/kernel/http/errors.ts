import { errorText, type CodedError, type ErrorCode, type ErrorParams, type ErrorParamsArgs, type ErrorParamsOf } from "@contract/error-codes";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 503;

export interface HttpErrorOptions {
  params?: ErrorParams;
  /** Per-field errors, by field path; the answer gives each as `fields` (English) and `fieldCodes`. */
  fields?: Record<string, CodedError>;
  headers?: Record<string, string>;
  /** The English `error` when it is not the code's own text (a 400 names its field first: "email: ..."). */
  message?: string;
  /** A 410's pointer to where the record went (a lead merged into another): answered beside `error` and `code`. */
  mergedInto?: number;
}

/**
 * An error a handler or service throws on purpose; the error handler turns it into the API error shape. It carries a
 * code from the catalogue (contract/error-codes.ts), which clients act on and translate, and the English text for it.
 */
export class HttpError extends Error {
  readonly params?: ErrorParams;
  readonly fields?: Record<string, CodedError>;
  readonly headers?: Record<string, string>;
  readonly mergedInto?: number;

  constructor(
    readonly statusCode: ErrorStatus,
    readonly code: ErrorCode,
    options: HttpErrorOptions = {},
  ) {
    super(options.message ?? errorText(code, options.params));
    this.params = options.params;
    this.fields = options.fields;
    this.headers = options.headers;
    this.mergedInto = options.mergedInto;
  }
}

/** The optional field an error is about, and the params its code needs (required exactly when its message has some). */
type FieldAndParams<C extends ErrorCode> = { field?: string } & (ErrorParamsArgs<C> extends [] ? { params?: never } : { params: ErrorParamsOf<C> });
/** Options are optional when the code needs no params. */
type OptionsArgs<C extends ErrorCode> = ErrorParamsArgs<C> extends [] ? [options?: FieldAndParams<C>] : [options: FieldAndParams<C>];

function withField(status: ErrorStatus, code: ErrorCode, options: { field?: string; params?: ErrorParams } = {}): HttpError {
  const { field, params } = options;
  return new HttpError(status, code, { params, fields: field ? { [field]: params ? { code, params } : { code } } : undefined });
}

/** 400 about one field: `error` reads "<field>: <message>" like a validation error. */
export function badRequest<C extends ErrorCode>(field: string, code: C, ...params: ErrorParamsArgs<C>): HttpError {
  const [given] = params as [ErrorParams?];
  return new HttpError(400, code, {
    params: given,
    fields: { [field]: given ? { code, params: given } : { code } },
    message: `${field}: ${errorText(code, given)}`,
  });
}

export const unauthorized = (code: ErrorCode = "request.unauthorized") => new HttpError(401, code);

export const forbidden = <C extends ErrorCode = "request.forbidden">(code?: C, ...options: OptionsArgs<C>) =>
  withField(403, code ?? "request.forbidden", options[0]);

export const notFound = <C extends ErrorCode>(code: C, ...options: OptionsArgs<C>) => withField(404, code, options[0]);

/** 410: a lead merged into another; the answer names the kept lead (mergedInto), where its data now is. */
export const mergedAway = (mergedInto: number) =>
  new HttpError(410, "lead_duplicates.merged_away", { params: { mergedInto }, mergedInto });

export const conflict = <C extends ErrorCode>(code: C, ...options: OptionsArgs<C>) => withField(409, code, options[0]);

export function tooManyRequests<C extends ErrorCode>(code: C, retryAfterSeconds: number, ...params: ErrorParamsArgs<C>): HttpError {
  const [given] = params as [ErrorParams?];
  return new HttpError(429, code, { params: given, headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
}
