import { sql } from "drizzle-orm";
import { bigint, boolean, check, customType, index, integer, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { users } from "./platform";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * A file attached to a lead. Its bytes are in attachment_chunks, in PostgreSQL: every instance and every backup has
 * them, and they are streamed in and out a chunk at a time, never held whole in memory. `complete` turns true when
 * the last chunk is stored; an upload that fails leaves nothing (its rows are deleted, or never committed).
 */
export const leadAttachments = pgTable(
  "lead_attachments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    contentType: varchar("content_type", { length: 150 }).notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    /** Hex SHA-256 of the bytes, computed while they streamed in. */
    sha256: varchar("sha256", { length: 64 }),
    complete: boolean("complete").notNull().default(false),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("lead_attachments_lead_idx").on(t.leadId, t.id), check("lead_attachments_size_check", sql`${t.sizeBytes} >= 0`)],
);

/** The bytes of an attachment in order, at most ATTACHMENT_CHUNK_BYTES each. */
export const attachmentChunks = pgTable(
  "attachment_chunks",
  {
    attachmentId: integer("attachment_id")
      .notNull()
      .references(() => leadAttachments.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.attachmentId, t.seq] })],
);
