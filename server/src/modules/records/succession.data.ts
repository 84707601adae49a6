import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { successionDocuments } from "../../db/schema";
import { todaySql } from "../../db/analytics-sql";

export async function successionAnalytics(db: Database) {
  const [row] = await rawRows<{ total_documents: number; overdue_documents: number; next_review_due: string | null }>(
    db,
    sql`SELECT count(*)::int AS total_documents,
          count(*) FILTER (WHERE review_due < ${todaySql})::int AS overdue_documents,
          (min(review_due) FILTER (WHERE review_due >= ${todaySql}))::text AS next_review_due
        FROM ${successionDocuments}`,
  );
  return row!;
}
