import { parseErrorMessage } from "./error-message";
import { pipelineErrorMessages } from "./pipeline";
import { taskErrorMessages } from "./tasks";
import { webhookErrorMessages } from "./webhook-errors";
import { integrationErrorMessages } from "./integration-errors";
import { automationErrorMessages } from "./automation-errors";
import { teamErrorMessages } from "./team-errors";
import { ssoErrorMessages } from "./sso-errors";
import { securityErrorMessages } from "./security-errors";
import { whiteLabelErrorMessages } from "./white-label-errors";
import { recordErrorMessages } from "./record-errors";
import { migrationErrorMessages } from "./migration-errors";

/**
 * Every error the API answers, by a stable code, with its English text. The code is what clients act on and
 * translate (`errors.<code>` in the client's locale files); the English may be reworded freely without breaking
 * them. `{name}` stands for a param sent next to the code; `{name:one|other}` picks a word by whether that param
 * is 1 ("1 minute", "5 minutes").
 *
 * An area may keep its messages in its own contract file (taskErrorMessages in tasks.ts) to be spread in here. This
 * file imports those schema files, so schema files never import it at run time: they write messages with
 * errorMessage() from error-message.ts, which needs the catalogue only as types. The client needs it only as types
 * too: it translates a code by its `errors.<code>` key.
 */

/** Not tied to an area: how a field's value broke a general rule. Most are derived from zod's own checks. */
const fieldErrorMessages = {
  "field.required": "This field is required",
  "field.too_long": "Maximum {max} characters allowed",
  "field.too_short": "Minimum {min} characters required",
  "field.too_many": "At most {max} entries",
  "field.too_few": "At least {min} entries",
  "field.at_least": "Must be at least {min}",
  "field.greater_than": "Must be greater than {min}",
  "field.at_most": "Must be at most {max}",
  "field.less_than": "Must be less than {max}",
  "field.not_integer": "Must be a whole number",
  "field.invalid_number": "Please enter a valid number",
  "field.invalid_email": "Please enter a valid email address",
  "field.email_required": "Valid email is required",
  "field.invalid_url": "Please enter a valid URL",
  "field.invalid_phone": "Please enter a valid phone number",
  "field.invalid_date": "{field} must be a date (YYYY-MM-DD)",
  "field.not_real_date": "{field} is not a real date",
  "field.invalid_id": "is not a valid id",
  "field.invalid_option": "Must be one of: {options}",
  "field.invalid_type": "Invalid input: expected {expected}",
  "field.invalid": "Invalid input",
  "field.unknown_keys": "Unrecognized key(s): {keys}",
  "field.nul_character": "must not contain the NUL character (U+0000)",
  "field.lone_surrogate": "is not valid Unicode text (it holds an unpaired surrogate)",
  "field.too_deep": "is nested too deeply (at most {max} levels)",
  /** A field inside a JSON value (a top product's "totalSales"): its name is part of the message. */
  "field.named_required": "{field} is required",
  "field.named_not_number": "{field} must be a number",
  "field.named_negative": "{field} must be zero or more",
  "money.invalid": "Please enter a valid number (at most 2 decimals)",
  "money.negative": "Must be zero or more",
  "money.too_large": "At most 99,999,999.99",
} as const;

/** About the request as a whole, or a failure of the server or the database. */
const requestErrorMessages = {
  "request.invalid": "The request is not valid",
  "request.unauthorized": "Please sign in to continue",
  "request.forbidden": "You do not have permission to do that",
  "request.not_found": "Not found",
  "request.no_route": "No API route for {method} {path}",
  "request.method_not_allowed": "Method not allowed",
  "request.not_acceptable": "Not acceptable",
  "request.conflict": "That conflicts with existing data",
  "request.body_too_large": "The request body is too large",
  "request.unsupported_media": "Send the body as JSON (Content-Type: application/json)",
  "request.invalid_json": "body: is not valid JSON",
  "request.bad_url": "is not a valid URL: a % escape is malformed",
  "request.path_too_long": "has a part that is too long",
  "request.too_many": "Too many submissions from this address. Please try again in {minutes} {minutes:minute|minutes}.",
  "request.rate_limited": "Too many requests, please wait and try again",
  "request.empty_update": "Send at least one field to change",
  "list.cursor_mismatch": "does not belong to this list; start again without it",
  "list.offset_too_deep": "Use cursor to page this deep",
  "list.limit_range": "limit must be between {min} and {max}",
  "list.offset_negative": "offset must be 0 or more",
  "server.error": "Something went wrong on our side. Please try again.",
  "server.database_unreachable": "The database is not reachable",
  "db.duplicate": "A record with these details already exists",
  "db.in_use": "A related record does not exist or is still in use",
  "db.value_too_long": "the value is too long",
  "db.not_allowed": "A value is outside what is allowed",
  "db.wrong_format": "A value has the wrong format",
  "db.invalid_datetime": "A date or time is not valid",
  "db.datetime_out_of_range": "A date or time is out of range",
  "db.number_out_of_range": "A number is out of range",
  "db.unstorable_characters": "A value holds characters that cannot be stored",
  "db.invalid_pattern": "A search pattern is not valid",
  "db.invalid_value": "A value is not valid",
  "db.too_complex": "The request is too complex to process",
  "db.busy": "Someone else is changing the same records; try again in a moment",
} as const;

