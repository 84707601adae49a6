import { BookOpen, Handshake, Leaf, Lightbulb, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  communityLegacyFamily,
  handoverPackageFamily,
  projectLegacyReportFamily,
  sunsetPlanFamily,
  techRefreshFamily,
} from "@contract/records/perpetual-innovation";
import type { FamilyRecord } from "@contract/records/schemas";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard } from "@/features/records/monitoring-parts";
import { formatDay, formatNumber, valueLabel } from "@/features/records/record-labels";
import { RecordListCard } from "@/features/records/record-list-card";
import { statusTone, type StatusScheme } from "@/features/records/score-tones";
import {
  useCommunityLegacyList,
  useHandoverList,
  usePerpetualInnovationDashboard,
  useProjectLegacyList,
  useSunsetPlanList,
  useTechRefreshList,
} from "./perpetual-innovation-queries";
import { formatMoney, IMPACT_AREAS_SHOWN, scoreTone, showsOverdue } from "./perpetual-innovation-figures";

/** A status as a badge in its §4 colour: innovation statuses, or a report's publication status. */
function StatusBadge({ value, scheme = "innovation" }: { value: unknown; scheme?: StatusScheme }) {
  const { t } = useTranslation();
  if (typeof value !== "string") return <>—</>;
  return <Badge variant={statusTone(scheme, value)}>{valueLabel(t, value)}</Badge>;
}

const debtVariant = (level: string) => (level === "high" ? "destructive" : level === "medium" ? "warning" : "success");
const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const statusColumn = (field: string, scheme?: StatusScheme) => ({ field, render: (record: FamilyRecord) => <StatusBadge value={record[field]} scheme={scheme} /> });

