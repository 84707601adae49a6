import type { KpiRecord, kpiSyncBodySchema } from "@contract/kpi";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { HttpError, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { recordAudit } from "../../kernel/audit";
import { actorLabel } from "../../kernel/actor";
import type { Principal } from "../../kernel/principal";
import { findLeadIdByEmail } from "../leads/leads.data";
import { deleteKpiRow, findKpi, upsertKpi } from "./kpi.data";

export const NO_LEAD_WITH_EMAIL = "No lead with this email";

export async function syncKpi(
  db: Database,
  body: z.output<typeof kpiSyncBodySchema>,
  principal: Principal,
  meta: RequestMeta,
): Promise<KpiRecord> {
  const id = await db.transaction(async (tx) => {
    const leadId = await findLeadIdByEmail(tx as unknown as Database, body.email);
    if (leadId === undefined) throw new HttpError(404, NO_LEAD_WITH_EMAIL, { email: NO_LEAD_WITH_EMAIL });
    const kpiId = await upsertKpi(tx as unknown as Database, leadId, { ytdRevenue: body.ytdRevenue, mrr: body.mrr, topProducts: body.topProducts });
    await recordAudit(tx as unknown as Database, {
      userEmail: actorLabel(principal),
      action: "kpi.sync",
      details: `Lead #${leadId}: YTD ${body.ytdRevenue}, MRR ${body.mrr}, ${body.topProducts.length} products`,
      meta,
    });
    return kpiId;
  });
  return getKpi(db, id);
}

export async function getKpi(db: Database, id: number): Promise<KpiRecord> {
  const record = await findKpi(db, id);
  if (!record) throw notFound("KPI record not found");
  return record;
}

export async function deleteKpi(db: Database, id: number, principal: Principal, meta: RequestMeta): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteKpiRow(tx as unknown as Database, id);
    if (!removed) throw notFound("KPI record not found");
    await recordAudit(tx as unknown as Database, { userEmail: actorLabel(principal), action: "kpi.delete", details: `KPI #${id} of lead #${removed.leadId}`, meta });
  });
}
