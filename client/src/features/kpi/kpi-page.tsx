import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/api";
import { useKpiTotals } from "./kpi-queries";
import { KpiRecentTable } from "./kpi-recent-table";
import { KpiSyncForm } from "./kpi-sync-form";
import { KpiTotals } from "./kpi-totals";

/** KPI Metrics: Sync KPI Data on the left; totals and Recent KPI Updates on the right (spec §2), side by side from 1280 px. */
export default function KpiPage() {
  return (
    <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <KpiSyncForm />
      <KpiOverview />
    </div>
  );
}

function KpiOverview() {
  const { t } = useTranslation();
  const totals = useKpiTotals();

  if (totals.isPending) {
    return (
      <div className="flex justify-center py-16" data-testid="kpi-loading">
        <Spinner label={t("kpi.loading")} />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {totals.isError ? (
        <RetryAlert
          message={t("kpi.totals.error", { message: apiErrorMessage(totals.error, t("common.networkError")) })}
          onRetry={() => void totals.refetch()}
        />
      ) : (
        <KpiTotals totals={totals.data} />
      )}
      <KpiRecentTable />
    </div>
  );
}
