import { Activity, AlertTriangle, Clock, HeartPulse, Landmark, LayoutDashboard, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  BUSINESS_HEALTH_REFRESH_MS,
  type BusinessHealthDashboard,
  communityEngagementFamily,
  evergreenReviewFamily,
  healthSnapshotFamily,
  incidentSimulationFamily,
  legacyPlanFamily,
  RECORD_LIST_REFRESH_MS,
  riskFamily,
} from "@contract/records/business-health";
import { Badge } from "@/components/ui/badge";
import { countRecorded, explainOver, formatDay, valueLabel } from "@/features/records";
import { ReportButton } from "@/features/records";
import { type AnalyticsItem, type AnalyticsOf, dashboardSection, definePage, familySection, specialSection } from "@/features/records";
import { DeclaredPage } from "@/features/records";
import { CurrentHealth, DashboardPanels } from "./business-health-panels";
import { useBusinessHealthDashboard } from "./business-health-queries";
import { healthReportSections } from "./business-health-report";

/*
 * Business Health & Evergreen (spec §2), declared: six tabs, starting on the dashboard; the open tab lives in the URL.
 * Scores follow the spec's 80/60 colours (§5); the latest simulations, activities and reviews are capped at 5 with
 * "View all (N)"; each figure says what it is computed over and opens those records.
 */

const levelVariant = (level: unknown) => (level === "critical" || level === "high" ? "destructive" : level === "medium" ? "warning" : "success");
/** The simulations an average is over: those that recorded the figure. */
const timed = countRecorded(incidentSimulationFamily, "responseTime");
const rated = countRecorded(incidentSimulationFamily, "effectiveness");

const dashboard = dashboardSection<BusinessHealthDashboard>({
  useDashboard: useBusinessHealthDashboard,
  loadingText: "businessHealth.loadingDashboard",
  testIdPrefix: "bh-card-",
  cards: [
    {
      key: "overall",
      title: "businessHealth.dashboard.overallHealth",
      icon: HeartPulse,
      value: (d) => d.overall_health_score,
      format: "percent",
      tone: "80/60",
      progress: true,
      explain: explainOver(evergreenReviewFamily, {
        text: "businessHealth.explain.overall",
        noneText: "businessHealth.explain.overallNone",
        // The family lists reviews newest first: the first is the one the score comes from.
        params: (rows, language) => ({ date: rows[0] ? formatDay(rows[0].reviewDate, language) : "" }),
      }),
    },
    {
      key: "risks",
      title: "businessHealth.dashboard.criticalRisks",
      icon: AlertTriangle,
      value: (d) => d.risk_summary.critical_risks,
      format: "number",
      caption: { text: "businessHealth.dashboard.activeRisks", count: (d) => d.risk_summary.active_risks },
      explain: { family: riskFamily, filters: { status: "active" }, text: "businessHealth.explain.criticalRisks" },
    },
    {
      key: "community",
      title: "businessHealth.dashboard.communityReach",
      icon: Users,
      value: (d) => d.community_impact.total_reach,
      format: "number",
      caption: { text: "businessHealth.dashboard.engagements", count: (d) => d.community_impact.total_engagements },
      explain: { family: communityEngagementFamily, text: "businessHealth.explain.reach" },
    },
    {
      key: "response",
      title: "businessHealth.dashboard.responseTime",
      icon: Clock,
      value: (d) => d.incident_preparedness.average_response_time,
      format: "minutes",
      caption: { text: "businessHealth.dashboard.simulations", count: (d) => d.incident_preparedness.simulations_this_year },
      explain: explainOver(incidentSimulationFamily, { text: "businessHealth.explain.responseTime", count: timed }),
    },
  ],
  panels: (d) => <DashboardPanels data={d} />,
});

const snapshots = familySection(healthSnapshotFamily, {
  query: {},
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "businessHealth.loading",
  list: {
    title: "businessHealth.health.snapshots",
    columns: [{ field: "snapshotDate" }, { field: "revenueGrowth" }, { field: "uptime" }, { field: "technicalDebt" }],
    emptyText: "businessHealth.health.noSnapshots",
  },
});

