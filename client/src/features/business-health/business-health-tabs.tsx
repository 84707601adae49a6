import type { ReactNode } from "react";
import { AlertTriangle, Clock, HeartPulse, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  BUSINESS_HEALTH_REFRESH_MS,
  communityEngagementFamily,
  evergreenReviewFamily,
  healthSnapshotFamily,
  incidentSimulationFamily,
  legacyPlanFamily,
  RECORD_LIST_REFRESH_MS,
  riskFamily,
  type Trend,
} from "@contract/records/business-health";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { formatDay, formatNumber, valueLabel } from "@/features/records/record-labels";
import { AddRecordButton, RecordListCard } from "@/features/records/record-list-card";
import { useFamilyList } from "@/features/records/record-queries";
import { type Analytics, AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard, TrendBadge } from "@/features/records/monitoring-parts";
import { threeStepTone } from "@/features/records/score-tones";
import { useBusinessHealthDashboard } from "./business-health-queries";

/** Spec §5: on this page a score of at least 80 is green, at least 60 yellow, otherwise red. */
export const scoreTone = threeStepTone;

export function DashboardTab() {
  const { t, i18n } = useTranslation();
  const dashboard = useBusinessHealthDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) return <p className="text-sm text-muted-foreground">{t("businessHealth.loadingDashboard")}</p>;
  const d = dashboard.data;
  const cards = [
    {
      key: "overall",
      title: t("businessHealth.dashboard.overallHealth"),
      icon: HeartPulse,
      value: <span className={scoreTone(d.overall_health_score)}>{d.overall_health_score}%</span>,
      extra: <Progress value={d.overall_health_score} aria-label={t("businessHealth.dashboard.overallHealth")} />,
    },
    {
      key: "risks",
      title: t("businessHealth.dashboard.criticalRisks"),
      icon: AlertTriangle,
      value: d.risk_summary.critical_risks,
      extra: t("businessHealth.dashboard.activeRisks", { count: d.risk_summary.active_risks }),
    },
    {
      key: "community",
      title: t("businessHealth.dashboard.communityReach"),
      icon: Users,
      value: formatNumber(d.community_impact.total_reach, i18n.language),
      extra: t("businessHealth.dashboard.engagements", { count: d.community_impact.total_engagements }),
    },
    {
      key: "response",
      title: t("businessHealth.dashboard.responseTime"),
      icon: Clock,
      value: t("businessHealth.minutes", { value: formatNumber(d.incident_preparedness.average_response_time, i18n.language) }),
      extra: t("businessHealth.dashboard.simulations", { count: d.incident_preparedness.simulations_this_year }),
    },
  ];
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ key, ...card }) => (
          <StatCard key={key} testId={`bh-card-${key}`} {...card} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("businessHealth.dashboard.upcomingReviews")}</CardTitle>
          </CardHeader>
          <CardContent>
            {d.next_reviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("businessHealth.dashboard.noUpcomingReviews")}</p>
            ) : (
              <ul className="grid gap-2">
                {d.next_reviews.map((review) => (
                  <li key={`${review.type}-${review.title}-${review.date}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="flex items-center gap-2">
                      <Badge variant="outline">{valueLabel(t, review.type)}</Badge>
                      {review.title}
                    </span>
                    <span className="text-muted-foreground">
                      {formatDay(review.date, i18n.language)} · {t("businessHealth.daysRemaining", { count: review.days_remaining })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("businessHealth.dashboard.legacyProgress")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid grid-cols-2 gap-4">
              <Figure label={t("businessHealth.dashboard.activePlans")} value={d.legacy_progress.active_plans} />
              <Figure label={t("businessHealth.dashboard.goalsAchieved")} value={d.legacy_progress.completed_goals} />
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
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function HealthTab() {
  const { t, i18n } = useTranslation();
  const dashboard = useBusinessHealthDashboard();
  const snapshots = useFamilyList(healthSnapshotFamily, {}, RECORD_LIST_REFRESH_MS);
  const health = dashboard.data?.current_health;
  const pct = (value: number | null | undefined) => `${formatNumber(value ?? 0, i18n.language)}%`;
  const section = (title: string, emptyText: string, rows: [string, ReactNode][] | null, note?: string) => (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {dashboard.isError ? (
          <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />
        ) : dashboard.isPending ? (
          <p className="text-sm text-muted-foreground">{t("businessHealth.loading")}</p>
        ) : rows === null ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <>
            <dl className="grid gap-2 text-sm">
              {rows.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-2">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
          </>
        )}
      </CardContent>
    </Card>
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
            [t("businessHealth.health.runway"), t("businessHealth.health.months", { value: formatNumber(financial.runway_months, i18n.language) })],
            [
              t("businessHealth.health.monthlyExpenses"),
              new Intl.NumberFormat(i18n.language, { style: "currency", currency: "USD" }).format(Number(financial.monthly_expenses)),
            ],
          ],
        )}
        {section(
          t("businessHealth.health.operational"),
          t("businessHealth.health.noOperational"),
          operational && [
            [t("businessHealth.health.userGrowth"), pct(operational.user_growth)],
            [t("businessHealth.health.churnRate"), pct(operational.churn_rate)],
            [t("businessHealth.health.supportVolume"), formatNumber(operational.support_volume, i18n.language)],
            [t("businessHealth.health.uptime"), pct(operational.uptime)],
          ],
          t("businessHealth.health.measuredNote"),
        )}
        {section(
          t("businessHealth.health.technical"),
          t("businessHealth.health.noTechnical"),
          technical && [
            [t("businessHealth.health.performance"), <span className={scoreTone(technical.performance ?? 0)}>{pct(technical.performance)}</span>],
            [t("businessHealth.health.errorRate"), pct(technical.error_rate)],
            [t("businessHealth.health.securityScore"), <span className={scoreTone(technical.security_score ?? 0)}>{pct(technical.security_score)}</span>],
            [t("businessHealth.health.technicalDebt"), technical.technical_debt ? valueLabel(t, technical.technical_debt) : "—"],
          ],
          health?.measurement_date ? t("businessHealth.health.measuredDay", { date: formatDay(health.measurement_date, i18n.language) }) : undefined,
        )}
      </div>
      <RecordListCard
        family={healthSnapshotFamily}
        title={t("businessHealth.health.snapshots")}
        list={snapshots}
        columns={[{ field: "snapshotDate" }, { field: "revenueGrowth" }, { field: "uptime" }, { field: "technicalDebt" }]}
        loadingText={t("businessHealth.loading")}
        emptyText={t("businessHealth.health.noSnapshots")}
      />
    </>
  );
}

const levelVariant = (level: unknown) => (level === "critical" || level === "high" ? "destructive" : level === "medium" ? "warning" : "success");

export function RisksTab() {
  const { t } = useTranslation();
  const risks = useFamilyList<Analytics>(riskFamily, { status: "active", limit: 200 }, BUSINESS_HEALTH_REFRESH_MS);
  const a = risks.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("businessHealth.risks.overview")} query={risks}>
        <Figure label={t("businessHealth.risks.highPriority")} value={num(a?.high_priority_risks)} testId="bh-high-priority" />
        <Figure label={t("businessHealth.risks.total")} value={num(a?.total_risks)} testId="bh-total-risks" />
        <CountsByBadges label={t("businessHealth.risks.byCategory")} entries={counts(a?.by_category)} emptyText={t("businessHealth.none")} />
      </AnalyticsCard>
      <RecordListCard
        family={riskFamily}
        title={t("businessHealth.risks.active")}
        list={risks}
        columns={[
          { field: "risk" },
          {
            field: "likelihood",
            label: t("businessHealth.risks.levels"),
            render: (risk) => (
              <span className="flex flex-wrap gap-1">
                <Badge variant={levelVariant(risk.likelihood)}>{t("businessHealth.risks.likelihood", { level: valueLabel(t, String(risk.likelihood)) })}</Badge>
                <Badge variant={levelVariant(risk.impact)}>{t("businessHealth.risks.impact", { level: valueLabel(t, String(risk.impact)) })}</Badge>
              </span>
            ),
          },
          { field: "mitigation" },
          { field: "owner" },
          { field: "nextReviewDate" },
        ]}
        loadingText={t("businessHealth.loading")}
        emptyText={t("businessHealth.risks.empty")}
      />
    </>
  );
}

export function IncidentsTab() {
  const { t, i18n } = useTranslation();
  const simulations = useFamilyList<Analytics>(incidentSimulationFamily, { limit: 5 }, BUSINESS_HEALTH_REFRESH_MS);
  const a = simulations.data?.analytics;
  const trends = (a?.improvement_trends ?? {}) as { response_time?: Trend; effectiveness?: Trend };
  return (
    <>
      <AnalyticsCard title={t("businessHealth.incidents.preparedness")} query={simulations}>
        <Figure label={t("businessHealth.incidents.averageResponse")} value={t("businessHealth.minutes", { value: formatNumber(num(a?.average_response_time), i18n.language) })} />
        <Figure label={t("businessHealth.incidents.averageEffectiveness")} value={`${formatNumber(num(a?.average_effectiveness), i18n.language)}/10`} />
        <div className="grid gap-2">
          <TrendBadge label={t("businessHealth.incidents.responseTrend")} trend={trends.response_time} />
          <TrendBadge label={t("businessHealth.incidents.effectivenessTrend")} trend={trends.effectiveness} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={incidentSimulationFamily}
        title={t("businessHealth.incidents.latest")}
        list={simulations}
        limit={5}
        columns={[
          { field: "scenario" },
          { field: "scenarioType" },
          { field: "status" },
          { field: "simulationDate" },
          { field: "responseTime", render: (s) => (s.responseTime === null ? "—" : t("businessHealth.minutes", { value: String(s.responseTime) })) },
          { field: "effectiveness", render: (s) => (s.effectiveness === null ? "—" : `${formatNumber(Number(s.effectiveness), i18n.language)}/10`) },
        ]}
        loadingText={t("businessHealth.loading")}
        emptyText={t("businessHealth.incidents.empty")}
      />
    </>
  );
}

export function CommunityTab() {
  const { t, i18n } = useTranslation();
  const engagements = useFamilyList<Analytics>(communityEngagementFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
  const a = engagements.data?.analytics;
  return (
    <>
      <AnalyticsCard title={t("businessHealth.community.impact")} query={engagements}>
        <Figure label={t("businessHealth.community.totalReach")} value={formatNumber(num(a?.total_reach), i18n.language)} />
        <Figure label={t("businessHealth.community.engagement")} value={num(a?.total_engagement)} />
        <CountsByBadges label={t("businessHealth.community.byType")} entries={counts(a?.by_type)} emptyText={t("businessHealth.none")} />
      </AnalyticsCard>
      <RecordListCard
        family={communityEngagementFamily}
        title={t("businessHealth.community.latest")}
        list={engagements}
        limit={5}
        columns={[{ field: "title" }, { field: "engagementType" }, { field: "reach" }, { field: "date" }, { field: "impact" }]}
        loadingText={t("businessHealth.loading")}
        emptyText={t("businessHealth.community.empty")}
      />
    </>
  );
}

export function LegacyTab() {
  const { t, i18n } = useTranslation();
  const plans = useFamilyList<Analytics>(legacyPlanFamily, { limit: 200 }, RECORD_LIST_REFRESH_MS);
  const reviews = useFamilyList<Analytics>(evergreenReviewFamily, { limit: 5 }, RECORD_LIST_REFRESH_MS);
  const p = plans.data?.analytics;
  const r = reviews.data?.analytics;
  const trends = (r?.improvement_trends ?? {}) as { business?: Trend; technical?: Trend; community?: Trend };
  const nextDue = typeof r?.next_review_due === "string" ? r.next_review_due : null;
  return (
    <>
      <AnalyticsCard title={t("businessHealth.legacy.planning")} query={plans}>
        <div className="grid gap-1">
          <Figure label={t("businessHealth.legacy.overallProgress")} value={`${num(p?.overall_progress)}%`} className={scoreTone(num(p?.overall_progress))} />
          <Progress value={num(p?.overall_progress)} aria-label={t("businessHealth.legacy.overallProgress")} />
        </div>
        <Figure label={t("businessHealth.legacy.totalPlans")} value={num(p?.total_plans)} />
        <CountsByBadges label={t("businessHealth.legacy.byType")} entries={counts(p?.by_type)} emptyText={t("businessHealth.none")} />
      </AnalyticsCard>
      <RecordListCard
        family={legacyPlanFamily}
        title={t("businessHealth.legacy.plans")}
        list={plans}
        columns={[{ field: "title" }, { field: "planType" }, { field: "status" }, { field: "progress" }, { field: "nextMilestone" }, { field: "milestoneDate" }]}
        loadingText={t("businessHealth.loading")}
        emptyText={t("businessHealth.legacy.noPlans")}
      />
      <AnalyticsCard title={t("businessHealth.legacy.evergreen")} query={reviews}>
        {(
          [
            ["business", "average_business_health"],
            ["technical", "average_technical_health"],
            ["community", "average_community_health"],
          ] as const
        ).map(([dimension, key]) => (
          <div key={dimension} className="grid gap-1">
            <Figure label={t(`businessHealth.legacy.${dimension}Health`)} value={`${num(r?.[key])}%`} className={scoreTone(num(r?.[key]))} />
            <TrendBadge label={t("businessHealth.legacy.trend")} trend={trends[dimension]} />
          </div>
        ))}
        <p className="text-sm sm:col-span-3" data-testid="bh-next-review">
          {nextDue ? t("businessHealth.legacy.nextReviewDue", { date: formatDay(nextDue, i18n.language) }) : t("businessHealth.legacy.noReviewDue")}
        </p>
      </AnalyticsCard>
      <RecordListCard
        family={evergreenReviewFamily}
        title={t("businessHealth.legacy.reviews")}
        list={reviews}
        limit={5}
        columns={[{ field: "title" }, { field: "reviewType" }, { field: "reviewDate" }, { field: "businessHealth" }, { field: "technicalHealth" }, { field: "communityHealth" }]}
        loadingText={t("businessHealth.loading")}
        emptyText={t("businessHealth.legacy.noReviews")}
      />
    </>
  );
}
