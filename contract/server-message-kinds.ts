// Imports nothing: each catalogue of server messages (server-messages.ts, audit-messages.ts) declares entries with it.

/**
 * Lines the server writes for a person to read later (a notification, why a repair proposal failed) are stored as a
 * code with params, never as a sentence: the reader's client renders them in the reader's language
 * (`notifications.messages.<code>`, `issues.failures.<code>`… in client/public/locales), with dates and numbers in the
 * reader's format. The English a catalogue declares is stored next to the code as well, for API clients that do not
 * translate.
 *
 * Each param declares how it is shown, so the client formats it without guessing from its value:
 * - text: as it is (names, titles, addresses a person typed);
 * - number: a number in the reader's format; id: a record's number, as it is (#1234, never #1,234);
 * - money: a decimal amount ("1250.50"), as US dollars in the reader's format;
 * - date: a calendar day, YYYY-MM-DD; dateTime: an instant, ISO 8601; both in the reader's format;
 * - role, stage, apiKeyScope, switch (enabled or disabled), trigger, automationAction, webhookEvent (an event name or
 *   `*`), recordFamily (a record family's key), leadStatus, stageOutcome, taskRecurrence: a built-in value, shown by
 *   its label (a stage other than the default one by its name);
 * - repairFailure, automationRunError, integrationOutcome: a nested coded message of repairFailureMessages,
 *   automationRunErrors or integrationOutcomes, written by encodeServerMessage (an automation's failure may also be
 *   plain text: a database or network error, as it is).
 */
export const messageParamKinds = [
  "text",
  "id",
  "number",
  "money",
  "date",
  "dateTime",
  "role",
  "stage",
  "apiKeyScope",
  "switch",
  "trigger",
  "automationAction",
  "webhookEvent",
  "recordFamily",
  "leadStatus",
  "stageOutcome",
  "taskRecurrence",
  "repairFailure",
  "automationRunError",
  "integrationOutcome",
] as const;
export type MessageParamKind = (typeof messageParamKinds)[number];
export type MessageParams = Record<string, string | number>;

export interface MessageDeclaration {
  readonly en: string;
  readonly params: Readonly<Record<string, MessageParamKind>>;
}