const authErrorMessages = {
  "auth.wrong_credentials": "Email or password is incorrect",
  "auth.too_many_sign_ins": "Too many failed sign-ins for this email. Try again in {minutes} {minutes:minute|minutes}.",
  "auth.setup_done": "Setup is already complete. Sign in instead.",
  "auth.wrong_setup_token": "The set-up token is not correct. Copy it from the server log.",
  "auth.account_deactivated": "This account has been deactivated. Ask an administrator to reactivate it.",
  "auth.permission_required": "Your role does not allow this ({permission})",
  "auth.api_key_invalid": "The API key is not valid",
  "auth.api_key_not_allowed": "API keys cannot be used for this request; sign in instead",
  "auth.api_key_scope": "This API key's scope ({scope}) does not allow this request",
  "auth.name_required": "Name is required",
  "auth.password_required": "Password is required",
  "auth.password_too_short": "Password must be at least {min} characters",
  "auth.passwords_mismatch": "Passwords do not match",
} as const;

const leadErrorMessages = {
  "lead.not_found": "Lead not found",
  "lead.email_taken": "A lead with this email already exists",
  "lead.first_name_required": "First name is required",
  "lead.last_name_required": "Last name is required",
  "lead.business_name_required": "Business name is required",
  "lead.invalid_status": "Status must be one of: {options}",
  "lead.invalid_priority": "Priority must be one of: {options}",
} as const;

const kpiErrorMessages = {
  "kpi.not_found": "KPI record not found",
  "kpi.no_lead_with_email": "No lead with this email",
  "kpi.ytd_required": "YTD Revenue is required",
  "kpi.mrr_required": "MRR is required",
  "kpi.top_products_required": "Top Products data is required",
  "kpi.top_products_list": "Top Products must be a list of products",
  "kpi.profit_margin_range": "profitMargin is a percentage (-100 to 100)",
} as const;

const affiliateErrorMessages = {
  "affiliate.not_found": "Affiliate not found",
  "affiliate.email_taken": "An affiliate with this email already exists",
  "affiliate.full_name_required": "Full name is required",
  "affiliate.business_name_required": "Business name is required",
  "affiliate.invalid_status": "Status must be one of: {options}",
  "affiliate.suspended": "This affiliate account is suspended. Please contact us.",
  "affiliate.own_dashboard_only": "You can only read your own dashboard",
  "affiliate.commission_required": "Commission amount is required",
  "payout.amount_required": "Amount is required",
  "payout.amount_not_positive": "Amount must be greater than zero",
  "payout.above_approved_balance": "At most the approved balance of {amount}",
} as const;

const issueErrorMessages = {
  "issue.not_found": "Issue not found",
  "issue.invalid_email": "Invalid email address",
  "issue.invalid_url": "Invalid URL",
  "issue.description_too_short": "Description must be at least {min} characters",
  "issue.no_proposal": "This issue has no proposal to approve yet",
  "issue.no_proposal_to_reject": "This issue has no proposal to reject yet",
  "issue.already_approved": "This issue is already approved",
  "issue.approved_cannot_be_rejected": "An approved fix cannot be rejected",
  "issue.already_rejected": "This issue is already rejected",
  "issue.proposal_in_progress": "A proposal is already being prepared",
} as const;

const otherAreaErrorMessages = {
  "feedback.description_required": "Please provide feedback description",
  "feedback.invalid_type": "Type must be one of: {options}",
  "api_key.not_found": "API key not found",
  "api_key.label_required": "Label is required",
  "api_key.invalid_scope": "Scope must be one of {options}",
  "notification.not_found": "Notification not found",
  "notification.own_only": "You can only read your own notifications",
  "search.term_required": "Enter a search term",
  "consent.type_required": "Consent type is required",
  "report.end_before_start": "endDate must be on or after startDate",
  "mail.not_configured": "No SMTP server is configured (SMTP_URL): the message is held in the outbox",
  "nps.invitation_invalid": "This survey link is no longer valid: it was used or has expired.",
  "nps.lead_unknown": "No lead has this id",
} as const;

export const ERROR_MESSAGES = {
  ...fieldErrorMessages,
  ...requestErrorMessages,
  ...authErrorMessages,
  ...leadErrorMessages,
  ...kpiErrorMessages,
  ...affiliateErrorMessages,
  ...issueErrorMessages,
  ...otherAreaErrorMessages,
  ...taskErrorMessages,
  ...webhookErrorMessages,
  ...automationErrorMessages,
  ...pipelineErrorMessages,
  ...integrationErrorMessages,
  ...teamErrorMessages,
  ...ssoErrorMessages,
  ...securityErrorMessages,
  ...whiteLabelErrorMessages,
  ...recordErrorMessages,
  ...migrationErrorMessages,
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ErrorParams = Record<string, string | number>;

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
