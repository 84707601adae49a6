import type { DashboardStats } from "@contract/dashboard";
import type { Database } from "../../db/client";
import { readKpiTotals } from "../kpi/kpi.data";
import { leadsByStatus, leadsPerWeek } from "./dashboard.data";

export async function dashboardStats(db: Database): Promise<DashboardStats> {
  const [kpi, byStatus, perWeek] = await Promise.all([readKpiTotals(db), leadsByStatus(db), leadsPerWeek(db)]);
  return {
    ytd: kpi.totalYtd,
    mrr: kpi.totalMrr,
    totalLeads: byStatus.reduce((sum, s) => sum + s.count, 0),
    // The affiliate programme's tables arrive with its own area; until then there is nothing to count.
    activeAffiliates: null,
    leadsPerWeek: perWeek,
    leadsByStatus: byStatus,
  };
}
