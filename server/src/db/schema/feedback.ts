import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

export const feedback = pgTable(
  "feedback",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userEmail: varchar("user_email", { length: 150 }).notNull(),
    type: varchar("type", { length: 30 }).notNull().default("General"),
    description: text("description").notNull(),
    screenshotUrl: text("screenshot_url"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt, t.id)],
);
