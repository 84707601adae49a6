import i18next, { type TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { ErrorCode, ErrorParams } from "@contract/error-codes";
import { parseErrorMessage } from "@contract/error-message";

/**
 * Whether this client can say an error code: every code of its own catalogue has an `errors.<code>` translation
 * (client/src/app/i18n.test.ts checks it), and a server newer than the client may send codes it does not know yet.
 */
export const isKnownErrorCode = (code: string): code is ErrorCode => i18next.exists(`errors.${code}`);

/** An error code and its params in the reader's language, or undefined when this client does not know the code. */
export function translateErrorCode(t: TFunction, code: string, params?: ErrorParams): string | undefined {
  return isKnownErrorCode(code) ? t(`errors.${code}`, { ...params }) : undefined;
}

/**
 * A validation message in the reader's language. Messages carry error codes (contract/error-message.ts): the shared
 * contract schemas write them for client-side checks, and fieldErrorMessage (lib/api.ts) gives the server's per-field
 * codes the same way. Anything else (text already translated, or English for a code this client does not know) is
 * shown as it is.
 */
export function translateValidationMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const coded = parseErrorMessage(message);
  return (coded && translateErrorCode(t, coded.code, coded.params)) ?? message;
}

export function useValidationMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => translateValidationMessage(t, message);
}
