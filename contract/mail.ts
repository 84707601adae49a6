import { z } from "zod";
import { idParamsSchema, isoDateTime } from "./common";
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

// Email to a lead from its page (issue 25.5)

export const LEAD_EMAIL_SUBJECT_MAX = 300;
export const LEAD_EMAIL_BODY_MAX = 20_000;
/** How many of a lead's messages GET /api/leads/{id}/emails lists (the newest). */
export const LEAD_EMAIL_LIST_MAX = 50;

/**
 * The placeholders a lead email may use, as automations fill them (server/src/lib/placeholders.ts): any field of the
 * lead as `{{lead.<field>}}`, and the sender as `{{sender.name}}` / `{{sender.email}}`. These are the ones the
 * composer offers; an unknown one becomes empty text.
 */
export const leadEmailPlaceholders = ["lead.businessName", "lead.businessOwnerName", "lead.businessOwnerLastName", "lead.email", "sender.name"] as const;

export const leadEmailTemplateIds = ["follow_up", "meeting_request", "thank_you"] as const;
export const leadEmailTemplateIdSchema = z.enum(leadEmailTemplateIds);
export type LeadEmailTemplateId = z.infer<typeof leadEmailTemplateIdSchema>;

/** The languages a template is written in: the app's two. */
export const leadEmailTemplateLanguages = ["en", "es"] as const;
export type LeadEmailTemplateLanguage = (typeof leadEmailTemplateLanguages)[number];

export interface LeadEmailTemplateText {
  /** What the picker shows. */
  name: string;
  subject: string;
  /** Markdown, with placeholders left in for the server to fill from the lead when it is sent. */
  body: string;
}

/**
 * The built-in templates, declared once: the picker offers them in the reader's language and fills the subject and
 * body with them, placeholders still visible; the server fills the placeholders when the message is sent. Their text
 * lives here (not in the locale files) because i18next would read `{{lead.businessName}}` as its own interpolation.
 */
export const leadEmailTemplates: Record<LeadEmailTemplateId, Record<LeadEmailTemplateLanguage, LeadEmailTemplateText>> = {
  follow_up: {
    en: {
      name: "Follow-up",
      subject: "Following up, {{lead.businessOwnerName}}",
      body: "Hi {{lead.businessOwnerName}},\n\nI wanted to follow up on our last conversation about **{{lead.businessName}}**. Is there anything I can help you with, or a question I can answer?\n\nBest regards,\n{{sender.name}}",
    },
    es: {
      name: "Seguimiento",
      subject: "Seguimiento, {{lead.businessOwnerName}}",
      body: "Hola {{lead.businessOwnerName}}:\n\nQuería dar seguimiento a nuestra última conversación sobre **{{lead.businessName}}**. ¿Hay algo en lo que pueda ayudarle o alguna pregunta que pueda responder?\n\nSaludos cordiales,\n{{sender.name}}",
    },
  },
  meeting_request: {
    en: {
      name: "Meeting request",
      subject: "Could we meet about {{lead.businessName}}?",
      body: "Hi {{lead.businessOwnerName}},\n\nI would like to set up a short call to talk about how we can help **{{lead.businessName}}**. Would one of these times work for you?\n\n- \n- \n\nBest regards,\n{{sender.name}}",
    },
    es: {
      name: "Solicitud de reunión",
      subject: "¿Podemos reunirnos sobre {{lead.businessName}}?",
      body: "Hola {{lead.businessOwnerName}}:\n\nMe gustaría agendar una llamada breve para hablar de cómo podemos ayudar a **{{lead.businessName}}**. ¿Le viene bien alguno de estos horarios?\n\n- \n- \n\nSaludos cordiales,\n{{sender.name}}",
    },
  },
  thank_you: {
    en: {
      name: "Thank you",
      subject: "Thank you, {{lead.businessOwnerName}}",
      body: "Hi {{lead.businessOwnerName}},\n\nThank you for your time and for telling us about **{{lead.businessName}}**. I will be in touch with the next steps soon.\n\nBest regards,\n{{sender.name}}",
    },
    es: {
      name: "Agradecimiento",
      subject: "Gracias, {{lead.businessOwnerName}}",
      body: "Hola {{lead.businessOwnerName}}:\n\nGracias por su tiempo y por contarnos sobre **{{lead.businessName}}**. Me pondré en contacto pronto con los siguientes pasos.\n\nSaludos cordiales,\n{{sender.name}}",
    },
  },
};

const templateTextSchema = z.object({ name: z.string(), subject: z.string(), body: z.string().describe("Markdown, placeholders not filled") });

export const leadEmailTemplateSchema = z.object({
  id: leadEmailTemplateIdSchema,
  en: templateTextSchema,
  es: templateTextSchema,
});
export type LeadEmailTemplate = z.infer<typeof leadEmailTemplateSchema>;

export const leadEmailInputSchema = z.object({
  subject: z.string().trim().min(1).max(LEAD_EMAIL_SUBJECT_MAX).describe("One line; placeholders such as {{lead.businessName}} are filled from the lead"),
  body: z.string().trim().min(1).max(LEAD_EMAIL_BODY_MAX).describe("Markdown; sent as the text part, and rendered to HTML (raw HTML escaped) as the HTML part"),
  templateId: leadEmailTemplateIdSchema.optional().describe("The built-in template the message started from, when one was picked"),
});
export type LeadEmailInput = z.input<typeof leadEmailInputSchema>;

export const leadEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string().describe("As sent: placeholders filled"),
  status: mailStatusSchema,
  error: z.string().nullable().describe("Why the last attempt failed (the SMTP server's answer), or mail.not_configured when held"),
  attempts: z.number().int(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  sentBy: z.object({ id: z.number().int(), name: z.string() }).nullable().describe("Who wrote it; null once that account is deleted"),
});
export type LeadEmail = z.infer<typeof leadEmailSchema>;

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
  sendToLead: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads/:id/emails",
    params: idParamsSchema,
    body: leadEmailInputSchema,
    reply: leadEmailSchema,
    status: 202,
    errors: [400, 403, 404, 429],
    tags: mailTags,
    summary: "Writes an email to the lead, queued in the mail outbox",
    description:
      "To the lead's email. Placeholders ({{lead.businessName}}, {{sender.name}}, ...) are filled from the lead and the sender; the Markdown body is the text part and, rendered with raw HTML escaped, the HTML part. Answers 202 with the message: pending (queued for the SMTP server) or held (no SMTP_URL); it then becomes sent, or failed after its retries. The lead's timeline shows it.",
  }),
  leadEmails: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id/emails",
    params: idParamsSchema,
    reply: z.array(leadEmailSchema),
    errors: [403, 404, 410],
    tags: mailTags,
    summary: "The emails written to the lead from its page, newest first, with their delivery status",
    description: `At most the newest ${LEAD_EMAIL_LIST_MAX}; bodies are not listed.`,
  }),
  leadEmailTemplates: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/lead-email-templates",
    reply: z.array(leadEmailTemplateSchema),
    errors: [403],
    tags: mailTags,
    summary: "The built-in templates for an email to a lead, in English and Spanish, placeholders not filled",
  }),
});
