import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * One CSV import. The counters and `last_chunk` are written in the same transaction as the batch they count, so after
 * a crash they say exactly which batches are in the table and the job resumes after the last one.
 */
export const migrationLogs = pgTable(
  "migration_logs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    migrationType: varchar("migration_type", { length: 30 }).notNull().default("csv_leads"),
    sourceFile: varchar("source_file", { length: 255 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("in_progress"),
    duplicates: varchar("duplicates", { length: 10 }).notNull().default("skip"),
    /** The header row, and the target of each column (null: not imported). */
    columns: jsonb("columns").$type<string[]>().notNull(),
    mapping: jsonb("mapping").$type<(string | null)[]>().notNull(),
    recordsTotal: integer("records_total").notNull().default(0),
    recordsProcessed: integer("records_processed").notNull().default(0),
    recordsSuccessful: integer("records_successful").notNull().default(0),
    recordsUpdated: integer("records_updated").notNull().default(0),
    recordsSkipped: integer("records_skipped").notNull().default(0),
    recordsWithErrors: integer("records_with_errors").notNull().default(0),
    /** New leads whose phone number was already a lead's: imported, and marked in the report (0051). */
    recordsLikelyDuplicates: integer("records_likely_duplicates").notNull().default(0),
    /** The chunk number of the last batch committed (-1: none yet). */
    lastChunk: integer("last_chunk").notNull().default(-1),
    /**
     * When the instance working on it last said it is alive: while uploading, the one receiving the file; while in
     * progress, the run holding the lease (runner_id). Awaiting its mapping: when the upload finished, which its expiry
     * counts from. Another instance reads it to expire a cut-off upload or resume an import whose run stopped.
     */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, precision: 3 }),
    /** The run of the import job that holds the lease (null: none; the next run may take it). */
    runnerId: varchar("runner_id", { length: 80 }),
    /** Why it failed, when it did. */
    errorDetails: text("error_details"),
    createdBy: varchar("created_by", { length: 150 }).notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at"),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("migration_logs_created_idx").on(t.createdAt, t.id),
    check("migration_logs_status_check", sql`${t.status} IN ('uploading', 'awaiting_mapping', 'in_progress', 'completed', 'failed', 'expired')`),
    check("migration_logs_duplicates_check", sql`${t.duplicates} IN ('skip', 'update')`),
  ],
);

/**
 * The uploaded file's rows, parsed and staged in chunks while the upload streams in, so the import job can run on any
 * instance and never needs the file. Deleted when the import finishes.
 */
export const migrationChunks = pgTable(
  "migration_chunks",
  {
    migrationId: integer("migration_id")
      .notNull()
      .references(() => migrationLogs.id, { onDelete: "cascade" }),
    chunkNo: integer("chunk_no").notNull(),
    /** The file row number of the chunk's first record (the header is row 1). */
    firstRow: integer("first_row").notNull(),
    /** The records as arrays of cell texts. */
    records: jsonb("records").$type<string[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.migrationId, t.chunkNo] })],
);

/** The rows an import could not write, for the error report. */
export const migrationErrors = pgTable(
  "migration_errors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    migrationId: integer("migration_id")
      .notNull()
      .references(() => migrationLogs.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    field: varchar("field", { length: 100 }),
    code: varchar("code", { length: 100 }).notNull(),
    message: text("message").notNull(),
    /**
     * The existing lead the row matched by email (a duplicate skipped), so the report links to it. No foreign key: a
     * lead deleted later leaves the report as it was, and deleting leads never scans this table.
     */
    leadId: integer("lead_id"),
    /** For a likely duplicate (migration.likely_duplicate): the lead the row became, to compare with lead_id's (0051). */
    importedLeadId: integer("imported_lead_id"),
  },
  (t) => [index("migration_errors_row_idx").on(t.migrationId, t.rowNumber, t.id)],
);
