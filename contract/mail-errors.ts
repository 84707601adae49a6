// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The mail area's failures (contract/mail.ts), by stable code, with their English text. */
export const mailErrorMessages = {
  "mail.not_configured": "No SMTP server is configured (SMTP_URL): the message is held in the outbox",
} as const;
