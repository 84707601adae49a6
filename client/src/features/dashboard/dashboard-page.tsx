import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { apiErrorMessage } from "@/lib/api";
import { useDashboardStats } from "./dashboard-queries";
import { DashboardStats } from "./dashboard-stats";
import { RecentLeadsCard } from "./recent-leads-card";
import { TopAffiliatesCard } from "./top-affiliates-card";

const DashboardCharts = lazy(() => import("./dashboard-charts"));

/** Dashboard (spec §2): figures, newest leads, top affiliates and two charts of the lead flow. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const stats = useDashboardStats();

  if (stats.isPending) {
    return (
      <div className="flex justify-center py-16" data-testid="dashboard-loading">
        <Spinner label={t("dashboard.loading")} />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <RetryAlert
        message={t("dashboard.error", { message: apiErrorMessage(stats.error, t("common.networkError")) })}
        onRetry={() => void stats.refetch()}
        data-testid="dashboard-error"
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <DashboardStats stats={stats.data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <RecentLeadsCard />
        <TopAffiliatesCard />
      </div>
      <Suspense fallback={<Skeleton className="h-72" />}>
        <DashboardCharts stats={stats.data} />
      </Suspense>
    </div>
  );
}
