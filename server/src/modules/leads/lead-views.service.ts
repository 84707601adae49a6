import { z } from "zod";
import type { LeadColumnId } from "@contract/lead-table";
import { LEAD_VIEW_SHARE_PERMISSION, leadViewInputSchema, storedLeadViewQuery, type LeadView } from "@contract/lead-views";
import type { LeadSortField } from "@contract/leads";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { conflict, forbidden, notFound } from "../../kernel/http/errors";
import { hasPermission, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import {
  deleteDefault,
  deleteView,
  insertView,
  ownerHasViewNamed,
  selectVisibleView,
  selectVisibleViews,
  staffMatching,
  updateView,
  upsertDefault,
  type LeadViewRow,
} from "./lead-views.data";

/*
 * Saved views (issue 26.2). A view changes no lead, so it writes an audit row but no domain event or timeline entry:
 * nothing outside (automations, webhooks, live refresh of lead screens) acts on a person's table settings.
 */

type ViewInput = z.output<typeof leadViewInputSchema>;
const mayShare = (principal: Principal) => hasPermission(principal, LEAD_VIEW_SHARE_PERMISSION);
/** The owner may change a view; a manager or above may change a shared one too. */
const mayEdit = (principal: Principal, row: LeadViewRow) => row.ownerId === principal.user.id || (row.shared && mayShare(principal));

function toLeadView(principal: Principal, row: LeadViewRow): LeadView {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    query: row.query,
    sort: row.sort as LeadSortField,
    dir: row.dir as LeadView["dir"],
    columns: row.columns as LeadColumnId[],
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    mine: row.ownerId === principal.user.id,
    isDefault: row.isDefault,
    canEdit: mayEdit(principal, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const values = (input: ViewInput) => ({
  name: input.name,
  shared: input.shared,
  query: storedLeadViewQuery(input.query) as Record<string, string | string[]>,
  sort: input.sort,
  dir: input.dir,
  columns: [...input.columns],
});

/** A stored assignee value the list still takes: a staff id, 'me' or 'none'. */
const currentAssigneeValue = (value: string) => /^(\d+|me|none)$/i.test(value.trim());
const assigneeValues = (row: LeadViewRow): string[] => {
  const stored = (row.query as Record<string, string | string[] | undefined>).assignee;
  return stored === undefined ? [] : typeof stored === "string" ? [stored] : stored;
};

/**
 * Views saved when the assignee filter took a person's name keep working: each name (or email) that matches one
 * member of staff is answered as that person's id. A name matching nobody, or several people, stays as it was: the
 * list answers 400 naming assignee when it is applied, so the person sees the filter to fix rather than other leads.
 */
async function withAssigneeIds(db: Database, rows: LeadViewRow[]): Promise<LeadViewRow[]> {
  const names = [...new Set(rows.flatMap(assigneeValues).filter((value) => !currentAssigneeValue(value)))];
  if (names.length === 0) return rows;
  const ids = await staffMatching(db, names);
  return rows.map((row) => {
    const values = assigneeValues(row);
    if (values.every(currentAssigneeValue)) return row;
    const mapped = values.map((value) => (ids.has(value) ? String(ids.get(value)) : value));
    const assignee = typeof (row.query as Record<string, unknown>).assignee === "string" ? mapped[0]! : mapped;
    return { ...row, query: { ...(row.query as Record<string, string | string[]>), assignee } };
  });
}

const audit = (db: Database, principal: Principal, action: string) => recordAudit(db, { userEmail: actorLabel(principal), userId: principal.user.id, action });

export const listViews = async (db: Database, principal: Principal) =>
  (await withAssigneeIds(db, await selectVisibleViews(db, principal.user.id))).map((row) => toLeadView(principal, row));

async function visibleOr404(db: Database, principal: Principal, id: number): Promise<LeadViewRow> {
  const row = await selectVisibleView(db, principal.user.id, id);
  if (!row) throw notFound("lead_view.not_found");
  return (await withAssigneeIds(db, [row]))[0]!;
}

export async function createView(db: Database, principal: Principal, input: ViewInput): Promise<LeadView> {
  if (input.shared && !mayShare(principal)) throw forbidden("lead_view.share_forbidden");
  return inTransaction(db, async (tx) => {
    if (await ownerHasViewNamed(tx, principal.user.id, input.name)) throw conflict("lead_view.name_taken", { field: "name", params: { name: input.name } });
    const id = await insertView(tx, principal.user.id, values(input));
    await audit(tx, principal, input.shared ? "lead_view.share" : "lead_view.create");
    return toLeadView(principal, await visibleOr404(tx, principal, id));
  });
}

export async function replaceView(db: Database, principal: Principal, id: number, input: ViewInput): Promise<LeadView> {
  return inTransaction(db, async (tx) => {
    const row = await visibleOr404(tx, principal, id);
    if (!mayEdit(principal, row)) throw forbidden("lead_view.edit_forbidden");
    if (input.shared && !row.shared && !mayShare(principal)) throw forbidden("lead_view.share_forbidden");
    if (await ownerHasViewNamed(tx, row.ownerId, input.name, id)) throw conflict("lead_view.name_taken", { field: "name", params: { name: input.name } });
    await updateView(tx, id, values(input));
    await audit(tx, principal, input.shared && !row.shared ? "lead_view.share" : "lead_view.update");
    return toLeadView(principal, await visibleOr404(tx, principal, id));
  });
}

export async function removeView(db: Database, principal: Principal, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await visibleOr404(tx, principal, id);
    if (!mayEdit(principal, row)) throw forbidden("lead_view.edit_forbidden");
    await deleteView(tx, id);
    await audit(tx, principal, "lead_view.delete");
  });
}

export async function setDefaultView(db: Database, principal: Principal, id: number): Promise<LeadView> {
  return inTransaction(db, async (tx) => {
    await visibleOr404(tx, principal, id);
    await upsertDefault(tx, principal.user.id, id);
    return toLeadView(principal, await visibleOr404(tx, principal, id));
  });
}

export const clearDefaultView = (db: Database, principal: Principal) => deleteDefault(db, principal.user.id);
