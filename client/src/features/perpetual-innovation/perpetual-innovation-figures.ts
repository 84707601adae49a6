import type { TFunction } from "i18next";
import type { PerpetualInnovationDashboard } from "@contract/records/perpetual-innovation";
import type { ReportSection } from "@/features/records";
import { counts, num, type Analytics } from "@/features/records";
import { formatDay, formatNumber, valueLabel } from "@/features/records";
import { threeStepTone } from "@/features/records";

/** Spec §5: on this page a score of at least 80 is green, at least 60 yellow, otherwise red. */
export const scoreTone = threeStepTone;

/** A decimal string or number of dollars, in the reader's language. */
export const formatMoney = (value: unknown, language: string) =>
  new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(Number(value ?? 0));

/** Spec §9 caps the impact areas shown to the first 3. */
export const IMPACT_AREAS_SHOWN = 3;

/** The innovation timeline's overdue count is shown only when there is something overdue (spec §2). */
export const showsOverdue = (overdue: number) => overdue > 0;

export interface LegacyReportInputs {
  dashboard: PerpetualInnovationDashboard;
  techRefresh: Analytics;
  handover: Analytics;
  legacy: Analytics;
  sustainability: Analytics;
  reports: Analytics;
}

const countsLine = (t: TFunction, value: unknown) =>
  counts(value)
    .map(([key, count]) => `${valueLabel(t, key)}: ${count}`)
    .join(", ") || t("perpetualInnovation.none");

/** The Legacy Report: the dashboard's figures and each tab's analytics, as the page shows them now. */
export function legacyReportSections(t: TFunction, language: string, inputs: LegacyReportInputs): ReportSection[] {
  const { dashboard: d, techRefresh: r, handover: h, legacy: l, sustainability: s, reports: p } = inputs;
  const n = (value: unknown) => formatNumber(num(value), language);
  const pct = (value: unknown) => `${n(value)}%`;
  const debt = (r.technology_debt ?? {}) as { level?: string | null; count?: number; deprecated?: number; at_risk?: number };
  const impact = (l.community_impact ?? {}) as Analytics;
  const timeline = (l.transition_timeline ?? {}) as { next_transition?: string | null } & Analytics;
  const summary = (p.impact_summary ?? {}) as { impact_areas?: string[] } & Analytics;
  return [
    {
      heading: t("perpetualInnovation.tabs.dashboard"),
      rows: [
        [t("perpetualInnovation.dashboard.innovationHealth"), pct(d.innovation_health)],
        [t("perpetualInnovation.dashboard.successionReady"), pct(d.succession_readiness)],
        [t("perpetualInnovation.dashboard.legacyStatus"), pct(d.community_legacy_status)],
        [t("perpetualInnovation.dashboard.sustainability"), pct(d.sustainability_score)],
        [t("perpetualInnovation.dashboard.projectMaturity"), pct(d.project_maturity)],
        [t("perpetualInnovation.dashboard.impactValue"), formatMoney(d.legacy_impact.quantified_impact, language)],
        [t("perpetualInnovation.dashboard.preservation"), pct(d.legacy_impact.preservation_score)],
        [
          t("perpetualInnovation.dashboard.nextRefresh"),
          d.innovation_timeline.next_refresh ? formatDay(d.innovation_timeline.next_refresh, language) : t("perpetualInnovation.dashboard.notScheduled"),
        ],
        [t("perpetualInnovation.dashboard.scheduledRefreshes"), n(d.innovation_timeline.scheduled_refreshes)],
        [t("perpetualInnovation.dashboard.overdueRefreshes"), n(d.innovation_timeline.overdue_refreshes)],
        [t("perpetualInnovation.dashboard.upcomingReviews"), n(d.upcoming_reviews.length)],
      ],
    },
    {
      heading: t("perpetualInnovation.tabs.innovation"),
      rows: [
        [t("perpetualInnovation.innovation.score"), pct(r.innovation_score)],
        [t("perpetualInnovation.innovation.prototypeSuccess"), pct(r.prototype_success_rate)],
        [t("perpetualInnovation.innovation.debtLevel"), debt.level ? valueLabel(t, debt.level) : t("perpetualInnovation.unknown")],
        [t("perpetualInnovation.innovation.debtIssues"), n(debt.count)],
        [t("perpetualInnovation.innovation.deprecated"), n(debt.deprecated)],
        [t("perpetualInnovation.innovation.atRisk"), n(debt.at_risk)],
        [t("perpetualInnovation.innovation.prototypesThisYear"), n(r.prototypes_this_year)],
        [t("perpetualInnovation.innovation.velocity"), n(r.innovation_velocity)],
      ],
    },
    {
      heading: t("perpetualInnovation.tabs.handover"),
      rows: [
        [t("perpetualInnovation.handover.readiness"), pct(h.readiness_score)],
        [t("perpetualInnovation.handover.total"), n(h.total_packages)],
        [t("perpetualInnovation.byType"), countsLine(t, h.by_type)],
        [t("perpetualInnovation.byStatus"), countsLine(t, h.by_status)],
      ],
    },
    {
      heading: t("perpetualInnovation.tabs.legacy"),
      rows: [
        [t("perpetualInnovation.legacy.openSource"), n(impact.open_source_initiatives)],
        [t("perpetualInnovation.legacy.reach"), n(impact.stakeholder_reach)],
        [t("perpetualInnovation.byType"), countsLine(t, l.by_type)],
        [
          t("perpetualInnovation.legacy.nextTransition"),
          timeline.next_transition ? formatDay(timeline.next_transition, language) : t("perpetualInnovation.legacy.noneScheduled"),
        ],
        [t("perpetualInnovation.legacy.pending"), n(timeline.pending_transitions)],
        [t("perpetualInnovation.legacy.completed"), n(timeline.completed_transitions)],
      ],
    },
    {
      heading: t("perpetualInnovation.tabs.sustainability"),
      rows: [
        [t("perpetualInnovation.sustainability.score"), pct(s.sustainability_score)],
        [t("perpetualInnovation.sustainability.budget"), formatMoney(s.budget_allocation, language)],
        [t("perpetualInnovation.byType"), countsLine(t, s.by_type)],
        [t("perpetualInnovation.sustainability.maintenance"), n(s.active_maintenance)],
        [t("perpetualInnovation.sustainability.sunsets"), n(s.scheduled_sunsets)],
      ],
    },
    {
      heading: t("perpetualInnovation.tabs.reports"),
      rows: [
        [t("perpetualInnovation.reports.legacyValue"), formatMoney(p.legacy_value, language)],
        [t("perpetualInnovation.reports.knowledge"), n(p.knowledge_preservation)],
        [t("perpetualInnovation.reports.achievements"), n(summary.total_achievements)],
        [t("perpetualInnovation.reports.lessons"), n(summary.lessons_documented)],
        [
          t("perpetualInnovation.reports.impactAreas"),
          (summary.impact_areas ?? []).slice(0, IMPACT_AREAS_SHOWN).join(", ") || t("perpetualInnovation.none"),
        ],
        [t("perpetualInnovation.reports.public"), n(p.public_reports)],
      ],
    },
  ];
}
