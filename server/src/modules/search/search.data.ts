import { sql } from "drizzle-orm";
import { SEARCH_GROUP_LIMIT } from "@contract/search";
import type { Database } from "../../db/client";
import { escapeLike } from "../../lib/like-pattern";

// Ranking looks at a bounded set of substring matches, so a term that matches half the table costs the same as a rare one.
const CANDIDATES = 200;

/**
 * The best leads for a term: business names starting with it first (the name index's prefix order), then
 * other substring matches (the trigram index) by trigram similarity.
 */
export async function topLeads(db: Database, q: string) {
  const pattern = escapeLike(q);
  const substring = [...q].length >= 3;
  // The folded term is written out in each clause rather than read from a CTE: only an expression of the
  // parameter is a constant at plan time, which the index needs to use the LIKE prefix.
  const result = await db.execute<{ id: number; business_name: string; email: string }>(sql`
    WITH prefix AS (
      SELECT id FROM leads
      WHERE lw_fold(business_name) COLLATE "C" LIKE lw_fold(${pattern}) || '%'
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT ${SEARCH_GROUP_LIMIT}
    ),
    anywhere AS (
      SELECT id FROM leads
      WHERE ${substring} AND search_text LIKE '%' || lw_fold(${pattern}) || '%'
      LIMIT ${CANDIDATES}
    ),
    candidates AS (SELECT id FROM prefix UNION SELECT id FROM anywhere)
    SELECT l.id, l.business_name, l.email
    FROM candidates c JOIN leads l ON l.id = c.id
    ORDER BY (c.id IN (SELECT id FROM prefix)) DESC,
             similarity(l.search_text, lw_fold(${q})) DESC,
             l.id DESC
    LIMIT ${SEARCH_GROUP_LIMIT}`);
  return (result as unknown as { rows: { id: number; business_name: string; email: string }[] }).rows.map((r) => ({
    id: r.id,
    businessName: r.business_name,
    email: r.email,
  }));
}
