import { Bell, Columns3, ListTodo, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { StatCardGrid } from "@/components/stat-card-grid";
import { useUnreadCount } from "@/features/notifications";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { usePipelineOverview } from "./pipeline-queries";

/**
 * Total Leads, Active Tasks, Pipeline Stages and unread Notifications (spec §2). The unread figure is the header
 * bell's own count, so the two always agree and both follow a notification read here or in the bell.
 */
export function PipelineStats() {
  const { t } = useTranslation();
  const format = useFormatters();
  const overview = usePipelineOverview();
  const unread = useUnreadCount().data?.unread;

  if (overview.isError) {
    return (
      <RetryAlert
        message={t("productivity.stats.error", { message: apiErrorMessage(overview.error, t("common.networkError")) })}
        onRetry={() => void overview.refetch()}
        data-testid="pipeline-stats-error"
      />
    );
  }

  const figures = overview.data;
  return (
    <StatCardGrid
      loading={overview.isPending}
      busy={overview.isFetching}
      data-testid="pipeline-stats"
      cards={[
        {
          title: t("productivity.stats.totalLeads"),
          value: format.number(figures?.totalLeads ?? 0),
          caption: t("productivity.stats.totalLeadsCaption"),
          icon: Users,
          "data-testid": "stat-pipeline-leads",
        },
        {
          title: t("productivity.stats.activeTasks"),
          value: format.number(figures?.activeTasks ?? 0),
          caption: t("productivity.stats.activeTasksCaption"),
          icon: ListTodo,
          "data-testid": "stat-active-tasks",
        },
        {
          title: t("productivity.stats.stages"),
          value: format.number(figures?.pipelineStages ?? 0),
          caption: t("productivity.stats.stagesCaption"),
          icon: Columns3,
          "data-testid": "stat-pipeline-stages",
        },
        {
          title: t("productivity.stats.notifications"),
          value: format.number(unread ?? figures?.unreadNotifications ?? 0),
          caption: t("productivity.stats.notificationsCaption"),
          icon: Bell,
          "data-testid": "stat-unread-notifications",
        },
      ]}
    />
  );
}
