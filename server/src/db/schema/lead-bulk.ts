import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A bulk action on leads (migration 0043): its selection resolved to lead ids, its counters and where each of its lanes goes on. */
export const leadBulkJobs = pgTable(
  "lead_bulk_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who acts, as the timeline names it (kernel/actor-context.ts): the job runs as this actor. */
    actor: jsonb("actor").notNull(),
    /** How per-lead audit rows name who acted (actorLabel). */
    auditLabel: varchar("audit_label", { length: 150 }),
    action: varchar("action", { length: 20 }).notNull(),
    value: varchar("value", { length: 100 }),
    /** As asked: { ids } or { filter, expectedTotal }. */
    selection: jsonb("selection").notNull(),
    /** The selected lead ids, ascending, fixed when the job was asked for. */
    leadIds: integer("lead_ids").array().notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    failures: jsonb("failures").$type<{ leadId: number; code: string }[]>().notNull().default(sql`'[]'::jsonb`),
    status: varchar("status", { length: 20 }).notNull().default("queued"),
    /** Leads per batch, fixed when the job is stored (the lanes' stripes depend on it). */
    batchSize: integer("batch_size").notNull().default(5000),
    /** Where each lane's next batch starts, as a position in leadIds (migration 0057; lead-bulk-lanes.ts). */
    laneNext: integer("lane_next").array().notNull().default(sql`'{0}'::integer[]`),
    createdAt: at("created_at").notNull().defaultNow(),
    finishedAt: at("finished_at"),
  },
  (t) => [
    index("lead_bulk_jobs_user_idx").on(t.userId, t.id),
    check("lead_bulk_jobs_status_check", sql`${t.status} IN ('queued', 'running', 'cancelling', 'cancelled', 'done', 'failed')`),
  ],
);

/** An export job's CSV rows, one chunk per batch. */
export const leadBulkFiles = pgTable(
  "lead_bulk_files",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => leadBulkJobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    rows: jsonb("rows").$type<(string | null)[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
