import type { DashboardStats } from "@contract/dashboard";
import type { Database } from "../../db/client";
import { countActiveAffiliates } from "../affiliates/affiliates.data";
import { readKpiTotals } from "../kpi/kpi.data";
import { leadsByStatus, leadsPerWeek } from "./dashboard.data";

export async function dashboardStats(db: Database): Promise<DashboardStats> {
  const [kpi, byStatus, perWeek, activeAffiliates] = await Promise.all([readKpiTotals(db), leadsByStatus(db), leadsPerWeek(db), countActiveAffiliates(db)]);
  return {
    ytd: kpi.totalYtd,
    mrr: kpi.totalMrr,
    totalLeads: byStatus.reduce((sum, s) => sum + s.count, 0),
    activeAffiliates,
    leadsPerWeek: perWeek,
    leadsByStatus: byStatus,
  };
}
