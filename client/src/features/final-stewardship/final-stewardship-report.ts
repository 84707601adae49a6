import type { TFunction } from "i18next";
import type { FinalStewardshipDashboard } from "@contract/records/final-stewardship";
import { counts, formatDay, formatNumber, num, valueLabel, type Analytics, type ReportSection } from "@/features/records";
import { formatGb, isReadyForPerpetualStewardship, signedChange } from "./stewardship-figures";

export interface StewardshipAnalytics {
  validations: Analytics;
  audits: Analytics;
  archives: Analytics;
  plans: Analytics;
  statements: Analytics;
}

/**
 * The Generate Report sections: the dashboard's figures and each tab's analytics, as the page shows them now, in the
 * reader's language.
 */
export function finalStewardshipReport(t: TFunction, language: string, d: FinalStewardshipDashboard, a: StewardshipAnalytics): ReportSection[] {
  const pct = (value: unknown) => `${formatNumber(num(value), language)}%`;
  const n = (value: unknown) => formatNumber(num(value), language);
  const countsText = (value: unknown) =>
    counts(value)
      .map(([key, count]) => `${valueLabel(t, key)}: ${count}`)
      .join(", ") || t("finalStewardship.none");
  const day = (value: string | null | undefined, missing: string) => (value ? formatDay(value, language) : missing);
  const m = d.completion_metrics;
  const current = d.current_validation;
  const compliance = (a.validations.compliance_status ?? {}) as { status?: string | null; issues?: number };
  const trend = (a.audits.audit_trends ?? {}) as { trend?: string; change?: number };
  const coverage = (a.plans.stewardship_coverage ?? {}) as { coverage_percentage?: number; covered_areas?: string[]; missing_areas?: string[] };
  const areas = (list: string[] | undefined) => (list?.length ? list.map((area) => valueLabel(t, area)).join(", ") : t("finalStewardship.none"));
  const impact = (a.statements.legacy_impact ?? {}) as Record<string, unknown>;

  const dashboardRows: [string, string][] = [
    [t("finalStewardship.dashboard.stewardshipHealth"), pct(d.stewardship_health)],
    [t("finalStewardship.dashboard.systemReadiness"), pct(d.system_readiness)],
    [t("finalStewardship.dashboard.auditCompliance"), pct(d.audit_compliance)],
    [t("finalStewardship.dashboard.archivalComplete"), pct(d.archival_completeness)],
    [t("finalStewardship.dashboard.legacyReady"), pct(d.legacy_preparation)],
    [t("finalStewardship.dashboard.completion"), pct(m.completion_percentage)],
    [t("finalStewardship.dashboard.phases"), t("finalStewardship.dashboard.phasesValue", { completed: m.completed_phases, total: m.total_phases })],
    [t("finalStewardship.dashboard.finalReadiness"), isReadyForPerpetualStewardship(m.final_readiness) ? `${m.final_readiness} · ${t("finalStewardship.dashboard.ready")}` : String(m.final_readiness)],
    ...d.upcoming_reviews.map(
      (review): [string, string] => [
        `${t("finalStewardship.dashboard.upcomingReviews")}: ${valueLabel(t, review.type)}`,
        `${review.title} · ${formatDay(review.date, language)} · ${t("finalStewardship.daysRemaining", { count: review.days_remaining })}`,
      ],
    ),
  ];
  const currentRows: [string, string][] = current
    ? [
        [current.title, t("finalStewardship.outOf100", { value: current.overall_score })],
        [t("records.fields.certificationStatus"), valueLabel(t, current.certification_status)],
        [t("finalStewardship.dashboard.validated"), formatDay(current.validation_date, language)],
        [t("finalStewardship.dashboard.systems"), current.systems_health_score === null ? "—" : t("finalStewardship.outOf100", { value: current.systems_health_score })],
        [t("finalStewardship.dashboard.dataIntegrity"), current.data_integrity_score === null ? "—" : t("finalStewardship.outOf100", { value: current.data_integrity_score })],
        [t("finalStewardship.dashboard.security"), current.security_score === null ? "—" : t("finalStewardship.outOf100", { value: current.security_score })],
        [t("finalStewardship.dashboard.actionItems"), n(current.action_items)],
        [t("finalStewardship.dashboard.nextReview"), day(current.next_validation_date, t("finalStewardship.tbd"))],
      ]
    : [[t("finalStewardship.dashboard.currentValidation"), t("finalStewardship.validation.empty")]];

  return [
    { heading: t("finalStewardship.tabs.dashboard"), rows: dashboardRows },
    { heading: t("finalStewardship.dashboard.currentValidation"), rows: currentRows },
    {
      heading: t("finalStewardship.tabs.validation"),
      rows: [
        [t("finalStewardship.validation.certificationRate"), pct(a.validations.certification_rate)],
        [t("finalStewardship.validation.averageScore"), n(a.validations.average_score)],
        [t("finalStewardship.validation.complianceStatus"), compliance.status ? valueLabel(t, compliance.status) : t("finalStewardship.validation.noStatus")],
        [t("finalStewardship.validation.complianceStatus"), t("finalStewardship.validation.issues", { count: num(compliance.issues) })],
        [t("finalStewardship.validation.byType"), countsText(a.validations.by_type)],
      ],
    },
    {
      heading: t("finalStewardship.tabs.audits"),
      rows: [
        [t("finalStewardship.audits.averageScore"), n(a.audits.average_score)],
        [t("finalStewardship.audits.overdueActions"), n(a.audits.overdue_actions)],
        [t("finalStewardship.audits.trend"), `${t(`records.trends.${(trend.trend ?? "no_data") as "no_data"}`)} (${signedChange(num(trend.change), language)})`],
        [t("finalStewardship.audits.byType"), countsText(a.audits.by_type)],
      ],
    },
    {
      heading: t("finalStewardship.tabs.archives"),
      rows: [
        [t("finalStewardship.archives.totalArchives"), n(a.archives.total_archives)],
        [t("finalStewardship.archives.totalSize"), formatGb(num(a.archives.total_size), language)],
        [t("finalStewardship.archives.byType"), countsText(a.archives.by_type)],
        [t("finalStewardship.archives.byLocation"), countsText(a.archives.storage_locations)],
        [
          t("finalStewardship.archives.overview"),
          num(a.archives.upcoming_verifications) > 0
            ? t("finalStewardship.archives.verificationsDue", { count: num(a.archives.upcoming_verifications) })
            : t("finalStewardship.archives.noVerificationsDue"),
        ],
      ],
    },
    {
      heading: t("finalStewardship.tabs.plans"),
      rows: [
        [t("finalStewardship.plans.activePlans"), n(a.plans.active_plans)],
        [t("finalStewardship.plans.legacyCompleteness"), pct(a.plans.legacy_completeness)],
        [t("finalStewardship.plans.coverage"), pct(coverage.coverage_percentage)],
        [t("finalStewardship.plans.covered"), areas(coverage.covered_areas)],
        [t("finalStewardship.plans.missing"), areas(coverage.missing_areas)],
        [t("finalStewardship.plans.byType"), countsText(a.plans.by_type)],
      ],
    },
    {
      heading: t("finalStewardship.tabs.statements"),
      rows: [
        [t("finalStewardship.statements.impactScore"), n(impact.impact_score)],
        [t("finalStewardship.statements.distributionReach"), n(a.statements.distribution_reach)],
        [t("finalStewardship.statements.achievements"), n(impact.total_achievements)],
        [t("finalStewardship.statements.lessons"), n(impact.total_lessons)],
        [t("finalStewardship.statements.bestPractices"), n(impact.total_best_practices)],
        [t("finalStewardship.statements.byType"), countsText(a.statements.by_type)],
        [t("finalStewardship.statements.byStatus"), countsText(a.statements.publication_status)],
      ],
    },
  ];
}
