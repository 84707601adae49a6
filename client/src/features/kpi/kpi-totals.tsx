import { DollarSign, TrendingUp, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { KpiTotals as Totals } from "@contract/kpi";
import { StatCardGrid } from "@/components/stat-card-grid";
import { useFormatters } from "@/lib/use-formatters";

/** Total YTD Revenue and Total MRR in thousands of dollars, and how many leads have KPI data. */
export function KpiTotals({ totals }: { totals: Totals }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <StatCardGrid
      cards={[
        {
          title: t("kpi.totals.ytd"),
          value: format.usdThousands(totals.totalYtd),
          caption: t("kpi.totals.ytdCaption"),
          icon: DollarSign,
          "data-testid": "kpi-total-ytd",
        },
        {
          title: t("kpi.totals.mrr"),
          value: format.usdThousands(totals.totalMrr),
          caption: t("kpi.totals.mrrCaption"),
          icon: TrendingUp,
          "data-testid": "kpi-total-mrr",
        },
        {
          title: t("kpi.totals.leadsWithKpi"),
          value: format.number(totals.leadsWithKpi),
          caption: t("kpi.totals.leadsWithKpiCaption"),
          icon: Users,
          "data-testid": "kpi-leads-with-kpi",
        },
      ]}
    />
  );
}