export function DashboardTab() {
  const { t, i18n } = useTranslation();
  const dashboard = usePerpetualInnovationDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) return <p className="text-sm text-muted-foreground">{t("perpetualInnovation.loadingDashboard")}</p>;
  const d = dashboard.data;
  const cards: { key: string; title: string; icon: LucideIcon; score: number }[] = [
    { key: "innovation", title: t("perpetualInnovation.dashboard.innovationHealth"), icon: Lightbulb, score: d.innovation_health },
    { key: "succession", title: t("perpetualInnovation.dashboard.successionReady"), icon: Handshake, score: d.succession_readiness },
    { key: "legacy", title: t("perpetualInnovation.dashboard.legacyStatus"), icon: Users, score: d.community_legacy_status },
    { key: "sustainability", title: t("perpetualInnovation.dashboard.sustainability"), icon: Leaf, score: d.sustainability_score },
    { key: "maturity", title: t("perpetualInnovation.dashboard.projectMaturity"), icon: BookOpen, score: d.project_maturity },
  ];
  const timeline = d.innovation_timeline;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(({ key, title, icon, score }) => (
          <StatCard
            key={key}
            testId={`pi-card-${key}`}
            title={title}
            icon={icon}
            value={<span className={scoreTone(score)}>{score}%</span>}
            extra={<Progress value={score} aria-label={title} />}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("perpetualInnovation.dashboard.upcomingReviews")}</CardTitle>
          </CardHeader>
          <CardContent>
            {d.upcoming_reviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("perpetualInnovation.dashboard.noUpcomingReviews")}</p>
            ) : (
              <ul className="grid gap-2">
                {d.upcoming_reviews.map((review) => (
                  <li key={`${review.type}-${review.title}-${review.date}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="flex items-center gap-2">
                      <Badge variant="outline">{valueLabel(t, review.type)}</Badge>
                      {review.title}
                    </span>
                    <span className="text-muted-foreground">
                      {formatDay(review.date, i18n.language)} · {t("perpetualInnovation.daysRemaining", { count: review.days_remaining })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("perpetualInnovation.dashboard.legacyImpact")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid grid-cols-2 gap-4">
              <Figure label={t("perpetualInnovation.dashboard.impactValue")} value={formatMoney(d.legacy_impact.quantified_impact, i18n.language)} testId="pi-impact-value" />
              <Figure
                label={t("perpetualInnovation.dashboard.preservation")}
                value={`${d.legacy_impact.preservation_score}%`}
                className={scoreTone(d.legacy_impact.preservation_score)}
              />
            </div>
            <div className="grid gap-1 text-sm">
              <p className="font-medium">{t("perpetualInnovation.dashboard.innovationTimeline")}</p>
              <p data-testid="pi-next-refresh">
                {t("perpetualInnovation.dashboard.nextRefresh")}:{" "}
                {timeline.next_refresh ? formatDay(timeline.next_refresh, i18n.language) : t("perpetualInnovation.dashboard.notScheduled")}
              </p>
              <p>{t("perpetualInnovation.dashboard.scheduled", { count: timeline.scheduled_refreshes })}</p>
              {showsOverdue(timeline.overdue_refreshes) ? (
                <p className="text-destructive-strong" data-testid="pi-overdue">
                  {t("perpetualInnovation.dashboard.overdue", { count: timeline.overdue_refreshes })}
                </p>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function InnovationTab() {
  const { t, i18n } = useTranslation();
  const reviews = useTechRefreshList();
  const a = reviews.data?.analytics;
  const debt = (a?.technology_debt ?? {}) as { level?: string | null; count?: number; deprecated?: number; at_risk?: number };
  const loading = t("perpetualInnovation.innovation.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualInnovation.innovation.title")} query={reviews} loadingText={loading}>
        <Figure label={t("perpetualInnovation.innovation.score")} value={`${num(a?.innovation_score)}%`} className={scoreTone(num(a?.innovation_score))} testId="pi-innovation-score" />
        <Figure
          label={t("perpetualInnovation.innovation.prototypeSuccess")}
          value={`${num(a?.prototype_success_rate)}%`}
          className={scoreTone(num(a?.prototype_success_rate))}
        />
        <Figure label={t("perpetualInnovation.innovation.prototypesThisYear")} value={num(a?.prototypes_this_year)} />
        <div className="grid gap-1 text-sm sm:col-span-3">
          <p className="text-muted-foreground">{t("perpetualInnovation.innovation.debt")}</p>
          <div className="flex flex-wrap items-center gap-2">
            {debt.level ? (
              <Badge variant={debtVariant(debt.level)}>{t("perpetualInnovation.innovation.debtLevelValue", { level: valueLabel(t, debt.level) })}</Badge>
            ) : (
              <Badge variant="outline">{t("perpetualInnovation.innovation.debtLevelValue", { level: t("perpetualInnovation.unknown") })}</Badge>
            )}
            <span>{t("perpetualInnovation.innovation.issues", { count: num(debt.count) })}</span>
            <span>· {t("perpetualInnovation.innovation.deprecatedCount", { count: num(debt.deprecated) })}</span>
            <span>· {t("perpetualInnovation.innovation.atRiskCount", { count: num(debt.at_risk) })}</span>
          </div>
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={techRefreshFamily}
        title={t("perpetualInnovation.innovation.latest")}
        list={reviews}
        limit={5}
        columns={[
          { field: "title" },
          { field: "reviewType" },
          statusColumn("status"),
          { field: "reviewDate" },
          { field: "innovationOpportunities", label: t("perpetualInnovation.innovation.opportunities"), render: (r) => formatNumber(listLength(r.innovationOpportunities), i18n.language) },
          { field: "budget" },
        ]}
        loadingText={loading}
        emptyText={t("perpetualInnovation.innovation.empty")}
      />
    </>
  );
}

export function HandoverTab() {
  const { t } = useTranslation();
  const packages = useHandoverList();
  const a = packages.data?.analytics;
  const loading = t("perpetualInnovation.handover.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualInnovation.handover.title")} query={packages} loadingText={loading}>
        <Figure label={t("perpetualInnovation.handover.readiness")} value={`${num(a?.readiness_score)}%`} className={scoreTone(num(a?.readiness_score))} testId="pi-readiness" />
        <Figure label={t("perpetualInnovation.handover.total")} value={num(a?.total_packages)} testId="pi-total-packages" />
        <div className="grid gap-3">
          <CountsByBadges label={t("perpetualInnovation.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualInnovation.none")} />
          <CountsByBadges label={t("perpetualInnovation.byStatus")} entries={counts(a?.by_status)} emptyText={t("perpetualInnovation.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={handoverPackageFamily}
        title={t("perpetualInnovation.handover.list")}
        list={packages}
        columns={[
          { field: "title" },
          { field: "packageType" },
          statusColumn("completionStatus"),
          { field: "targetAudience" },
          { field: "handoverDate" },
          {
            field: "documentation",
            render: (p) => (
              <Badge variant={p.documentation ? "success" : "warning"}>{p.documentation ? t("perpetualInnovation.handover.documented") : t("perpetualInnovation.handover.pending")}</Badge>
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualInnovation.handover.empty")}
      />
    </>
  );
}

export function LegacyTab() {
  const { t, i18n } = useTranslation();
  const plans = useCommunityLegacyList();
  const a = plans.data?.analytics;
  const impact = (a?.community_impact ?? {}) as Record<string, unknown>;
  const timeline = (a?.transition_timeline ?? {}) as { next_transition?: string | null; pending_transitions?: number; completed_transitions?: number };
  const loading = t("perpetualInnovation.legacy.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualInnovation.legacy.title")} query={plans} loadingText={loading}>
        <Figure label={t("perpetualInnovation.legacy.openSource")} value={num(impact.open_source_initiatives)} testId="pi-open-source" />
        <Figure label={t("perpetualInnovation.legacy.reach")} value={formatNumber(num(impact.stakeholder_reach), i18n.language)} />
        <CountsByBadges label={t("perpetualInnovation.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualInnovation.none")} />
        <div className="grid gap-1 text-sm sm:col-span-3">
          <p className="text-muted-foreground">{t("perpetualInnovation.legacy.timeline")}</p>
          <p data-testid="pi-next-transition">
            {t("perpetualInnovation.legacy.nextTransition")}:{" "}
            {timeline.next_transition ? formatDay(timeline.next_transition, i18n.language) : t("perpetualInnovation.legacy.noneScheduled")}
          </p>
          <p>
            {t("perpetualInnovation.legacy.pendingCount", { count: num(timeline.pending_transitions) })} ·{" "}
            {t("perpetualInnovation.legacy.completedCount", { count: num(timeline.completed_transitions) })}
          </p>
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={communityLegacyFamily}
        title={t("perpetualInnovation.legacy.list")}
        list={plans}
        columns={[
          { field: "title" },
          { field: "legacyType" },
          statusColumn("status"),
          {
            field: "repositoryUrl",
            label: t("perpetualInnovation.legacy.repository"),
            render: (p) =>
              typeof p.repositoryUrl === "string" ? (
                <a href={p.repositoryUrl} target="_blank" rel="noreferrer noopener" className="text-primary underline underline-offset-2">
                  {t("perpetualInnovation.legacy.openRepository")}
                </a>
              ) : (
                "—"
              ),
          },
          { field: "transitionDate" },
          { field: "licenseType" },
        ]}
        loadingText={loading}
        emptyText={t("perpetualInnovation.legacy.empty")}
      />
    </>
  );
}

export function SustainabilityTab() {
  const { t, i18n } = useTranslation();
  const plans = useSunsetPlanList();
  const a = plans.data?.analytics;
  const loading = t("perpetualInnovation.sustainability.loading");
  const safeguards = ["maintenancePlan", "supportStructure", "securityPlan"] as const;
  return (
    <>
      <AnalyticsCard title={t("perpetualInnovation.sustainability.title")} query={plans} loadingText={loading}>
        <Figure
          label={t("perpetualInnovation.sustainability.score")}
          value={`${num(a?.sustainability_score)}%`}
          className={scoreTone(num(a?.sustainability_score))}
          testId="pi-sustainability-score"
        />
        <Figure label={t("perpetualInnovation.sustainability.budget")} value={formatMoney(a?.budget_allocation, i18n.language)} />
        <CountsByBadges label={t("perpetualInnovation.byType")} entries={counts(a?.by_type)} emptyText={t("perpetualInnovation.none")} />
        <Figure label={t("perpetualInnovation.sustainability.maintenance")} value={num(a?.active_maintenance)} />
        <Figure label={t("perpetualInnovation.sustainability.sunsets")} value={num(a?.scheduled_sunsets)} />
      </AnalyticsCard>
      <RecordListCard
        family={sunsetPlanFamily}
        title={t("perpetualInnovation.sustainability.list")}
        list={plans}
        columns={[
          { field: "title" },
          { field: "planType" },
          statusColumn("status"),
          { field: "endOfLifeDate" },
          { field: "budgetAllocation" },
          {
            field: "maintenancePlan",
            label: t("perpetualInnovation.sustainability.safeguards"),
            render: (p) => (
              <span className="flex flex-wrap gap-1">
                {safeguards.map((name) => (
                  <Badge key={name} variant={p[name] ? "success" : "outline"} className={p[name] ? undefined : "text-muted-foreground line-through"}>
                    {t(`perpetualInnovation.sustainability.${name}`)}
                  </Badge>
                ))}
              </span>
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualInnovation.sustainability.empty")}
      />
    </>
  );
}

export function ReportsTab() {
  const { t, i18n } = useTranslation();
  const reports = useProjectLegacyList();
  const a = reports.data?.analytics;
  const summary = (a?.impact_summary ?? {}) as { total_achievements?: number; lessons_documented?: number; impact_areas?: string[] };
  const areas = (summary.impact_areas ?? []).slice(0, IMPACT_AREAS_SHOWN);
  const loading = t("perpetualInnovation.reports.loading");
  return (
    <>
      <AnalyticsCard title={t("perpetualInnovation.reports.title")} query={reports} loadingText={loading}>
        <Figure label={t("perpetualInnovation.reports.legacyValue")} value={formatMoney(a?.legacy_value, i18n.language)} testId="pi-legacy-value" />
        <Figure label={t("perpetualInnovation.reports.knowledge")} value={num(a?.knowledge_preservation)} />
        <Figure label={t("perpetualInnovation.reports.public")} value={num(a?.public_reports)} />
        <div className="grid gap-1 text-sm sm:col-span-3">
          <p className="text-muted-foreground">{t("perpetualInnovation.reports.impactSummary")}</p>
          <p>
            {t("perpetualInnovation.reports.achievementsCount", { count: num(summary.total_achievements) })} ·{" "}
            {t("perpetualInnovation.reports.lessonsCount", { count: num(summary.lessons_documented) })}
          </p>
          {areas.length === 0 ? (
            <p>{t("perpetualInnovation.reports.noImpactAreas")}</p>
          ) : (
            <ul className="flex flex-wrap gap-1.5" aria-label={t("perpetualInnovation.reports.impactAreas")}>
              {areas.map((area) => (
                <li key={area}>
                  <Badge variant="secondary">{area}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={projectLegacyReportFamily}
        title={t("perpetualInnovation.reports.list")}
        list={reports}
        columns={[
          { field: "title" },
          { field: "reportType" },
          statusColumn("publicationStatus", "publication"),
          { field: "version" },
          { field: "publishDate" },
          {
            field: "achievements",
            label: t("perpetualInnovation.reports.counts"),
            render: (r) => (
              <span className="whitespace-nowrap">
                {t("perpetualInnovation.reports.achievementsCount", { count: listLength(r.achievements) })}
                <br />
                {t("perpetualInnovation.reports.lessonsCount", { count: listLength(r.lessonsLearned) })}
              </span>
            ),
          },
        ]}
        loadingText={loading}
        emptyText={t("perpetualInnovation.reports.empty")}
      />
    </>
  );
}
