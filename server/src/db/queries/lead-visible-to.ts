import { sql } from "drizzle-orm";
import type { Permission } from "@contract/access-policy";
import { leadAccessSetting } from "../../kernel/lead-scope";
import type { Database } from "../client";
import { rawRows } from "../raw-rows";

const WORKS_LEADS: Permission = "leads.write";
const READS_ALL_LEADS: Permission = "leads.readAll";

/**
 * Whether a staff member other than the one asking would see the lead: leadScopeOf's rule (kernel/lead-scope.ts) read
 * from their role row instead of a signed-in principal. Someone who works leads without reading all of them sees, when
 * the lead access setting says "own", only their leads and the unassigned ones; everyone else sees every lead. A task
 * about a lead is given only to someone who can open it.
 */
export async function leadVisibleToStaff(db: Database, leadId: number, userId: number): Promise<boolean> {
  const [row] = await rawRows<{ visible: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM leads l
          WHERE l.id = ${leadId}
            AND (l.assignee_id IS NULL OR l.assignee_id = ${userId} OR ${leadAccessSetting} <> 'own'
                 OR NOT EXISTS (SELECT 1 FROM user_roles ur
                                WHERE ur.user_id = ${userId} AND ur.brand_id IS NULL
                                  AND ur.permissions @> ${JSON.stringify([WORKS_LEADS])}::jsonb
                                  AND NOT ur.permissions @> ${JSON.stringify([READS_ALL_LEADS])}::jsonb))
        ) AS visible`,
  );
  return row?.visible === true;
}
