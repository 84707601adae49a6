import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Feedback, FeedbackExportQuery } from "@contract/feedback";
import type { Database } from "../../db/client";
import type { KeysetPosition } from "../../kernel/http/csv-export";
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

export const FEEDBACK_EXPORT_HEADER = ["ID", "Submitted", "Type", "From", "Description", "Screenshot URL"] as const;

type FeedbackExportRow = Row & { sortKey: string };

/** A feedback export row's cells, in the order of FEEDBACK_EXPORT_HEADER. */
export const feedbackExportCells = (row: FeedbackExportRow) => [row.id, row.createdAt, row.type, row.userEmail, row.description, row.screenshotUrl];

/** One keyset batch of feedback, newest first like the list, after `after`. */
export async function readFeedbackExportBatch(db: Database, filter: FeedbackExportQuery, after: KeysetPosition | null, limit: number): Promise<FeedbackExportRow[]> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(feedback.type, filter.type));
  if (after) conditions.push(sql`(${feedback.createdAt}, ${feedback.id}) < (${after.key}::timestamptz, ${after.id})`);
  return db
    .select({ id: feedback.id, userEmail: feedback.userEmail, type: feedback.type, description: feedback.description, screenshotUrl: feedback.screenshotUrl, createdAt: feedback.createdAt, sortKey: sql<string>`${feedback.createdAt}::text` })
    .from(feedback)
    .where(and(...conditions))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
}
