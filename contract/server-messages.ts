// Kept free of zod, like error-codes.ts: the client's notification bell and its tests read it.
import { auditMessages } from "./audit-messages";
import type { MessageDeclaration, MessageParamKind, MessageParams } from "./server-message-kinds";

// How a message and its params are declared lives in server-message-kinds.ts, which every catalogue file imports.
export { messageParamKinds, type MessageDeclaration, type MessageParamKind, type MessageParams } from "./server-message-kinds";

/** Why a repair proposal could not be made (the last attempt's failure, kept on the issue and told to staff). */
export const repairFailureMessages = {
  "repair.timeout": { en: "The model did not answer within {duration}", params: { duration: "text" } },
  "repair.unreachable": { en: "The AI server at {host} could not be reached ({cause})", params: { host: "text", cause: "text" } },
  "repair.http_error": { en: "The AI server answered {status}: {detail}", params: { status: "number", detail: "text" } },
  "repair.response_not_json": { en: "The AI server's response was not valid JSON", params: {} },
  "repair.response_no_content": { en: "The AI server's response had no message content", params: {} },
  "repair.answer_empty": { en: "The model's answer was empty", params: {} },
  "repair.answer_not_json": { en: "The model's answer was not valid JSON", params: {} },
  "repair.answer_shape": { en: "The model's answer did not have the expected {summary, codeDiff} shape ({problems})", params: { problems: "text" } },
  "repair.answer_not_diff": { en: "The model's codeDiff was not a unified diff", params: {} },
  "repair.unexpected": { en: "An unexpected error stopped the proposal (the server log has the details)", params: {} },
} as const satisfies Record<string, MessageDeclaration>;
export type RepairFailureCode = keyof typeof repairFailureMessages;

/** Why the server disabled a webhook endpoint (kept on the endpoint, encoded by encodeServerMessage). */
export const webhookDisableReasons = {
  "webhook.gone": { en: "the receiver answered 410 Gone", params: {} },
  "webhook.failing": { en: "every delivery failed for {days} days", params: { days: "number" } },
} as const satisfies Record<string, MessageDeclaration>;
export type WebhookDisableReason = CodedMessage<typeof webhookDisableReasons>;

/**
 * Why an automation's action failed (its run log's error, told to its owner). A failure that is not one of these (a
 * database or network error) is stored as its text.
 */
export const automationRunErrors = {
  "automation.not_an_email": { en: 'Not an email address: "{address}"', params: { address: "text" } },
  "automation.no_such_staff": { en: "No staff member has the email {email}", params: { email: "text" } },
  "automation.not_about_a_lead": { en: "The event is not about a lead", params: {} },
  "automation.lead_gone": { en: "Lead {leadId} no longer exists", params: { leadId: "id" } },
  "automation.definition_invalid": { en: "The stored definition is no longer valid", params: {} },
  "automation.too_deep": { en: "Stopped: {depth} automations deep (limit {limit})", params: { depth: "number", limit: "number" } },
  "automation.no_longer_calls_webhook": { en: "The workflow no longer calls a webhook", params: {} },
  "automation.disabled_before_call": { en: "The workflow was disabled before the call was made", params: {} },
  "automation.receiver_answered": { en: "The receiver answered {status}", params: { status: "id" } },
  "automation.receiver_answered_saying": { en: "The receiver answered {status}: {answer}", params: { status: "id", answer: "text" } },
} as const satisfies Record<string, MessageDeclaration>;
export type AutomationRunError = CodedMessage<typeof automationRunErrors>;

