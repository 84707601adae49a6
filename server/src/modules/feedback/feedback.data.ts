import { desc } from "drizzle-orm";
import type { Feedback } from "@contract/feedback";
import type { Database } from "../../db/client";
import { feedback } from "../../db/schema";

type Row = typeof feedback.$inferSelect;

const toFeedback = (row: Row): Feedback => ({ ...row, type: row.type as Feedback["type"], createdAt: row.createdAt.toISOString() });

export async function insertFeedback(db: Database, values: { userEmail: string; type: string; description: string; screenshotUrl: string | null }): Promise<Feedback> {
  const [row] = await db.insert(feedback).values(values).returning();
  return toFeedback(row!);
}

export async function listFeedback(db: Database, limit: number): Promise<Feedback[]> {
  const rows = await db.select().from(feedback).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(limit);
  return rows.map(toFeedback);
}
