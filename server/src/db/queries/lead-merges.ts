import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { rawRows } from "../raw-rows";

/**
 * The lead a merged-away lead's id now points to (lead_merges, migration 0044), or undefined for an id that was never
 * merged away. Read by every area that answers about one lead, so an old link to a merged lead answers 410 with where
 * its data went instead of 404.
 */
export async function mergedInto(db: Database, id: number): Promise<number | undefined> {
  const [row] = await rawRows<{ keptId: number }>(db, sql`SELECT kept_id AS "keptId" FROM lead_merges WHERE merged_id = ${id}`);
  return row ? Number(row.keptId) : undefined;
}
