import { and, desc, eq, sql } from "drizzle-orm";
import { LEAD_EMAIL_LIST_MAX, type LeadEmail } from "@contract/mail";
import type { Database } from "../../db/client";
import { leads, mailOutbox, users } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

/**
 * The lead a message is written to, as the placeholders see it (every column, as automations fill them); none when it
 * is outside the request's lead scope (issue 26.5), so nothing is written to it.
 */
export async function leadForEmail(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), leadInScope(leads.assigneeId)));
  return row;
}

const leadEmailColumns = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  error: mailOutbox.error,
  attempts: mailOutbox.attempts,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  sentById: users.id,
  sentByName: users.name,
};

interface LeadEmailRow {
  id: number;
  to: string;
  subject: string;
  status: string;
  error: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  sentById: number | null;
  sentByName: string | null;
}

const toLeadEmail = (row: LeadEmailRow): LeadEmail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  // The table's check constraint admits only these.
  status: row.status as LeadEmail["status"],
  error: row.error,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  sentBy: row.sentById === null || row.sentByName === null ? null : { id: row.sentById, name: row.sentByName },
});

/** One message written to a lead, with who wrote it. */
export async function findLeadEmail(db: Database, id: number): Promise<LeadEmail | undefined> {
  const [row] = await db.select(leadEmailColumns).from(mailOutbox).leftJoin(users, eq(users.id, mailOutbox.sentBy)).where(eq(mailOutbox.id, id));
  return row ? toLeadEmail(row) : undefined;
}

/** The newest messages written to a lead from its page, newest first, without their bodies. */
export async function listLeadEmails(db: Database, leadId: number): Promise<LeadEmail[]> {
  const rows = await db
    .select(leadEmailColumns)
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.sentBy))
    .where(and(eq(mailOutbox.leadId, leadId), sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${leadId} AND ${leadInScope(sql`l.assignee_id`)})`))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(LEAD_EMAIL_LIST_MAX);
  return rows.map(toLeadEmail);
}
