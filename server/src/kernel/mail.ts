import { createTransport, type Transporter } from "nodemailer";
import { z } from "zod";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { isLastAttempt } from "./jobs/job-context";
import { defineJob } from "./jobs/job-kind";
import type { JobQueue } from "./jobs/queue";
import { findOutboxMail, insertOutboxMail, recordMailAttempt } from "./mail.data";

/** One message to one recipient; the sender is always MAIL_FROM. */
export const mailMessageSchema = z.object({
  to: z.email().max(320),
  subject: z.string().trim().min(1).max(300),
  text: z.string(),
  html: z.string().optional(),
  /** The lead a staff member wrote to from its page, and who: the row carries both, and the lead's timeline shows it. */
  leadId: z.number().int().positive().optional(),
  sentBy: z.number().int().positive().optional(),
});
export type MailMessage = z.input<typeof mailMessageSchema>;

/** What sending needs: the configuration (SMTP_URL, MAIL_FROM) and the database holding the outbox. */
export interface MailContext {
  config: AppConfig;
  db: Database;
}

/** Stored in a held message's error: the client translates it (errors.mail.not_configured). */
export const MAIL_NOT_CONFIGURED = "mail.not_configured";

/** Gives up on a connection, greeting or silent socket after this long, so a stuck server cannot hold a worker. */
const SMTP_TIMEOUT_MS = 15_000;

// One transport per SMTP server for the whole process: it is built from the configuration, not per message.
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The SMTP server's answer, never the whole error (it may carry the connection's credentials in its options). */
const smtpErrorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

async function deliver(config: AppConfig, smtpUrl: string, mail: { toAddress: string; subject: string; text: string; html: string | null }) {
  await transportFor(smtpUrl).sendMail({
    from: config.mail.from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === null ? {} : { html: mail.html }),
  });
}

function outboxRow(config: AppConfig, message: MailMessage) {
  const parsed = mailMessageSchema.parse(message);
  const held = config.mail.smtpUrl === undefined;
  return {
    fromAddress: config.mail.from,
    toAddress: parsed.to,
    subject: parsed.subject,
    text: parsed.text,
    html: parsed.html ?? null,
    status: held ? ("held" as const) : ("pending" as const),
    error: held ? MAIL_NOT_CONFIGURED : null,
    leadId: parsed.leadId ?? null,
    sentBy: parsed.sentBy ?? null,
  };
}

/**
 * Sends one message now, waiting on the SMTP server, and records it in the outbox whatever happens: sent, failed
 * (with the server's answer) or held when no SMTP server is configured. A request should rather enqueueMail, so it
 * never waits on SMTP and a failure is retried.
 */
export async function sendMail(context: MailContext, message: MailMessage): Promise<{ id: number; status: "sent" | "failed" | "held" }> {
  const row = outboxRow(context.config, message);
  const id = await insertOutboxMail(context.db, row);
  const smtpUrl = context.config.mail.smtpUrl;
  if (smtpUrl === undefined) return { id, status: "held" };
  try {
    await deliver(context.config, smtpUrl, row);
    await recordMailAttempt(context.db, id, { status: "sent", error: null });
    return { id, status: "sent" };
  } catch (error) {
    await recordMailAttempt(context.db, id, { status: "failed", error: smtpErrorText(error) });
    return { id, status: "failed" };
  }
}

/** Sends one outbox message; a failure throws so pg-boss retries it, and the last failure marks it failed. */
export const sendMailJob = defineJob({
  name: "mail.send",
  payload: z.object({ outboxId: z.number().int().positive() }),
  handler: async ({ db, config }, { outboxId }, run) => {
    const mail = await findOutboxMail(db, outboxId);
    // Already delivered (a retry after the outcome was recorded) or gone: nothing to send twice.
    if (!mail || mail.status === "sent") return { status: mail?.status ?? "missing" };
    const smtpUrl = config.mail.smtpUrl;
    if (smtpUrl === undefined) {
      await recordMailAttempt(db, outboxId, { status: "held", error: MAIL_NOT_CONFIGURED });
      return { status: "held" };
    }
    try {
      await deliver(config, smtpUrl, mail);
    } catch (error) {
      await recordMailAttempt(db, outboxId, { status: isLastAttempt(run) ? "failed" : "pending", error: smtpErrorText(error) });
      throw new Error(`SMTP delivery failed: ${smtpErrorText(error)}`);
    }
    await recordMailAttempt(db, outboxId, { status: "sent", error: null });
    return { status: "sent" };
  },
});

/**
 * Stores the message in the outbox and queues its sending, both with `tx` when given: the mail exists, and leaves,
 * only if the caller's transaction commits. Without SMTP_URL the message is stored held and no job is queued.
 */
export async function enqueueMail(
  context: MailContext & { jobs: JobQueue },
  message: MailMessage,
  tx?: Database,
): Promise<{ id: number; status: "pending" | "held" }> {
  const row = outboxRow(context.config, message);
  const id = await insertOutboxMail(tx ?? context.db, row);
  if (row.status === "pending") {
    const { limit, delaySeconds } = context.config.mail.retry;
    await context.jobs.send(sendMailJob, { outboxId: id }, { retryLimit: limit, retryDelay: delaySeconds, retryBackoff: true }, tx);
  }
  return { id, status: row.status };
}
