import type { TFunction } from "i18next";
import type { BusinessHealthDashboard } from "@contract/records/business-health";
import type { ReportSection } from "@/features/records";
import { formatDay, formatNumber, valueLabel } from "@/features/records";

/** The Health Report: the dashboard's cards and lists, and the current financial, operational and technical health. */
export function healthReportSections(t: TFunction, language: string, d: BusinessHealthDashboard): ReportSection[] {
  const n = (value: number | null | undefined) => formatNumber(value ?? 0, language);
  const pct = (value: number | null | undefined) => `${n(value)}%`;
  const health = d.current_health;
  const { financialHealth: financial, operationalHealth: operational, technicalHealth: technical } = health;
  const noData = (text: string): [string, string][] => [[text, "—"]];
  return [
    {
      heading: t("businessHealth.tabs.dashboard"),
      rows: [
        [t("businessHealth.dashboard.overallHealth"), pct(d.overall_health_score)],
        [t("businessHealth.dashboard.criticalRisks"), n(d.risk_summary.critical_risks)],
        [t("businessHealth.report.activeRisks"), n(d.risk_summary.active_risks)],
        [t("businessHealth.dashboard.communityReach"), n(d.community_impact.total_reach)],
        [t("businessHealth.report.engagements"), n(d.community_impact.total_engagements)],
        [t("businessHealth.dashboard.responseTime"), t("businessHealth.minutes", { value: n(d.incident_preparedness.average_response_time) })],
        [t("businessHealth.report.simulationsThisYear"), n(d.incident_preparedness.simulations_this_year)],
        [t("businessHealth.dashboard.activePlans"), n(d.legacy_progress.active_plans)],
        [t("businessHealth.dashboard.goalsAchieved"), n(d.legacy_progress.completed_goals)],
      ],
    },
    {
      heading: t("businessHealth.dashboard.upcomingReviews"),
      rows:
        d.next_reviews.length === 0
          ? noData(t("businessHealth.dashboard.noUpcomingReviews"))
          : d.next_reviews.map((review) => [
              `${valueLabel(t, review.type)}: ${review.title}`,
              `${formatDay(review.date, language)} · ${t("businessHealth.daysRemaining", { count: review.days_remaining })}`,
            ]),
    },
    {
      heading: t("businessHealth.health.financial"),
      rows: financial
        ? [
            [t("businessHealth.health.revenueGrowth"), pct(financial.revenue_growth)],
            [t("businessHealth.health.profitability"), pct(financial.profitability)],
            [t("businessHealth.health.runway"), t("businessHealth.health.months", { value: n(financial.runway_months) })],
            [t("businessHealth.health.monthlyExpenses"), new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(Number(financial.monthly_expenses))],
          ]
        : noData(t("businessHealth.health.noFinancial")),
    },
    {
      heading: t("businessHealth.health.operational"),
      rows: [
        [t("businessHealth.health.userGrowth"), pct(operational.user_growth)],
        [t("businessHealth.health.churnRate"), operational.churn_rate === null ? "—" : pct(operational.churn_rate)],
        [t("businessHealth.health.supportVolume"), n(operational.support_volume)],
        [t("businessHealth.health.uptime"), operational.uptime === null ? "—" : pct(operational.uptime)],
      ],
    },
    {
      heading: t("businessHealth.health.technical"),
      rows: technical
        ? [
            [t("businessHealth.health.performance"), pct(technical.performance)],
            [t("businessHealth.health.errorRate"), pct(technical.error_rate)],
            [t("businessHealth.health.securityScore"), pct(technical.security_score)],
            [t("businessHealth.health.technicalDebt"), technical.technical_debt ? valueLabel(t, technical.technical_debt) : "—"],
          ]
        : noData(t("businessHealth.health.noTechnical")),
    },
  ];
}
