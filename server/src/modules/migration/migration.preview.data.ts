import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import { leadInScope } from "../../kernel/lead-scope";

/** The business names of these leads, within the request's lead scope (a lead outside it is not named). */
export async function selectLeadNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rawRows<{ id: number; business_name: string }>(
    db,
    sql`SELECT l.id, l.business_name FROM leads l WHERE l.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND ${leadInScope(sql`l.assignee_id`)}`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.business_name]));
}