/** What one use of an integration came to (a connection check's answer, an integration's last error). */
export const integrationOutcomes = {
  "integration.unreachable": { en: "{service} could not be reached: {cause}", params: { service: "text", cause: "text" } },
  "integration.slack_accepted": { en: "Slack accepted the message", params: {} },
  "integration.slack_refused": { en: "Slack answered HTTP {status}", params: { status: "id" } },
  "integration.slack_refused_saying": { en: "Slack answered HTTP {status}: {answer}", params: { status: "id", answer: "text" } },
  "integration.stripe_accepted": { en: "Stripe accepted the {mode}-mode key (GET /v1/balance answered 200)", params: { mode: "text" } },
  "integration.stripe_accepted_no_balance": { en: "Stripe accepted the {mode}-mode key; it may not read the balance", params: { mode: "text" } },
  "integration.stripe_accepted_no_balance_saying": {
    en: "Stripe accepted the {mode}-mode key; it may not read the balance ({answer})",
    params: { mode: "text", answer: "text" },
  },
  "integration.stripe_refused": { en: "Stripe answered HTTP {status}", params: { status: "id" } },
  "integration.stripe_refused_saying": { en: "Stripe answered HTTP {status}: {answer}", params: { status: "id", answer: "text" } },
  "integration.google_no_token_endpoint": {
    en: "Google's OpenID discovery document answered HTTP {status} without a token endpoint",
    params: { status: "id" },
  },
  "integration.google_refused": { en: "Google refused the client id or secret ({error})", params: { error: "text" } },
  "integration.google_refused_saying": { en: "Google refused the client id or secret ({error}: {answer})", params: { error: "text", answer: "text" } },
  "integration.google_accepted": {
    en: "Google's OAuth endpoints answered and accepted the client id and secret (the made-up code got {error}, as expected)",
    params: { error: "text" },
  },
  "integration.google_token_endpoint": { en: "Google's token endpoint answered HTTP {status}", params: { status: "id" } },
  "integration.google_token_endpoint_error": { en: "Google's token endpoint answered HTTP {status} ({error})", params: { status: "id", error: "text" } },
  "integration.google_token_endpoint_error_saying": {
    en: "Google's token endpoint answered HTTP {status} ({error}: {answer})",
    params: { status: "id", error: "text", answer: "text" },
  },
  "integration.secret_unreadable": {
    en: "The stored secret can no longer be read (the encryption key changed): save the settings again with the secret",
    params: {},
  },
  "integration.webhook_url_unreadable": {
    en: "The stored webhook URL can no longer be read (the encryption key changed): save the settings again",
    params: {},
  },
  "integration.slack_event_failed": { en: "{event}: {outcome}", params: { event: "webhookEvent", outcome: "integrationOutcome" } },
} as const satisfies Record<string, MessageDeclaration>;
export type IntegrationOutcome = CodedMessage<typeof integrationOutcomes>;

/** Every kind of notification under a staff member's header bell. */
export const notificationMessages = {
  "lead.captured": { en: "New lead captured: {businessName} ({email})", params: { businessName: "text", email: "text" } },
  "lead.moved": { en: "{actor} moved {businessName} to {stage}", params: { actor: "text", businessName: "text", stage: "stage" } },
  "lead.moved_unattended": { en: "Someone moved {businessName} to {stage}", params: { businessName: "text", stage: "stage" } },
  "affiliate.registered": { en: "New affiliate registered: {name} ({businessName})", params: { name: "text", businessName: "text" } },
  "task.assigned": { en: "{actor} assigned you a task: {title}", params: { actor: "text", title: "text" } },
  "note.mentioned": { en: "{actor} mentioned you in a note on {businessName}", params: { actor: "text", businessName: "text" } },
  "task.due_today": { en: "Task due today: {title}", params: { title: "text" } },
  "task.overdue": { en: "Task overdue since {dueDate}: {title}", params: { dueDate: "date", title: "text" } },
  "issue.proposal_ready": { en: "Issue #{issueId}: an AI fix proposal is ready for review", params: { issueId: "id" } },
  "issue.proposal_ready_retrieval": {
    en: "Issue #{issueId}: a proposal is ready for review (no AI model is configured, so it lists related approved fixes only)",
    params: { issueId: "id" },
  },
  "issue.proposal_failed": { en: "Issue #{issueId}: no fix could be proposed. {reason}.", params: { issueId: "id", reason: "repairFailure" } },
  "security.sign_in_locked_address": {
    en: "Sign-in for {email} from {address} was locked until {until} after {attempts} failed attempts",
    params: { email: "text", address: "text", until: "dateTime", attempts: "number" },
  },
  "security.sign_in_locked_email": {
    en: "Sign-in for {email} was locked until {until} from every address after {attempts} failed attempts",
    params: { email: "text", until: "dateTime", attempts: "number" },
  },
  "security.api_key_created": {
    en: '{actor} created the API key "{label}" with scope {scope}',
    params: { actor: "text", label: "text", scope: "apiKeyScope" },
  },
  "security.api_key_deleted": { en: '{actor} deleted the API key "{label}"', params: { actor: "text", label: "text" } },
  "team.role_changed": { en: "Your role is now {role}", params: { role: "role" } },
  "team.renamed": { en: "An administrator changed your name to {name}", params: { name: "text" } },
  "webhook.disabled_gone": { en: "The webhook to {url} was disabled: the receiver answered 410 Gone", params: { url: "text" } },
  "webhook.disabled_failing": {
    en: "The webhook to {url} was disabled: every delivery failed for {days} days",
    params: { url: "text", days: "number" },
  },
  "automation.message": { en: 'Automation "{automation}": {message}', params: { automation: "text", message: "text" } },
  "automation.failed": { en: 'Automation "{automation}" failed: {error}', params: { automation: "text", error: "automationRunError" } },
} as const satisfies Record<string, MessageDeclaration>;
export type NotificationCode = keyof typeof notificationMessages;

