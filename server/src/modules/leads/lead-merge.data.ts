import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { leadColumns } from "../../db/queries/lead-record";
import { rawRows } from "../../db/raw-rows";
import { leads } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

export type MergeLeadRow = typeof leads.$inferSelect;

/**
 * Both leads of a merge, locked in id order (two merges of the same pair wait for each other instead of deadlocking).
 * The lock also holds back every insert that references either lead (a note, a task) until the merge commits. A lead
 * outside the request's lead scope is not found: both must be within it.
 */
export async function lockMergePair(db: Database, keptId: number, otherId: number): Promise<{ kept?: MergeLeadRow; other?: MergeLeadRow }> {
  const rows = await db
    .select(leadColumns)
    .from(leads)
    .where(and(inArray(leads.id, [keptId, otherId]), leadInScope(leads.assigneeId)))
    .orderBy(asc(leads.id))
    .for("update");
  return { kept: rows.find((row) => row.id === keptId) as MergeLeadRow | undefined, other: rows.find((row) => row.id === otherId) as MergeLeadRow | undefined };
}

export interface KpiRow {
  id: number;
  ytdRevenue: string;
  mrr: string;
  topProducts: unknown[];
  updatedAt: string;
}

export interface ReferralRow {
  id: number;
  affiliateId: number;
  source: string;
  referredAt: string;
  commissions: { id: number; amount: string; status: string }[];
}

/** Each lead's KPI row (at most one, kpi_metrics_lead_idx) and referral (at most one) with its commissions. */
export async function selectMergeAttachments(db: Database, leadId: number): Promise<{ kpi: KpiRow | null; referral: ReferralRow | null }> {
  const [row] = await rawRows<{ kpi: KpiRow | null; referral: ReferralRow | null }>(
    db,
    sql`SELECT
      (SELECT jsonb_build_object('id', k.id, 'ytdRevenue', k.ytd_revenue::text, 'mrr', k.mrr::text, 'topProducts', k.top_products, 'updatedAt', k.updated_at)
         FROM kpi_metrics k WHERE k.lead_id = ${leadId}) AS kpi,
      (SELECT jsonb_build_object('id', r.id, 'affiliateId', r.affiliate_id, 'source', r.source, 'referredAt', r.referred_at,
                'commissions', coalesce((SELECT jsonb_agg(jsonb_build_object('id', c.id, 'amount', c.amount::text, 'status', c.status) ORDER BY c.id)
                                           FROM affiliate_commissions c WHERE c.referral_id = r.id), '[]'::jsonb))
         FROM affiliate_referrals r WHERE r.lead_id = ${leadId}) AS referral`,
  );
  return { kpi: row?.kpi ?? null, referral: row?.referral ?? null };
}

/** How many records of each kind moved to the kept lead (the reply's `moved`). */
export interface MovedCounts {
  tasks: number;
  notes: number;
  attachments: number;
  emails: number;
  issues: number;
  automationRuns: number;
  surveys: number;
  importErrors: number;
  mergedLeads: number;
  kpi: number;
  referrals: number;
  commissions: number;
}

/**
 * Moves every record of the other lead to the kept one in one statement: tasks, notes, attachments, emails, technical
 * issues, automation runs, NPS invitations, the import reports' links and the leads merged into the other earlier (their pointers now name the kept lead). The KPI row moves only when the kept lead has none, the
 * referral (with its commissions) only when the kept lead was not referred: one of each per lead, so nothing is summed
 * or credited twice. What stays behind goes with the other lead's row (ON DELETE CASCADE).
 */
