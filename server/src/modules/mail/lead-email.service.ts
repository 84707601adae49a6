import { LEAD_EMAIL_SUBJECT_MAX, leadEmailTemplateIds, leadEmailTemplates, type LeadEmail, type LeadEmailInput, type LeadEmailTemplate } from "@contract/mail";
import type { AppContext } from "../../kernel/app-context";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { badRequest, notFound } from "../../kernel/http/errors";
import { requireLeadInScope } from "../../kernel/lead-gone";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { enqueueMail } from "../../kernel/mail";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { fillPlaceholders } from "../../lib/placeholders";
import { findLeadEmail, leadForEmail, listLeadEmails } from "./lead-email.data";
import { markdownToSafeHtml } from "./lead-email.markdown";

/** The built-in templates, as the contract declares them. */
export const leadEmailTemplateList = (): LeadEmailTemplate[] => leadEmailTemplateIds.map((id) => ({ id, ...leadEmailTemplates[id] }));

/**
 * Writes an email to a lead: placeholders filled from the lead and the sender, the Markdown body as the text part and
 * rendered safely as the HTML part, queued in the mail outbox with the lead and the sender on the row (whose trigger
 * writes the lead's timeline entry), audited, all in one transaction. Without SMTP_URL it is held, as all mail is.
 */
export async function sendLeadEmail(
  ctx: AppContext,
  leadId: number,
  input: Required<Pick<LeadEmailInput, "subject" | "body">> & Pick<LeadEmailInput, "templateId">,
  by: { principal: Principal; meta: RequestMeta },
): Promise<LeadEmail> {
  const { principal, meta } = by;
  const id = await inTransaction(ctx.db, async (tx) => {
    const lead = await leadForEmail(tx, leadId);
    if (!lead) throw notFound("lead.not_found");
    const scope = { lead, sender: { name: principal.user.name, email: principal.user.email } };
    // A subject is one line: line breaks a filled value might bring become spaces.
    const subject = fillPlaceholders(input.subject, scope).replace(/\s+/g, " ").trim();
    if (subject.length > LEAD_EMAIL_SUBJECT_MAX) throw badRequest("subject", "mail.subject_too_long_filled", { max: LEAD_EMAIL_SUBJECT_MAX });
    if (subject === "") throw badRequest("subject", "field.required");
    const text = fillPlaceholders(input.body, scope);
    const queued = await enqueueMail(ctx, { to: lead.email, subject, text, html: markdownToSafeHtml(text), leadId, sentBy: principal.user.id }, tx);
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "mail.lead_email",
      message: { code: "mail.lead_email", params: { mailId: queued.id, subject, leadId } },
      meta,
    });
    return queued.id;
  });
  const sent = await findLeadEmail(ctx.db, id);
  // Read back after the commit: the job may already have sent it.
  return sent!;
}

/** The messages written to a lead, newest first; 404 when there is no such lead (or it is outside the request's lead scope), 410 for one merged into another. */
export async function leadEmails(ctx: AppContext, leadId: number): Promise<LeadEmail[]> {
  // A lead merged into another answers 410 with mergedInto: its emails are the kept lead's now.
  await requireLeadInScope(ctx.db, leadId);
  return listLeadEmails(ctx.db, leadId);
}