const risks = familySection(riskFamily, {
  query: { status: "active", limit: 200 },
  refreshMs: BUSINESS_HEALTH_REFRESH_MS,
  loadingText: "businessHealth.loading",
  analytics: {
    title: "businessHealth.risks.overview",
    items: [
      {
        kind: "figure",
        label: "businessHealth.risks.highPriority",
        value: (a) => a.high_priority_risks,
        format: "number",
        testId: "bh-high-priority",
        explain: { family: riskFamily, filters: { status: "active" }, text: "businessHealth.explain.highPriority" },
      },
      {
        kind: "figure",
        label: "businessHealth.risks.total",
        value: (a) => a.total_risks,
        format: "number",
        testId: "bh-total-risks",
        explain: { family: riskFamily, text: "businessHealth.explain.totalRisks" },
      },
      { kind: "counts", label: "businessHealth.risks.byCategory", value: (a) => a.by_category, emptyText: "businessHealth.none" },
    ],
  },
  list: {
    title: "businessHealth.risks.active",
    columns: [
      { field: "risk" },
      {
        field: "likelihood",
        label: "businessHealth.risks.levels",
        render: (risk, t) => (
          <span className="flex flex-wrap gap-1">
            <Badge variant={levelVariant(risk.likelihood)}>{t("businessHealth.risks.likelihood", { level: valueLabel(t, String(risk.likelihood)) })}</Badge>
            <Badge variant={levelVariant(risk.impact)}>{t("businessHealth.risks.impact", { level: valueLabel(t, String(risk.impact)) })}</Badge>
          </span>
        ),
      },
      { field: "mitigation" },
      { field: "owner" },
      { field: "nextReviewDate" },
    ],
    emptyText: "businessHealth.risks.empty",
  },
});

const incidents = familySection(incidentSimulationFamily, {
  query: { limit: 5 },
  refreshMs: BUSINESS_HEALTH_REFRESH_MS,
  loadingText: "businessHealth.loading",
  analytics: {
    title: "businessHealth.incidents.preparedness",
    items: [
      {
        kind: "figure",
        label: "businessHealth.incidents.averageResponse",
        value: (a) => a.average_response_time,
        format: "minutes",
        testId: "bh-average-response",
        explain: explainOver(incidentSimulationFamily, { text: "businessHealth.explain.responseTime", count: timed }),
      },
      {
        kind: "figure",
        label: "businessHealth.incidents.averageEffectiveness",
        value: (a) => a.average_effectiveness,
        format: "outOf10",
        testId: "bh-average-effectiveness",
        explain: explainOver(incidentSimulationFamily, { text: "businessHealth.explain.effectiveness", count: rated }),
      },
      {
        kind: "trends",
        items: [
          { label: "businessHealth.incidents.responseTrend", value: (a) => a.improvement_trends.response_time },
          { label: "businessHealth.incidents.effectivenessTrend", value: (a) => a.improvement_trends.effectiveness },
        ],
      },
    ],
  },
  list: {
    title: "businessHealth.incidents.latest",
    cap: 5,
    columns: [
      { field: "scenario" },
      { field: "scenarioType" },
      // Spec §4: active and in_progress blue, completed and mitigated green, planning yellow, cancelled red.
      { field: "status", badge: { scheme: "simulation", testId: "simulation-status" } },
      { field: "simulationDate" },
      { field: "responseTime", format: "minutes" },
      { field: "effectiveness", format: "outOf10" },
    ],
    emptyText: "businessHealth.incidents.empty",
  },
});

