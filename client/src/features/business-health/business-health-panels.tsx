import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type BusinessHealthDashboard, healthSnapshotFamily, legacyPlanFamily } from "@contract/records/business-health";
import { RetryAlert } from "@/components/retry-alert";
import { apiErrorMessage } from "@/lib/api";
import { FigureRows, Figure, TitledCard } from "@/features/records";
import { formatDay, valueLabel } from "@/features/records";
import { AddRecordButton } from "@/features/records";
import { ExplanationLine } from "@/features/records";
import { formatFigure, toneClass } from "@/features/records";
import { UpcomingCard } from "@/features/records";
import { useBusinessHealthDashboard } from "./business-health-queries";

/*
 * The parts of Business Health no other page has, mounted by its declaration (business-health-page.tsx): the
 * dashboard's upcoming reviews and legacy progress, and the Health tab's current figures (entered in snapshots and
 * measured from Leadwell's own data).
 */

/** Under the dashboard's score cards: the next dated reviews, and legacy progress with its next milestones. */
export function DashboardPanels({ data: d }: { data: BusinessHealthDashboard }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <UpcomingCard
        title={t("businessHealth.dashboard.upcomingReviews")}
        emptyText={t("businessHealth.dashboard.noUpcomingReviews")}
        items={d.next_reviews.map((review) => ({ ...review, note: t("businessHealth.daysRemaining", { count: review.days_remaining }) }))}
      />
      <TitledCard title={t("businessHealth.dashboard.legacyProgress")} className="grid gap-3">
        <div className="grid grid-cols-2 gap-4">
          <div className="grid gap-1">
            <Figure label={t("businessHealth.dashboard.activePlans")} value={d.legacy_progress.active_plans} />
            <ExplanationLine explain={{ family: legacyPlanFamily, text: "businessHealth.explain.activePlans" }} testId="bh-active-plans" />
          </div>
          <div className="grid gap-1">
            <Figure label={t("businessHealth.dashboard.goalsAchieved")} value={d.legacy_progress.completed_goals} />
            <ExplanationLine explain={{ family: legacyPlanFamily, text: "businessHealth.explain.goals" }} testId="bh-goals-achieved" />
          </div>
        </div>
        <p className="text-sm font-medium">{t("businessHealth.dashboard.nextMilestones")}</p>
        {d.legacy_progress.next_milestones.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("businessHealth.dashboard.noMilestones")}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {d.legacy_progress.next_milestones.map((m) => (
              <li key={`${m.milestone}-${m.date}`} className="flex justify-between gap-2">
                <span>{m.milestone}</span>
                <span className="text-muted-foreground">{formatDay(m.date, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

/** The Health tab's three cards of current figures: from the latest snapshot, or measured where Leadwell can. */
export function CurrentHealth() {
  const { t, i18n } = useTranslation();
  const dashboard = useBusinessHealthDashboard();
  const health = dashboard.data?.current_health;
  const pct = (value: number | null | undefined) => formatFigure(t, i18n.language, "percent", value ?? 0);
  const score = (value: number | null | undefined) => <span className={toneClass("80/60", value ?? 0)}>{pct(value)}</span>;
  const section = (title: string, emptyText: string, rows: [string, ReactNode][] | null, note?: string) => (
    <TitledCard title={title} className="grid gap-2">
      {dashboard.isError ? (
        <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />
      ) : dashboard.isPending ? (
        <p className="text-sm text-muted-foreground">{t("businessHealth.loading")}</p>
      ) : rows === null ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          <FigureRows rows={rows} gap="gap-2" />
          {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
        </>
      )}
    </TitledCard>
  );
  const financial = health?.financialHealth ?? null;
  const technical = health?.technicalHealth ?? null;
  const operational = health?.operationalHealth ?? null;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {health?.snapshot_date ? t("businessHealth.health.asOf", { date: formatDay(health.snapshot_date, i18n.language) }) : t("businessHealth.health.noSnapshot")}
        </p>
        <AddRecordButton family={healthSnapshotFamily} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {section(
          t("businessHealth.health.financial"),
          t("businessHealth.health.noFinancial"),
          financial && [
            [t("businessHealth.health.revenueGrowth"), pct(financial.revenue_growth)],
            [t("businessHealth.health.profitability"), pct(financial.profitability)],
            [t("businessHealth.health.runway"), t("businessHealth.health.months", { value: formatFigure(t, i18n.language, "number", financial.runway_months) })],
            [t("businessHealth.health.monthlyExpenses"), formatFigure(t, i18n.language, "money", financial.monthly_expenses)],
          ],
        )}
        {section(
          t("businessHealth.health.operational"),
          t("businessHealth.health.noOperational"),
          operational && [
            [t("businessHealth.health.userGrowth"), pct(operational.user_growth)],
            [t("businessHealth.health.churnRate"), pct(operational.churn_rate)],
            [t("businessHealth.health.supportVolume"), formatFigure(t, i18n.language, "number", operational.support_volume)],
            [t("businessHealth.health.uptime"), pct(operational.uptime)],
          ],
          t("businessHealth.health.measuredNote"),
        )}
        {section(
          t("businessHealth.health.technical"),
          t("businessHealth.health.noTechnical"),
          technical && [
            [t("businessHealth.health.performance"), score(technical.performance)],
            [t("businessHealth.health.errorRate"), pct(technical.error_rate)],
            [t("businessHealth.health.securityScore"), score(technical.security_score)],
            [t("businessHealth.health.technicalDebt"), technical.technical_debt ? valueLabel(t, technical.technical_debt) : "—"],
          ],
          health?.measurement_date ? t("businessHealth.health.measuredDay", { date: formatDay(health.measurement_date, i18n.language) }) : undefined,
        )}
      </div>
    </>
  );
}

