import { z } from "zod";
import { isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { TOTAL_COUNT_HEADER } from "./list-reply";

/**
 * What became of a message: pending = queued for sending; sent = the SMTP server accepted it; failed = every attempt
 * failed; held = no SMTP server is configured, so it stays in the outbox.
 */
export const mailStatuses = ["pending", "sent", "failed", "held"] as const;
export const mailStatusSchema = z.enum(mailStatuses);
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: mailStatusSchema,
  error: z.string().nullable().describe("Why the last attempt failed (the SMTP server's answer), or mail.not_configured when held"),
  attempts: z.number().int(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const MAIL_OUTBOX_PAGE_MAX = 100;

export const mailOutboxQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, errorMessage("list.limit_range", { min: 1, max: MAIL_OUTBOX_PAGE_MAX }))
    .max(MAIL_OUTBOX_PAGE_MAX, errorMessage("list.limit_range", { min: 1, max: MAIL_OUTBOX_PAGE_MAX }))
    .default(25),
  offset: z.coerce.number().int().min(0, errorMessage("list.offset_negative")).max(100_000).default(0),
});
export type MailOutboxQuery = z.input<typeof mailOutboxQuerySchema>;

export const mailStatusReplySchema = z.object({
  smtpConfigured: z.boolean().describe("Whether SMTP_URL is set; without it every message is held in the outbox"),
  from: z.string().describe("The From of every message (MAIL_FROM)"),
});
export type MailSettingsStatus = z.infer<typeof mailStatusReplySchema>;

// Endpoints

const mailTags = ["Mail"];

export const mailEndpoints = defineEndpoints("mail", {
  outbox: defineEndpoint({
    method: "GET",
    permission: "mail.readOutbox",
    path: "/settings/mail-outbox",
    query: mailOutboxQuerySchema,
    reply: z.array(outboxMailSchema),
    paged: true,
    errors: [400, 403],
    tags: mailTags,
    summary: "A page of the mail the app sent or tried to send, newest first",
    description: `Administrators only; message bodies are not listed. The ${TOTAL_COUNT_HEADER} header holds the total.`,
  }),
  status: defineEndpoint({
    method: "GET",
    permission: "mail.readOutbox",
    path: "/settings/mail-status",
    reply: mailStatusReplySchema,
    errors: [403],
    tags: mailTags,
    summary: "Whether an SMTP server is configured, and the sender address",
  }),
});
