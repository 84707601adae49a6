import type { KpiRecord, kpiSyncBodySchema, LeadKpi } from "@contract/kpi";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { recordAudit } from "../../kernel/audit";
import { actorLabel } from "../../kernel/actor";
import type { Principal } from "../../kernel/principal";
import { emitEvent } from "../../kernel/events";
import { requireLeadInScope } from "../../kernel/lead-gone";
import { inTransaction } from "../../kernel/transaction";
import { deleteKpiRow, findKpi, findKpiOfLead, findLeadIdByEmail, upsertKpi } from "./kpi.data";

export async function syncKpi(
  db: Database,
  body: z.output<typeof kpiSyncBodySchema>,
  principal: Principal,
  meta: RequestMeta,
): Promise<KpiRecord> {
  const id = await inTransaction(db, async (tx) => {
    const leadId = await findLeadIdByEmail(tx, body.email);
    if (leadId === undefined) throw notFound("kpi.no_lead_with_email", { field: "email" });
    const kpiId = await upsertKpi(tx, leadId, { ytdRevenue: body.ytdRevenue, mrr: body.mrr, topProducts: body.topProducts });
    await emitEvent(tx, "kpi.synced", { kpiId, leadId, ytdRevenue: body.ytdRevenue, mrr: body.mrr });
    await recordAudit(tx, {
      userEmail: actorLabel(principal),
      action: "kpi.sync",
      message: { code: "kpi.synced", params: { leadId, ytdRevenue: body.ytdRevenue, mrr: body.mrr, products: body.topProducts.length } },
      meta,
    });
    return kpiId;
  });
  return getKpi(db, id);
}

export async function getKpi(db: Database, id: number): Promise<KpiRecord> {
  const record = await findKpi(db, id);
  if (!record) throw notFound("kpi.not_found");
  return record;
}

/** A lead's KPI record for its page; without one, the lead must still exist in the caller's scope (404 or 410 otherwise). */
export async function getLeadKpi(db: Database, leadId: number): Promise<LeadKpi> {
  const record = await findKpiOfLead(db, leadId);
  if (!record) await requireLeadInScope(db, leadId);
  return { record: record ?? null };
}

export async function deleteKpi(db: Database, id: number, principal: Principal, meta: RequestMeta): Promise<void> {
  await inTransaction(db, async (tx) => {
    const removed = await deleteKpiRow(tx, id);
    if (!removed) throw notFound("kpi.not_found");
    await recordAudit(tx, { userEmail: actorLabel(principal), action: "kpi.delete", message: { code: "kpi.deleted", params: { kpiId: id, leadId: removed.leadId } }, meta });
  });
}
