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
  const result = await db.execute<{ id: number; business_name: string; email: string }>(sql`
    WITH term AS (SELECT lw_fold(${pattern}) AS folded),
    prefix AS (
      SELECT id FROM leads, term
      WHERE lw_fold(business_name) COLLATE "C" LIKE term.folded || '%'
      ORDER BY lw_fold(business_name) COLLATE "C", id
      LIMIT ${SEARCH_GROUP_LIMIT}
    ),
    anywhere AS (
      SELECT id FROM leads, term
      WHERE ${substring} AND search_text LIKE '%' || term.folded || '%'
      LIMIT ${CANDIDATES}
    ),
    candidates AS (SELECT id FROM prefix UNION SELECT id FROM anywhere)
    SELECT l.id, l.business_name, l.email
    FROM candidates c JOIN leads l ON l.id = c.id, term
    ORDER BY (c.id IN (SELECT id FROM prefix)) DESC,
             similarity(l.search_text, term.folded) DESC,
             l.id DESC
    LIMIT ${SEARCH_GROUP_LIMIT}`);
  return (result as unknown as { rows: { id: number; business_name: string; email: string }[] }).rows.map((r) => ({
    id: r.id,
    businessName: r.business_name,
    email: r.email,
  }));
}
