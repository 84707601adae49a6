import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { LeadAccessValue } from "@contract/lead-access";
import type { Database } from "../db/client";
import { rawRows } from "../db/raw-rows";
import { hasPermission, type Principal } from "./principal";

/**
 * Which leads the work under way may see and change (issue 26.5): every lead, or, for an agent when the lead access
 * setting says "own", the leads assigned to that person and the unassigned ones. Held per request (or job) in async
 * context like the actor (kernel/actor-context.ts), so a lead query cannot forget whose request it serves: every query
 * of leads writes `leadInScope(...)` into its SQL, and a query outside any request (a scheduled job, the outbox) sees
 * every lead.
 */
export type LeadScope = { readonly kind: "all" } | { readonly kind: "own"; readonly userId: number };

export const ALL_LEADS: LeadScope = { kind: "all" };

const scopeStorage = new AsyncLocalStorage<LeadScope>();

/** Runs `work` limited to `scope`; everything it awaits inherits it. */
export const runInLeadScope = <T>(scope: LeadScope, work: () => T): T => scopeStorage.run(scope, work);

/** The scope of the work under way: a request's, a job's that carries one, else every lead. */
export const currentLeadScope = (): LeadScope => scopeStorage.getStore() ?? ALL_LEADS;

/**
 * The SQL condition that a lead, whose assignee column is `assigneeId` (leads.assignee_id, or `l.assignee_id` in
 * raw SQL), is within `scope`: TRUE for every lead, else "assigned to the person or to nobody" (both served by
 * leads_assignee_idx). Put it in the WHERE of every statement that reads, counts, sums or changes leads.
 */
export function leadInScope(assigneeId: SQLWrapper, scope: LeadScope = currentLeadScope()): SQL {
  return scope.kind === "all" ? sql`TRUE` : ownOrUnassigned(assigneeId, scope.userId);
}

const ownOrUnassigned = (assigneeId: SQLWrapper, userId: number | SQLWrapper) => sql`(${assigneeId} = ${userId} OR ${assigneeId} IS NULL)`;

/**
 * A limited scope as its two parts, the person's leads and the unassigned ones, for a statement that reads them as two
 * index ranges (by assignee) and puts them together: PostgreSQL reads an OR of the two by walking a whole index.
 */
export const ownScopeParts = (assigneeId: SQLWrapper, scope: Extract<LeadScope, { kind: "own" }>): [own: SQL, unassigned: SQL] => [
  sql`${assigneeId} = ${scope.userId}`,
  sql`${assigneeId} IS NULL`,
];

/**
 * leadInScope for a statement built once per kind of scope and run for any request (db/prepared-once.ts): the person
 * is the placeholder `scopeUserId`, whose value scopePlaceholders gives at each run.
 */
export function leadInScopeOfKind(assigneeId: SQLWrapper, kind: LeadScope["kind"]): SQL {
  return kind === "all" ? sql`TRUE` : ownOrUnassigned(assigneeId, sql.placeholder("scopeUserId"));
}

/** The placeholder values of leadInScopeOfKind's condition for `scope`. */
export const scopePlaceholders = (scope: LeadScope): { scopeUserId?: number } => (scope.kind === "own" ? { scopeUserId: scope.userId } : {});

/** Whether a lead with this assignee is within `scope` (for a row already read, or an event's lead). */
export function leadAssigneeInScope(assigneeId: number | null, scope: LeadScope = currentLeadScope()): boolean {
  return scope.kind === "all" || assigneeId === null || assigneeId === scope.userId;
}

/** The lead access setting (contract/lead-access.ts). */
export type LeadAccess = LeadAccessValue;

/** The stored lead access setting as a scalar subquery, for a credential's lookup to read beside the person (Principal.leadAccess). */
export const leadAccessSetting = sql<LeadAccess>`coalesce((SELECT agents FROM lead_access_settings WHERE id = 1), 'all')`;

/** The stored lead access setting (migration 0047; one row, 'all' when missing). */
export async function readLeadAccess(db: Database): Promise<LeadAccess> {
  const [row] = await rawRows<{ agents: LeadAccess }>(db, sql`SELECT ${leadAccessSetting} AS agents`);
  return row?.agents ?? "all";
}

/**
 * The scope of a principal's requests: every lead for the public, for whoever holds leads.readAll (managers,
 * administrators), for whoever works no leads (a viewer, who owns none and reads every lead) and whenever the setting
 * is 'all'; else, for an agent, the person's own and unassigned leads. An API key acts for the staff member who made
 * it, and is held to that person's scope. The setting is read only for a principal it can limit, on each request, so
 * a change applies at once on every instance.
 */
export async function leadScopeOf(db: Database, principal: Principal | null): Promise<LeadScope> {
  if (!principal || hasPermission(principal, "leads.readAll") || !principal.user.permissions.includes("leads.write")) return ALL_LEADS;
  return (principal.leadAccess ?? (await readLeadAccess(db))) === "own" ? { kind: "own", userId: principal.user.id } : ALL_LEADS;
}
