import type { DashboardStats } from "@contract/dashboard";
import { LeadsByStatusChart } from "./leads-by-status-chart";
import { LeadsPerWeekChart } from "./leads-per-week-chart";

/** Both charts, in their own chunk: the chart library loads after the figures are on screen. */
export default function DashboardCharts({ stats }: { stats: DashboardStats }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <LeadsPerWeekChart weeks={Array.isArray(stats.leadsPerWeek) ? stats.leadsPerWeek : []} />
      <LeadsByStatusChart byStatus={Array.isArray(stats.leadsByStatus) ? stats.leadsByStatus : []} />
    </div>
  );
}
