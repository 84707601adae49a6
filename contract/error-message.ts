// Needs the catalogue only as types, so every schema file and the client's first chunk can use it without loading it.
import type { ErrorCode, ErrorParamsArgs } from "./error-codes";
import { encodeErrorMessage } from "./error-message-format";

export { encodeErrorMessage, parseErrorMessage } from "./error-message-format";

/**
 * A validation message that carries an error code (contract/error-codes.ts): the code alone, or `code|{"max":200}`
 * with its params as JSON (error-message-format.ts). Contract schemas give these as their zod messages (and the zod
 * error map in zod-error-map.ts derives them for zod's own checks), so the client's forms and the server's error
 * handler both read the code back rather than matching English text.
 */
export function errorMessage<C extends ErrorCode>(code: C, ...params: ErrorParamsArgs<C>): string {
  return encodeErrorMessage(code, params[0]);
}
