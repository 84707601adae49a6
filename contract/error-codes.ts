import { parseErrorMessage, type ErrorParams } from "./error-message-format";
import { fieldErrorMessages } from "./field-errors";
import { requestErrorMessages } from "./request-errors";
import { affiliateErrorMessages } from "./affiliate-errors";
import { attachmentErrorMessages } from "./attachment-errors";
import { apiKeyErrorMessages } from "./api-key-errors";
import { authErrorMessages } from "./auth-errors";
import { automationErrorMessages } from "./automation-errors";
import { consentErrorMessages } from "./consent-errors";
import { customerSuccessErrorMessages } from "./customer-success-errors";
import { feedbackErrorMessages } from "./feedback-errors";
import { integrationErrorMessages } from "./integration-errors";
import { issueErrorMessages } from "./issue-errors";
import { kpiErrorMessages } from "./kpi-errors";
import { leadErrorMessages } from "./lead-errors";
import { leadAccessErrorMessages } from "./lead-access-errors";
import { leadBulkErrorMessages } from "./lead-bulk-errors";
import { leadDuplicateErrorMessages } from "./lead-duplicate-errors";
import { leadViewErrorMessages } from "./lead-view-errors";
import { mailErrorMessages } from "./mail-errors";
import { migrationErrorMessages } from "./migration-errors";
import { noteErrorMessages } from "./note-errors";
import { notificationErrorMessages } from "./notification-errors";
import { pipelineErrorMessages } from "./pipeline-errors";
import { recordErrorMessages } from "./record-errors";
import { reportErrorMessages } from "./report-errors";
import { searchErrorMessages } from "./search-errors";
import { securityErrorMessages } from "./security-errors";
import { ssoErrorMessages } from "./sso-errors";
import { taskErrorMessages } from "./task-errors";
import { teamErrorMessages } from "./team-errors";
import { webhookErrorMessages } from "./webhook-errors";
import { whiteLabelErrorMessages } from "./white-label-errors";

export type { ErrorParams } from "./error-message-format";

/**
 * Every error the API answers, by a stable code, with its English text. The code is what clients act on and
 * translate (`errors.<code>` in the client's locale files); the English may be reworded freely without breaking
 * them. `{name}` stands for a param sent next to the code; `{name:one|other}` picks a word by whether that param
 * is 1 ("1 minute", "5 minutes").
 *
 * Each area owns its codes in one file beside its endpoints, contract/<area>-errors.ts (leads.ts has lead-errors.ts):
 * the codes, their English and, in it, their params. field-errors.ts and request-errors.ts hold the codes no area
 * owns. Those files import nothing, and this one only composes them, so no contract file is imported back by the
 * catalogue: schema files write their messages with errorMessage() from error-message.ts, which needs the catalogue
 * only as types. The client needs it only as types too: it translates a code by its `errors.<code>` key.
 */
export const ERROR_MESSAGES = {
  ...fieldErrorMessages,
  ...requestErrorMessages,
  ...affiliateErrorMessages,
  ...attachmentErrorMessages,
  ...apiKeyErrorMessages,
  ...authErrorMessages,
  ...automationErrorMessages,
  ...consentErrorMessages,
  ...customerSuccessErrorMessages,
  ...feedbackErrorMessages,
  ...integrationErrorMessages,
  ...issueErrorMessages,
  ...kpiErrorMessages,
  ...leadErrorMessages,
  ...leadAccessErrorMessages,
  ...leadBulkErrorMessages,
  ...leadDuplicateErrorMessages,
  ...leadViewErrorMessages,
  ...mailErrorMessages,
  ...migrationErrorMessages,
  ...noteErrorMessages,
  ...notificationErrorMessages,
  ...pipelineErrorMessages,
  ...recordErrorMessages,
  ...reportErrorMessages,
  ...searchErrorMessages,
  ...securityErrorMessages,
  ...ssoErrorMessages,
  ...taskErrorMessages,
  ...teamErrorMessages,
  ...webhookErrorMessages,
  ...whiteLabelErrorMessages,
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The names of a template's `{name}` / `{name:one|other}` placeholders. */
type PlaceholderNames<T extends string> = T extends `${string}{${infer Inside}}${infer Rest}`
  ? (Inside extends `${infer Name}:${string}` ? Name : Inside) | PlaceholderNames<Rest>
  : never;

/** The params a code's message needs, by name. */
export type ErrorParamsOf<C extends ErrorCode> = Record<PlaceholderNames<(typeof ERROR_MESSAGES)[C]>, string | number>;

/** The rest of a call that gives a code: its params when its message has placeholders, nothing otherwise. */
export type ErrorParamsArgs<C extends ErrorCode> = [PlaceholderNames<(typeof ERROR_MESSAGES)[C]>] extends [never] ? [] : [params: ErrorParamsOf<C>];

/** A code and its params, as the API sends them for the whole error and for each field. */
export interface CodedError {
  code: ErrorCode;
  params?: ErrorParams;
}

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERROR_MESSAGES, value);

const PLACEHOLDER = /\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g;

/** A code's English text with its params filled in. */
export function errorText(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_MESSAGES[code].replace(PLACEHOLDER, (whole, name: string, one: string | undefined, other: string | undefined) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (one !== undefined) return Number(value) === 1 ? one : (other ?? "");
    return String(value);
  });
}

/** The names of the params a code's message uses (for checking translations against the catalogue). */
export const errorParamNames = (code: ErrorCode): string[] => [...new Set([...ERROR_MESSAGES[code].matchAll(PLACEHOLDER)].map((m) => m[1]!))];

/** The code and params in a message written by errorMessage, or undefined when it is plain text or an unknown code. */
export function decodeErrorMessage(message: string | undefined): CodedError | undefined {
  const parsed = parseErrorMessage(message);
  if (!parsed || !isErrorCode(parsed.code)) return undefined;
  return parsed.params ? { code: parsed.code, params: parsed.params } : { code: parsed.code };
}

/** A message from a contract schema in English: decoded and rendered when it carries a code, else as it is. */
export function englishErrorMessage(message: string): string {
  const coded = decodeErrorMessage(message);
  return coded ? errorText(coded.code, coded.params) : message;
}