/** The catalogues by where the client keeps their translations. */
export const serverMessageCatalogues = {
  notifications: notificationMessages,
  repairFailures: repairFailureMessages,
  webhookDisableReasons,
  automationRunErrors,
  integrationOutcomes,
  audit: auditMessages,
} as const;

type KindValue<K extends MessageParamKind> = K extends "number" | "id" ? number : string;
type ParamsOf<D extends MessageDeclaration> = { -readonly [P in keyof D["params"]]: KindValue<D["params"][P]> };

/** A code with exactly the params its declaration names. */
export type CodedMessage<Catalogue extends Record<string, MessageDeclaration>> = {
  [C in keyof Catalogue & string]: { code: C; params: ParamsOf<Catalogue[C]> };
}[keyof Catalogue & string];

export type NotificationMessage = CodedMessage<typeof notificationMessages>;
export type RepairFailureMessage = CodedMessage<typeof repairFailureMessages>;
export type AuditMessage = CodedMessage<typeof auditMessages>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** A nested coded message as one param value: `code` or `code|{"name":"value"}`. */
export function encodeServerMessage(message: { code: string; params: MessageParams }): string {
  return Object.keys(message.params).length > 0 ? `${message.code}|${JSON.stringify(message.params)}` : message.code;
}

/** The code and params of a value written by encodeServerMessage, or undefined when it is not one. */
export function decodeServerMessage(value: string): { code: string; params: MessageParams } | undefined {
  const bar = value.indexOf("|");
  const code = bar === -1 ? value : value.slice(0, bar);
  if (!/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(code)) return undefined;
  if (bar === -1) return { code, params: {} };
  try {
    const params: unknown = JSON.parse(value.slice(bar + 1));
    if (typeof params !== "object" || params === null || Array.isArray(params)) return undefined;
    if (!Object.values(params).every((v) => typeof v === "string" || typeof v === "number")) return undefined;
    return { code, params: params as MessageParams };
  } catch {
    return undefined;
  }
}

/** A param's English: nested messages rendered, a family key as words, everything else as stored (dates stay ISO 8601). */
function englishParam(kind: MessageParamKind | undefined, value: string | number): string {
  if (kind === "recordFamily" && typeof value === "string") return value.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  if (kind === "repairFailure" && typeof value === "string") return readStoredMessage(repairFailureMessages, value).text;
  if (kind === "automationRunError" && typeof value === "string") return readStoredMessage(automationRunErrors, value).text;
  if (kind === "integrationOutcome" && typeof value === "string") return readStoredMessage(integrationOutcomes, value).text;
  return String(value);
}

/** A declaration's English with its params filled in: what is stored next to the code. */
export function englishText(declaration: MessageDeclaration, params: MessageParams): string {
  return declaration.en.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    const kind = declaration.params[name];
    return value === undefined || kind === undefined ? whole : englishParam(kind, value);
  });
}

/**
 * A stored line that may be coded (written by encodeServerMessage) or plain text (written before codes): its English,
 * and its code and params when it is a code of the catalogue.
 */
export function readStoredMessage(
  catalogue: Record<string, MessageDeclaration>,
  stored: string,
): { text: string; coded: { code: string; params: MessageParams } | null } {
  const decoded = decodeServerMessage(stored);
  const declaration = decoded ? catalogue[decoded.code] : undefined;
  return decoded && declaration && Object.hasOwn(catalogue, decoded.code)
    ? { text: englishText(declaration, decoded.params), coded: decoded }
    : { text: stored, coded: null };
}

export { auditMessages };

export const isNotificationCode = (code: string): code is NotificationCode => Object.hasOwn(notificationMessages, code);
export const isRepairFailureCode = (code: string): code is RepairFailureCode => Object.hasOwn(repairFailureMessages, code);
