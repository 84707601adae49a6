import { Archive, ClipboardCheck, FileCheck2, HardDrive, HeartPulse, Landmark, ShieldCheck, Star, Users, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  archivalSystemFamily,
  legacyAuditFamily,
  stewardshipPlanFamily,
  stewardshipStatementFamily,
  stewardshipValidationFamily,
  type FinalStewardshipDashboard,
} from "@contract/records/final-stewardship";
import type { Trend } from "@contract/records/business-health";
import { RetryAlert } from "@/components/retry-alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { apiErrorMessage } from "@/lib/api";
import { formatDay, formatNumber, valueLabel } from "@/features/records/record-labels";
import { RecordListCard } from "@/features/records/record-list-card";
import { AnalyticsCard, counts, CountsByBadges, Figure, num, StatCard, TrendBadge } from "@/features/records/monitoring-parts";
import { statusTone, type StatusScheme } from "@/features/records/score-tones";
import { useActivePlans, useArchives, useAudits, useFinalStewardshipDashboard, useStatements, useValidations } from "./final-stewardship-queries";
import { entries, formatGb, isReadyForPerpetualStewardship, scoreTone, showsReadinessStar, signedChange } from "./stewardship-figures";

/** A status badge in its §4 colour: certification statuses use the certification scheme, the others stewardship's. */
function StatusBadge({ scheme, status }: { scheme: StatusScheme; status: unknown }) {
  const { t } = useTranslation();
  if (typeof status !== "string") return <>—</>;
  return <Badge variant={statusTone(scheme, status)}>{valueLabel(t, status)}</Badge>;
}

/** A score out of 100 in its threshold colour; "—" when none was recorded. */
function Score({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== "number") return <>—</>;
  return <span className={scoreTone(value)}>{t("finalStewardship.outOf100", { value: Math.round(value) })}</span>;
}

const reviewIcons: Record<FinalStewardshipDashboard["upcoming_reviews"][number]["type"], LucideIcon> = {
  validation: ShieldCheck,
  audit: ClipboardCheck,
  verification: HardDrive,
  stewardship: Users,
};

