import { and, count, desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { proposesFix, type AiRepairLog, type Issue, type IssueStatus } from "@contract/issues";
import type { Database } from "../../db/client";
import type { KeysetPosition } from "../../kernel/http/csv-export";
import { technicalIssues } from "../../db/schema";
import { escapeLike } from "../../lib/like-pattern";
import { foldTerm } from "../../db/fold";
import { leadInScope } from "../../kernel/lead-scope";

// The generated search and context columns serve the indexes; they are never part of an answer.
const { searchText: _searchText, contextVector: _contextVector, ...issueColumns } = getTableColumns(technicalIssues);

type IssueRow = { [K in keyof typeof issueColumns]: (typeof technicalIssues.$inferSelect)[K] };
type RepairFailure = NonNullable<Issue["repairFailure"]>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toIssue(row: IssueRow): Issue {
  return {
    ...row,
    status: row.status as IssueStatus,
    // Only this module writes these columns, always in the contract's shapes.
    aiRepairLog: row.aiRepairLog as AiRepairLog | null,
    repairFailure: row.repairFailure as RepairFailure | null,
    approvalTimestamp: iso(row.approvalTimestamp),
    reviewedAt: iso(row.reviewedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * An issue is seen by a request when it is tied to no lead, or to a lead within the request's lead scope (issue
 * 26.5): an issue of a lead the reader may not see is not found and not listed, as the lead itself.
 */
const issueLeadInScope = () =>
  sql`(${technicalIssues.leadId} IS NULL OR EXISTS (SELECT 1 FROM leads l WHERE l.id = ${technicalIssues.leadId} AND ${leadInScope(sql`l.assignee_id`)}))`;

/**
 * Stores a reported issue, linked to the lead whose email matches the reporter's in any letter case, among the leads
 * the request may see: an agent limited to their own leads never links (and so learns of) another agent's lead.
 */
export async function insertIssue(db: Database, values: { email: string; description: string; screenshotUrl: string | null }): Promise<Issue> {
  const [row] = await db
    .insert(technicalIssues)
    .values({
      ...values,
      // lower(email) on both sides, so the lookup uses the leads' lower(email) index.
      leadId: sql`(SELECT l.id FROM leads l WHERE lower(l.email) = lower(${values.email}) AND ${leadInScope(sql`l.assignee_id`)} ORDER BY l.id LIMIT 1)`,
    })
    .returning(issueColumns);
  return toIssue(row!);
}

export async function findIssue(db: Database, id: number): Promise<Issue | undefined> {
  const [row] = await db
    .select(issueColumns)
    .from(technicalIssues)
    .where(and(eq(technicalIssues.id, id), issueLeadInScope()));
  return row && toIssue(row);
}

/** Reads an issue and holds its row until the transaction ends, so a decision is taken on what is current. */
export async function lockIssue(db: Database, id: number): Promise<Issue | undefined> {
  const [row] = await db
    .select(issueColumns)
    .from(technicalIssues)
    .where(and(eq(technicalIssues.id, id), issueLeadInScope()))
    .for("update");
  return row && toIssue(row);
}

/** Case- and accent-insensitive substring of the description, through the trigram index on search_text. */
function descriptionContains(q: string): SQL {
  // The folded parameter is written inline (not read from a CTE) so the planner sees a constant pattern.
  return sql`${technicalIssues.searchText} LIKE '%' || ${foldTerm(escapeLike(q))} || '%'`;
}

export interface IssueFilter {
  q?: string | undefined;
  status?: IssueStatus | undefined;
}

function filterConditions(filter: IssueFilter): SQL[] {
  const conditions: SQL[] = [issueLeadInScope()];
  if (filter.q) conditions.push(descriptionContains(filter.q));
  if (filter.status) conditions.push(eq(technicalIssues.status, filter.status));
  return conditions;
}

/** One page, newest first, and how many match in all. */
export async function listIssues(db: Database, filter: IssueFilter, limit: number, offset: number): Promise<{ issues: Issue[]; total: number }> {
  const where = and(...filterConditions(filter));
  const [rows, [counted]] = await Promise.all([
    db.select(issueColumns).from(technicalIssues).where(where).orderBy(desc(technicalIssues.createdAt), desc(technicalIssues.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(technicalIssues).where(where),
  ]);
  return { issues: rows.map(toIssue), total: counted?.total ?? 0 };
}

export const ISSUE_EXPORT_HEADER = [
  "ID", "Reported", "Status", "Reporter email", "Lead ID", "Description", "Screenshot URL", "Proposal", "Reviewed by", "Reviewed", "Reviewer notes", "Updated",
] as const;

type IssueExportRow = IssueRow & { sortKey: string };

/** An issue export row's cells, in the order of ISSUE_EXPORT_HEADER; the proposal is its summary (the diff stays on screen). */
export const issueExportCells = (row: IssueExportRow) => [
  row.id,
  row.createdAt,
  row.status,
  row.email,
  row.leadId,
  row.description,
  row.screenshotUrl,
  (row.aiRepairLog as AiRepairLog | null)?.summary ?? null,
  row.reviewedBy,
  row.reviewedAt,
  row.manualNotes,
  row.updatedAt,
];

/** One keyset batch of the issues the filter matches, newest first like the list, after `after`. */
export async function readIssueExportBatch(db: Database, filter: IssueFilter, after: KeysetPosition | null, limit: number): Promise<IssueExportRow[]> {
  const conditions = filterConditions(filter);
  if (after) conditions.push(sql`(${technicalIssues.createdAt}, ${technicalIssues.id}) < (${after.key}::timestamptz, ${after.id})`);
  return db
    .select({ ...issueColumns, sortKey: sql<string>`${technicalIssues.createdAt}::text` })
    .from(technicalIssues)
    .where(and(...conditions))
    .orderBy(desc(technicalIssues.createdAt), desc(technicalIssues.id))
    .limit(limit);
}

async function updateIssue(db: Database, id: number, changes: PgUpdateSetSource<typeof technicalIssues>, onlyWhenOpen = false): Promise<Issue | undefined> {
  const [row] = await db
    .update(technicalIssues)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(onlyWhenOpen ? and(eq(technicalIssues.id, id), eq(technicalIssues.status, "open")) : eq(technicalIssues.id, id))
    .returning(issueColumns);
  return row && toIssue(row);
}

export const recordApproval = (db: Database, id: number, review: { manualNotes: string | null; reviewedBy: string }) =>
  updateIssue(db, id, {
    status: "approved",
    manualNotes: review.manualNotes,
    reviewedBy: review.reviewedBy,
    approvalTimestamp: sql`now()`,
    reviewedAt: sql`now()`,
  });

export const recordRejection = (db: Database, id: number, review: { notes: string | null; reviewedBy: string }) =>
  updateIssue(db, id, { status: "rejected", manualNotes: review.notes, reviewedBy: review.reviewedBy, reviewedAt: sql`now()` });

/**
 * Back to open for a fresh proposal: the previous proposal and failure go (so nothing stale can be approved while
 * the new one is prepared); the last review stays, and its notes guide the next proposal.
 */
export const reopenIssue = (db: Database, id: number) =>
  updateIssue(db, id, { status: "open", aiRepairLog: null, repairFailure: null, approvalRequested: false });

/**
 * Writes a proposal only while the issue is still open: a late job never overwrites a decision. Approval is
 * requested only when the log proposes a fix; a list of related fixes made without a model awaits review too.
 */
export async function storeRepairProposal(db: Database, id: number, log: AiRepairLog): Promise<boolean> {
  const updated = await updateIssue(db, id, { status: "awaiting_review", aiRepairLog: log, repairFailure: null, approvalRequested: proposesFix(log) }, true);
  return updated !== undefined;
}

export async function storeRepairFailure(db: Database, id: number, failure: RepairFailure): Promise<boolean> {
  const updated = await updateIssue(db, id, { status: "failed", repairFailure: failure }, true);
  return updated !== undefined;
}
