import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Notes staff write on a lead: Markdown, rendered safely; at most one pinned per lead. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    index("lead_notes_lead_idx").on(t.leadId, t.id),
    // Global search finds notes by their words.
    index("lead_notes_body_trgm_idx").using("gin", sql`lw_fold(${t.body}) gin_trgm_ops`),
    check("lead_notes_body_check", sql`length(${t.body}) BETWEEN 1 AND 20000`),
  ],
);
