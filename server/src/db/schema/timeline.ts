import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Everything that happened to a lead, one row per change, newest last. Rows are written only by triggers on the
 * tables that change (migration 0036): in the changing statement's transaction, from the rows it wrote, so a change
 * that commits has its entry and a rolled-back one has none. The actor is the transaction's `leadwell.actor` setting
 * (kernel/actor-context.ts sets it where a transaction opens); none set means the system did it.
 *
 * No foreign key to leads: the history outlives the lead (its deletion is the last entry), and a merge keeps it.
 */
export const leadTimeline = pgTable(
  "lead_timeline",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id").notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** created, changed, stage, assignment, deleted, task, kpi, referral, commission, issue, automation, email, survey, note, attachment. */
    kind: varchar("kind", { length: 20 }).notNull(),
    /** Who: { kind: user | apiKey | public | import | automation | system, userId?, name?, apiKeyId?, importId?, workflowId? }. */
    actor: jsonb("actor").$type<Record<string, unknown>>().notNull(),
    /** For a change of the lead's own fields: [{ field (column name), from, to }]. */
    changes: jsonb("changes").$type<{ field: string; from: unknown; to: unknown }[]>(),
    /** What the entry is about when it is another record: { taskId, title, event }, { noteId }, { mailId, subject }… */
    subject: jsonb("subject").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("lead_timeline_lead_idx").on(t.leadId, t.id),
    // Led by kind (migration 0061): it serves only a page filtered by kind, never a page of every kind.
    index("lead_timeline_kind_lead_idx").on(t.kind, t.leadId, t.id),
  ],
);
