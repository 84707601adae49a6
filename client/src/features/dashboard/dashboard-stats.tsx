import { DollarSign, Handshake, TrendingUp, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { DashboardStats as Stats } from "@contract/dashboard";
import { StatCardGrid } from "@/components/stat-card-grid";
import { useFormatters } from "@/lib/use-formatters";

/** The four figures at the top of the dashboard (spec §2 Dashboard); missing values count as 0. */
export function DashboardStats({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const totalLeads = typeof stats.totalLeads === "number" ? stats.totalLeads : 0;
  const affiliates = typeof stats.activeAffiliates === "number" ? stats.activeAffiliates : 0;

  return (
    <StatCardGrid
      cards={[
        {
          title: t("dashboard.stats.totalLeads"),
          value: format.number(totalLeads),
          caption: t("dashboard.stats.totalLeadsCaption"),
          icon: Users,
          "data-testid": "stat-total-leads",
        },
        {
          title: t("dashboard.stats.activeAffiliates"),
          value: format.number(affiliates),
          caption: t("dashboard.stats.activeAffiliatesCaption"),
          icon: Handshake,
          "data-testid": "stat-active-affiliates",
        },
        {
          title: t("dashboard.stats.totalRevenue"),
          value: format.usdThousands(stats.ytd),
          caption: t("dashboard.stats.totalRevenueCaption"),
          icon: DollarSign,
          "data-testid": "stat-total-revenue",
        },
        {
          title: t("dashboard.stats.monthlyMrr"),
          value: format.usdThousands(stats.mrr),
          caption: t("dashboard.stats.monthlyMrrCaption"),
          icon: TrendingUp,
          "data-testid": "stat-monthly-mrr",
        },
      ]}
    />
  );
}