export function DashboardTab() {
  const { t, i18n } = useTranslation();
  const dashboard = useFinalStewardshipDashboard();
  if (dashboard.isError) return <RetryAlert message={apiErrorMessage(dashboard.error, t("common.networkError"))} onRetry={() => void dashboard.refetch()} />;
  if (dashboard.isPending) return <p className="text-sm text-muted-foreground">{t("finalStewardship.loadingDashboard")}</p>;
  const d = dashboard.data;
  const metrics = d.completion_metrics;
  const cards = [
    { key: "health", title: t("finalStewardship.dashboard.stewardshipHealth"), icon: HeartPulse, value: d.stewardship_health },
    { key: "readiness", title: t("finalStewardship.dashboard.systemReadiness"), icon: ShieldCheck, value: d.system_readiness },
    { key: "audit", title: t("finalStewardship.dashboard.auditCompliance"), icon: ClipboardCheck, value: d.audit_compliance },
    { key: "archival", title: t("finalStewardship.dashboard.archivalComplete"), icon: Archive, value: d.archival_completeness },
    { key: "legacy", title: t("finalStewardship.dashboard.legacyReady"), icon: Landmark, value: d.legacy_preparation },
  ];
  const current = d.current_validation;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {cards.map(({ key, title, icon, value }) => (
          <StatCard
            key={key}
            testId={`fs-card-${key}`}
            title={title}
            icon={icon}
            value={<span className={scoreTone(value)}>{value}%</span>}
            extra={<Progress value={value} aria-label={title} />}
          />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>{t("finalStewardship.dashboard.completionMetrics")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid gap-1">
              <Figure label={t("finalStewardship.dashboard.completion")} value={`${metrics.completion_percentage}%`} testId="fs-completion" />
              <Progress value={metrics.completion_percentage} aria-label={t("finalStewardship.dashboard.completion")} />
            </div>
            <Figure
              label={t("finalStewardship.dashboard.phases")}
              value={t("finalStewardship.dashboard.phasesValue", { completed: metrics.completed_phases, total: metrics.total_phases })}
              testId="fs-phases"
            />
            <div className="grid gap-0.5">
              <p className="text-sm text-muted-foreground">{t("finalStewardship.dashboard.finalReadiness")}</p>
              <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums">
                <span className={scoreTone(metrics.final_readiness)} data-testid="fs-final-readiness">
                  {metrics.final_readiness}
                </span>
                {showsReadinessStar(metrics.final_readiness) ? (
                  <Star role="img" aria-label={t("finalStewardship.dashboard.starLabel")} className="size-5 fill-amber-400 text-amber-700" data-testid="fs-readiness-star" />
                ) : null}
              </p>
            </div>
            {isReadyForPerpetualStewardship(metrics.final_readiness) ? (
              <p className="text-sm font-medium text-emerald-700" data-testid="fs-ready">
                {t("finalStewardship.dashboard.ready")}
              </p>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("finalStewardship.dashboard.upcomingReviews")}</CardTitle>
          </CardHeader>
          <CardContent>
            {d.upcoming_reviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("finalStewardship.dashboard.noUpcomingReviews")}</p>
            ) : (
              <ul className="grid gap-2">
                {d.upcoming_reviews.map((review) => {
                  const Icon = reviewIcons[review.type];
                  return (
                    <li key={`${review.type}-${review.title}-${review.date}`} className="grid gap-0.5 text-sm">
                      <span className="flex items-center gap-2">
                        <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                        <Badge variant="outline">{valueLabel(t, review.type)}</Badge>
                        <span className="break-words">{review.title}</span>
                      </span>
                      <span className="pl-6 text-muted-foreground">
                        {formatDay(review.date, i18n.language)} · {t("finalStewardship.daysRemaining", { count: review.days_remaining })}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card data-testid="fs-current-validation">
          <CardHeader>
            <CardTitle>{t("finalStewardship.dashboard.currentValidation")}</CardTitle>
          </CardHeader>
          <CardContent>
            {current === null ? (
              <p className="text-sm text-muted-foreground">{t("finalStewardship.validation.empty")}</p>
            ) : (
              <div className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-2xl font-semibold tabular-nums">
                    <Score value={current.overall_score} />
                  </span>
                  <StatusBadge scheme="certification" status={current.certification_status} />
                </div>
                <p className="text-sm">{current.title}</p>
                <dl className="grid gap-1.5 text-sm">
                  {(
                    [
                      ["validated", formatDay(current.validation_date, i18n.language)],
                      ["systems", <Score value={current.systems_health_score} />],
                      ["dataIntegrity", <Score value={current.data_integrity_score} />],
                      ["security", <Score value={current.security_score} />],
                      ["actionItems", formatNumber(current.action_items, i18n.language)],
                      ["nextReview", current.next_validation_date ? formatDay(current.next_validation_date, i18n.language) : t("finalStewardship.tbd")],
                    ] as const
                  ).map(([key, value]) => (
                    <div key={key} className="flex justify-between gap-2">
                      <dt className="text-muted-foreground">{t(`finalStewardship.dashboard.${key}`)}</dt>
                      <dd className="font-medium tabular-nums">{value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

export function ValidationTab() {
  const { t, i18n } = useTranslation();
  const validations = useValidations();
  const a = validations.data?.analytics;
  const compliance = (a?.compliance_status ?? {}) as { status?: string | null; issues?: number };
  return (
    <>
      <AnalyticsCard title={t("finalStewardship.validation.overview")} query={validations} loadingText={t("finalStewardship.loadingValidation")}>
        <Figure label={t("finalStewardship.validation.certificationRate")} value={`${num(a?.certification_rate)}%`} className={scoreTone(num(a?.certification_rate))} testId="fs-certification-rate" />
        <Figure label={t("finalStewardship.validation.averageScore")} value={num(a?.average_score)} className={scoreTone(num(a?.average_score))} testId="fs-validation-average" />
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">{t("finalStewardship.validation.complianceStatus")}</p>
          {compliance.status ? <StatusBadge scheme="certification" status={compliance.status} /> : <p className="text-sm">{t("finalStewardship.validation.noStatus")}</p>}
          <p className="text-sm">{t("finalStewardship.validation.issues", { count: num(compliance.issues) })}</p>
        </div>
        <div className="sm:col-span-3">
          <CountsByBadges label={t("finalStewardship.validation.byType")} entries={counts(a?.by_type)} emptyText={t("finalStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={stewardshipValidationFamily}
        title={t("finalStewardship.validation.latest")}
        list={validations}
        limit={5}
        columns={[
          { field: "title" },
          { field: "validationType" },
          { field: "validationDate" },
          { field: "overallScore", render: (v) => <Score value={v.overallScore} /> },
          { field: "certificationStatus", render: (v) => <StatusBadge scheme="certification" status={v.certificationStatus} /> },
          { field: "actionItems", render: (v) => formatNumber(entries(v.actionItems), i18n.language) },
          { field: "nextValidationDate", render: (v) => (typeof v.nextValidationDate === "string" ? formatDay(v.nextValidationDate, i18n.language) : t("finalStewardship.tbd")) },
        ]}
        loadingText={t("finalStewardship.loadingValidation")}
        emptyText={t("finalStewardship.validation.empty")}
      />
    </>
  );
}

export function AuditsTab() {
  const { t, i18n } = useTranslation();
  const audits = useAudits();
  const a = audits.data?.analytics;
  const trends = (a?.audit_trends ?? {}) as { trend?: Trend; change?: number };
  return (
    <>
      <AnalyticsCard title={t("finalStewardship.audits.overview")} query={audits} loadingText={t("finalStewardship.loadingAudits")}>
        <Figure label={t("finalStewardship.audits.averageScore")} value={num(a?.average_score)} className={scoreTone(num(a?.average_score))} testId="fs-audit-average" />
        <Figure label={t("finalStewardship.audits.overdueActions")} value={num(a?.overdue_actions)} testId="fs-overdue-actions" />
        <div className="grid gap-1">
          <TrendBadge label={t("finalStewardship.audits.trend")} trend={trends.trend} />
          <p className="text-sm text-muted-foreground" data-testid="fs-audit-change">
            {t("finalStewardship.audits.change", { change: signedChange(num(trends.change), i18n.language) })}
          </p>
        </div>
        <div className="sm:col-span-3">
          <CountsByBadges label={t("finalStewardship.audits.byType")} entries={counts(a?.by_type)} emptyText={t("finalStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={legacyAuditFamily}
        title={t("finalStewardship.audits.latest")}
        list={audits}
        limit={5}
        columns={[
          { field: "title" },
          { field: "auditType" },
          { field: "status", render: (r) => <StatusBadge scheme="stewardship" status={r.status} /> },
          { field: "auditDate" },
          { field: "auditorName" },
          { field: "auditScore", render: (r) => <Score value={r.auditScore} /> },
          {
            field: "criticalFindings",
            label: t("finalStewardship.audits.findings"),
            render: (r) => formatNumber(entries(r.criticalFindings) + entries(r.majorFindings) + entries(r.minorFindings), i18n.language),
          },
        ]}
        loadingText={t("finalStewardship.loadingAudits")}
        emptyText={t("finalStewardship.audits.empty")}
      />
    </>
  );
}

export function ArchivesTab() {
  const { t, i18n } = useTranslation();
  const archives = useArchives();
  const a = archives.data?.analytics;
  const due = num(a?.upcoming_verifications);
  return (
    <>
      <AnalyticsCard title={t("finalStewardship.archives.overview")} query={archives} loadingText={t("finalStewardship.loadingArchives")}>
        <Figure label={t("finalStewardship.archives.totalArchives")} value={num(a?.total_archives)} testId="fs-total-archives" />
        <Figure label={t("finalStewardship.archives.totalSize")} value={formatGb(num(a?.total_size), i18n.language)} testId="fs-total-size" />
        <p className="text-sm sm:self-center" data-testid="fs-verifications-due">
          {due > 0 ? t("finalStewardship.archives.verificationsDue", { count: due }) : t("finalStewardship.archives.noVerificationsDue")}
        </p>
        <div className="grid items-start gap-4 sm:col-span-3 sm:grid-cols-2">
          <CountsByBadges label={t("finalStewardship.archives.byType")} entries={counts(a?.by_type)} emptyText={t("finalStewardship.none")} />
          <CountsByBadges label={t("finalStewardship.archives.byLocation")} entries={counts(a?.storage_locations)} emptyText={t("finalStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={archivalSystemFamily}
        title={t("finalStewardship.archives.list")}
        list={archives}
        columns={[
          { field: "title" },
          { field: "archivalType" },
          { field: "status", render: (r) => <StatusBadge scheme="stewardship" status={r.status} /> },
          { field: "archivalDate" },
          {
            field: "archivalSize",
            label: t("finalStewardship.archives.size"),
            render: (r) => <span className="whitespace-nowrap">{formatGb(typeof r.archivalSize === "number" ? r.archivalSize : 0, i18n.language)}</span>,
          },
          { field: "lastVerified", render: (r) => (typeof r.lastVerified === "string" ? formatDay(r.lastVerified, i18n.language) : t("finalStewardship.never")) },
          {
            field: "encrypted",
            label: t("finalStewardship.archives.labels"),
            render: (r) => (
              <span className="flex flex-wrap gap-1">
                {r.encrypted === true ? <Badge variant="secondary">{t("finalStewardship.archives.encryptedLabel")}</Badge> : null}
                {r.status === "verified" ? (
                  <Badge variant="success">
                    <FileCheck2 aria-hidden="true" />
                    {t("finalStewardship.archives.verifiedLabel")}
                  </Badge>
                ) : null}
              </span>
            ),
          },
        ]}
        loadingText={t("finalStewardship.loadingArchives")}
        emptyText={t("finalStewardship.archives.empty")}
      />
    </>
  );
}

export function PlansTab() {
  const { t, i18n } = useTranslation();
  const plans = useActivePlans();
  const a = plans.data?.analytics;
  const coverage = (a?.stewardship_coverage ?? {}) as { coverage_percentage?: number; covered_areas?: string[]; missing_areas?: string[] };
  const areaList = (areas: string[] | undefined) => (areas && areas.length > 0 ? areas.map((area) => valueLabel(t, area)).join(", ") : t("finalStewardship.none"));
  const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";
  return (
    <>
      <AnalyticsCard title={t("finalStewardship.plans.overview")} query={plans} loadingText={t("finalStewardship.loadingPlans")}>
        <div className="self-start">
          <Figure label={t("finalStewardship.plans.activePlans")} value={num(a?.active_plans)} testId="fs-active-plans" />
        </div>
        <div className="grid gap-1">
          <Figure label={t("finalStewardship.plans.legacyCompleteness")} value={`${num(a?.legacy_completeness)}%`} className={scoreTone(num(a?.legacy_completeness))} />
          <Progress value={num(a?.legacy_completeness)} aria-label={t("finalStewardship.plans.legacyCompleteness")} />
        </div>
        <div className="grid gap-1">
          <Figure
            label={t("finalStewardship.plans.coverage")}
            value={`${num(coverage.coverage_percentage)}%`}
            className={scoreTone(num(coverage.coverage_percentage))}
            testId="fs-coverage"
          />
          <p className="text-xs text-muted-foreground">
            {t("finalStewardship.plans.covered")}: {areaList(coverage.covered_areas)}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("finalStewardship.plans.missing")}: {areaList(coverage.missing_areas)}
          </p>
        </div>
        <div className="sm:col-span-3">
          <CountsByBadges label={t("finalStewardship.plans.byType")} entries={counts(a?.by_type)} emptyText={t("finalStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={stewardshipPlanFamily}
        title={t("finalStewardship.plans.list")}
        list={plans}
        columns={[
          { field: "title" },
          { field: "planType" },
          { field: "version" },
          { field: "planDate" },
          { field: "nextReviewDate", render: (p) => (typeof p.nextReviewDate === "string" ? formatDay(p.nextReviewDate, i18n.language) : t("finalStewardship.tbd")) },
          { field: "stewardshipRoles", label: t("finalStewardship.plans.roles"), render: (p) => formatNumber(entries(p.stewardshipRoles), i18n.language) },
          {
            field: "maintenancePlan",
            label: t("finalStewardship.plans.badges"),
            render: (p) => (
              <span className="flex flex-wrap gap-1">
                {hasText(p.maintenancePlan) ? <Badge variant="info">{t("finalStewardship.plans.maintenanceBadge")}</Badge> : null}
                {hasText(p.budgetConsiderations) ? <Badge variant="info">{t("finalStewardship.plans.budgetBadge")}</Badge> : null}
              </span>
            ),
          },
        ]}
        loadingText={t("finalStewardship.loadingPlans")}
        emptyText={t("finalStewardship.plans.empty")}
      />
    </>
  );
}

export function StatementsTab() {
  const { t, i18n } = useTranslation();
  const statements = useStatements();
  const a = statements.data?.analytics;
  const impact = (a?.legacy_impact ?? {}) as { impact_score?: number; total_achievements?: number; total_lessons?: number; total_best_practices?: number };
  return (
    <>
      <AnalyticsCard title={t("finalStewardship.statements.overview")} query={statements} loadingText={t("finalStewardship.loadingStatements")}>
        <Figure label={t("finalStewardship.statements.impactScore")} value={num(impact.impact_score)} className={scoreTone(num(impact.impact_score))} testId="fs-impact-score" />
        <Figure label={t("finalStewardship.statements.distributionReach")} value={formatNumber(num(a?.distribution_reach), i18n.language)} testId="fs-distribution-reach" />
        <dl className="grid gap-1 text-sm">
          {(
            [
              ["achievements", impact.total_achievements],
              ["lessons", impact.total_lessons],
              ["bestPractices", impact.total_best_practices],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{t(`finalStewardship.statements.${key}`)}</dt>
              <dd className="font-medium tabular-nums">{num(value)}</dd>
            </div>
          ))}
        </dl>
        <div className="grid items-start gap-4 sm:col-span-3 sm:grid-cols-2">
          <CountsByBadges label={t("finalStewardship.statements.byType")} entries={counts(a?.by_type)} emptyText={t("finalStewardship.none")} />
          <CountsByBadges label={t("finalStewardship.statements.byStatus")} entries={counts(a?.publication_status)} emptyText={t("finalStewardship.none")} />
        </div>
      </AnalyticsCard>
      <RecordListCard
        family={stewardshipStatementFamily}
        title={t("finalStewardship.statements.list")}
        list={statements}
        columns={[
          { field: "title" },
          {
            field: "statementType",
            render: (s) => (
              <span className="flex items-center gap-1">
                {valueLabel(t, String(s.statementType))}
                {s.statementType === "final" ? (
                  <Star role="img" aria-label={t("finalStewardship.statements.finalLabel")} className="size-4 fill-amber-400 text-amber-700" />
                ) : null}
              </span>
            ),
          },
          { field: "publicationStatus", render: (s) => <StatusBadge scheme="stewardship" status={s.publicationStatus} /> },
          { field: "version" },
          { field: "publishedDate" },
          {
            field: "keyAchievements",
            label: t("finalStewardship.statements.counts"),
            render: (s) => `${entries(s.keyAchievements)} / ${entries(s.lessonsLearned)} / ${entries(s.bestPractices)}`,
          },
          { field: "totalRecipients" },
        ]}
        loadingText={t("finalStewardship.loadingStatements")}
        emptyText={t("finalStewardship.statements.empty")}
      />
    </>
  );
}
