import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Every message the app sends, whether it left or not: staff read it in Settings, so nothing is dropped silently.
 * pending = queued for the mail.send job; sent = the SMTP server accepted it; failed = the last attempt failed;
 * held = no SMTP server is configured, the message stays here.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fromAddress: varchar("from_address", { length: 320 }).notNull(),
    toAddress: varchar("to_address", { length: 320 }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
    /** The lead a staff member wrote to from its page (null: a message the app sent by itself); its timeline shows it. */
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /** Who composed it on the lead's page. */
    sentBy: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt, t.id),
    index("mail_outbox_lead_idx").on(t.leadId).where(sql`${t.leadId} IS NOT NULL`),
    check("mail_outbox_status_check", sql`${t.status} IN ('pending', 'sent', 'failed', 'held')`),
  ],
);
