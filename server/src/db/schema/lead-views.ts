import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A saved view of the leads table (migration 0042): filters as a client sends them, sort, columns in order. */
export const leadViews = pgTable(
  "lead_views",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 60 }).notNull(),
    shared: boolean("shared").notNull().default(false),
    query: jsonb("query").$type<Record<string, string | string[]>>().notNull().default(sql`'{}'::jsonb`),
    sort: varchar("sort", { length: 30 }).notNull(),
    dir: varchar("dir", { length: 4 }).notNull(),
    columns: text("columns").array().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lead_views_owner_name_idx").on(t.ownerId, sql`lower(${t.name})`),
    index("lead_views_shared_idx").on(t.shared).where(sql`${t.shared}`),
    check("lead_views_dir_check", sql`${t.dir} IN ('asc', 'desc')`),
  ],
);

/** Each person's default view (their own or a shared one). */
export const leadViewDefaults = pgTable(
  "lead_view_defaults",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    viewId: integer("view_id")
      .notNull()
      .references(() => leadViews.id, { onDelete: "cascade" }),
  },
  (t) => [index("lead_view_defaults_view_idx").on(t.viewId)],
);