export async function moveLeadRecords(db: Database, keptId: number, otherId: number, moveKpi: boolean, moveReferral: boolean): Promise<MovedCounts> {
  const [row] = await rawRows<Record<keyof MovedCounts, number | string>>(
    db,
    sql`WITH
      tasks AS (UPDATE tasks SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      notes AS (UPDATE lead_notes SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      attachments AS (UPDATE lead_attachments SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      emails AS (UPDATE mail_outbox SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      issues AS (UPDATE technical_issues SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      runs AS (UPDATE automation_runs SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      surveys AS (UPDATE nps_invitations SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      import_errors AS (UPDATE migration_errors SET lead_id = ${keptId} WHERE lead_id = ${otherId} RETURNING 1),
      merged AS (UPDATE lead_merges SET kept_id = ${keptId} WHERE kept_id = ${otherId} RETURNING 1),
      kpi AS (UPDATE kpi_metrics SET lead_id = ${keptId} WHERE lead_id = ${otherId} AND ${moveKpi} RETURNING 1),
      referrals AS (UPDATE affiliate_referrals SET lead_id = ${keptId} WHERE lead_id = ${otherId} AND ${moveReferral} RETURNING 1),
      commissions AS (UPDATE affiliate_commissions SET lead_id = ${keptId} WHERE lead_id = ${otherId} AND ${moveReferral} RETURNING 1)
    SELECT (SELECT count(*) FROM tasks) AS "tasks", (SELECT count(*) FROM notes) AS "notes",
           (SELECT count(*) FROM attachments) AS "attachments", (SELECT count(*) FROM emails) AS "emails",
           (SELECT count(*) FROM issues) AS "issues", (SELECT count(*) FROM runs) AS "automationRuns",
           (SELECT count(*) FROM surveys) AS "surveys", (SELECT count(*) FROM import_errors) AS "importErrors",
           (SELECT count(*) FROM merged) AS "mergedLeads",
           (SELECT count(*) FROM kpi) AS "kpi", (SELECT count(*) FROM referrals) AS "referrals",
           (SELECT count(*) FROM commissions) AS "commissions"`,
  );
  const n = (kind: keyof MovedCounts) => Number(row![kind]);
  return {
    tasks: n("tasks"),
    notes: n("notes"),
    attachments: n("attachments"),
    emails: n("emails"),
    issues: n("issues"),
    automationRuns: n("automationRuns"),
    surveys: n("surveys"),
    importErrors: n("importErrors"),
    mergedLeads: n("mergedLeads"),
    kpi: n("kpi"),
    referrals: n("referrals"),
    commissions: n("commissions"),
  };
}

/** The merged-away id's pointer to the kept lead, with its values (its row, KPI data and referral) as its history. */
export async function insertMergeRecord(
  db: Database,
  record: { mergedId: number; keptId: number; mergedBy: number | null; values: Record<string, unknown>; chosen: Record<string, string> },
): Promise<void> {
  await rawRows(
    db,
    sql`INSERT INTO lead_merges (merged_id, kept_id, merged_by, merged_values, chosen_fields)
        VALUES (${record.mergedId}, ${record.keptId}, ${record.mergedBy}, ${JSON.stringify(record.values)}::jsonb, ${JSON.stringify(record.chosen)}::jsonb)
        RETURNING merged_id`,
  );
}

export async function deleteMergedLead(db: Database, id: number): Promise<void> {
  await db.delete(leads).where(eq(leads.id, id));
}

export async function updateKeptLead(db: Database, id: number, patch: Partial<typeof leads.$inferInsert>): Promise<void> {
  await db
    .update(leads)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(leads.id, id));
}

/**
 * The merge is one entry on the kept lead's timeline, and the other lead's history joins the kept lead's. The entries
 * this transaction's moves and changes made (each moved record's "unlinked"/"linked", the other lead's "deleted", the
 * kept lead's "changed": rows whose xmin is this transaction) are removed; the other lead's earlier entries, written by
 * other transactions, are re-pointed to the kept lead (disjoint from the removed ones, so one statement does both);
 * then one "merged" entry names the other lead and the fields that changed. Answers how many entries moved.
 */
export async function writeMergeTimeline(
  db: Database,
  keptId: number,
  otherId: number,
  changes: { field: string; from: unknown; to: unknown }[],
  subject: Record<string, unknown>,
): Promise<number> {
  const [row] = await rawRows<{ moved: number | string }>(
    db,
    sql`WITH removed AS (
          DELETE FROM lead_timeline WHERE lead_id IN (${keptId}, ${otherId}) AND xmin = pg_current_xact_id()::xid RETURNING 1
        ), moved AS (
          UPDATE lead_timeline SET lead_id = ${keptId} WHERE lead_id = ${otherId} AND xmin <> pg_current_xact_id()::xid RETURNING 1
        ), entry AS (
          INSERT INTO lead_timeline (lead_id, kind, actor, changes, subject)
          SELECT ${keptId}, 'merged', lw_timeline_actor(), ${changes.length > 0 ? JSON.stringify(changes) : null}::jsonb,
                 ${JSON.stringify(subject)}::jsonb || jsonb_build_object('moved', (SELECT count(*) FROM moved))
          FROM (SELECT count(*) FROM removed) AS done
          RETURNING id
        )
        SELECT (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM entry) AS written`,
  );
  return Number(row!.moved);
}