const community = familySection(communityEngagementFamily, {
  query: { limit: 5 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "businessHealth.loading",
  analytics: {
    title: "businessHealth.community.impact",
    items: [
      {
        kind: "figure",
        label: "businessHealth.community.totalReach",
        value: (a) => a.total_reach,
        format: "number",
        testId: "bh-total-reach",
        explain: { family: communityEngagementFamily, text: "businessHealth.explain.reach" },
      },
      {
        kind: "figure",
        label: "businessHealth.community.engagement",
        value: (a) => a.total_engagement,
        format: "number",
        testId: "bh-total-engagement",
        explain: { family: communityEngagementFamily, text: "businessHealth.explain.engagements" },
      },
      { kind: "counts", label: "businessHealth.community.byType", value: (a) => a.by_type, emptyText: "businessHealth.none" },
    ],
  },
  list: {
    title: "businessHealth.community.latest",
    cap: 5,
    columns: [{ field: "title" }, { field: "engagementType" }, { field: "reach" }, { field: "date" }, { field: "impact" }],
    emptyText: "businessHealth.community.empty",
  },
});

const legacyPlans = familySection(legacyPlanFamily, {
  query: { limit: 200 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "businessHealth.loading",
  analytics: {
    title: "businessHealth.legacy.planning",
    items: [
      {
        kind: "figure",
        label: "businessHealth.legacy.overallProgress",
        value: (a) => a.overall_progress,
        format: "percent",
        tone: "80/60",
        progress: true,
        testId: "bh-overall-progress",
        explain: explainOver(legacyPlanFamily, {
          text: "businessHealth.explain.progress",
          count: (rows) => rows.filter((plan) => plan.status !== "cancelled").length,
        }),
      },
      {
        kind: "figure",
        label: "businessHealth.legacy.totalPlans",
        value: (a) => a.total_plans,
        format: "number",
        testId: "bh-total-plans",
        explain: { family: legacyPlanFamily, text: "businessHealth.explain.totalPlans" },
      },
      { kind: "counts", label: "businessHealth.legacy.byType", value: (a) => a.by_type, emptyText: "businessHealth.none" },
    ],
  },
  list: {
    title: "businessHealth.legacy.plans",
    columns: [{ field: "title" }, { field: "planType" }, { field: "status" }, { field: "progress" }, { field: "nextMilestone" }, { field: "milestoneDate" }],
    emptyText: "businessHealth.legacy.noPlans",
  },
});

/** One of the evergreen reviews' three averages, with its trend and its line. */
const reviewAverage = (dimension: "business" | "technical" | "community"): AnalyticsItem<AnalyticsOf<typeof evergreenReviewFamily>> => ({
  kind: "figure",
  label: `businessHealth.legacy.${dimension}Health`,
  value: (a) => a[`average_${dimension}_health`],
  format: "percent",
  tone: "80/60",
  testId: `bh-${dimension}-health`,
  trend: { label: "businessHealth.legacy.trend", value: (a) => a.improvement_trends[dimension] },
  explain: { family: evergreenReviewFamily, text: "businessHealth.explain.reviews" },
});

const evergreenReviews = familySection(evergreenReviewFamily, {
  query: { limit: 5 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "businessHealth.loading",
  analytics: {
    title: "businessHealth.legacy.evergreen",
    items: [
      reviewAverage("business"),
      reviewAverage("technical"),
      reviewAverage("community"),
      {
        kind: "line",
        render: (a, t, language) => (
          <p className="text-sm sm:col-span-3" data-testid="bh-next-review">
            {a.next_review_due ? t("businessHealth.legacy.nextReviewDue", { date: formatDay(a.next_review_due, language) }) : t("businessHealth.legacy.noReviewDue")}
          </p>
        ),
      },
    ],
  },
  list: {
    title: "businessHealth.legacy.reviews",
    cap: 5,
    columns: [{ field: "title" }, { field: "reviewType" }, { field: "reviewDate" }, { field: "businessHealth" }, { field: "technicalHealth" }, { field: "communityHealth" }],
    emptyText: "businessHealth.legacy.noReviews",
  },
});

/** The header's Health Report: the dashboard's figures and the current health, once they have loaded. */
function HealthReportButton() {
  const { t, i18n } = useTranslation();
  const query = useBusinessHealthDashboard();
  const sections = query.data ? healthReportSections(t, i18n.language, query.data) : null;
  return <ReportButton label={t("businessHealth.healthReport")} title={t("businessHealth.reportTitle")} sections={sections} />;
}

export const businessHealthPage = definePage({
  listLabel: "businessHealth.tabs.label",
  tabLabelPrefix: "businessHealth.tabs.",
  Actions: HealthReportButton,
  tabs: [
    { name: "dashboard", icon: LayoutDashboard, sections: [dashboard] },
    { name: "health", icon: HeartPulse, sections: [specialSection(CurrentHealth), snapshots] },
    { name: "risks", icon: AlertTriangle, sections: [risks] },
    { name: "incidents", icon: Activity, sections: [incidents] },
    { name: "community", icon: Users, sections: [community] },
    { name: "legacy", icon: Landmark, sections: [legacyPlans, evergreenReviews] },
  ],
});

export default function BusinessHealthPage() {
  return <DeclaredPage page={businessHealthPage} />;
}
