// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The mail area's failures (contract/mail.ts), by stable code, with their English text. */
export const mailErrorMessages = {
  "mail.not_configured": "No SMTP server is configured (SMTP_URL): the message is held in the outbox",
  "mail.subject_too_long_filled": "The subject is longer than {max} characters once its placeholders are filled",
} as const;
