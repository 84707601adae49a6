import { BookOpen, FlaskConical, LayoutDashboard, Radar, ShieldCheck, Unplug } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import {
  complianceAuditFamily,
  EXPERIMENTS_REFRESH_MS,
  experimentFamily,
  type InnovationDashboard,
  knowledgeArticleFamily,
  legacyIntegrationFamily,
  TECH_ITEMS_SHOWN,
  techRadarItemFamily,
} from "@contract/records/innovation";
import type { FamilyRecord } from "@contract/records/schemas";
import { Badge } from "@/components/ui/badge";
import type { ReportSection } from "@/features/records";
import { explainOver, formatDay, valueLabel } from "@/features/records";
import { ReportButton } from "@/features/records";
import { dashboardSection, definePage, familySection, specialSection } from "@/features/records";
import { DeclaredPage } from "@/features/records";
import { useInnovationDashboard } from "./innovation-queries";
import { DashboardPanels, KNOWLEDGE_QUERY, KnowledgePanel, RADAR_QUERY, radarColumns, TechRadarPanel } from "./innovation-panels";
import { auditTone, legacyTone } from "./ring-tones";

/*
 * Innovation & Legacy (spec §2), declared: six tabs, starting on the dashboard; the open tab lives in the URL. The
 * radar and its list show the spec's 10 technologies, the most recently moved, with "View all (N)" for the rest;
 * every figure says what it is computed over and opens those records. The radar, the dashboard's deadlines and the
 * knowledge base's search and articles are this page's own (innovation-panels.tsx).
 */

/** The records a figure counts, by their status: the family's declared statuses, checked by the typecheck. */
type AuditRow = FamilyRecord<typeof complianceAuditFamily>;
type IntegrationRow = FamilyRecord<typeof legacyIntegrationFamily>;
const finishedAudits = (rows: readonly AuditRow[]) => rows.filter((row) => row.status === "passed" || row.status === "failed").length;
const openAudits = (rows: readonly AuditRow[]) => rows.filter((row) => row.status === "planning" || row.status === "in_progress").length;
const notSunset = (rows: readonly IntegrationRow[]) => rows.filter((row) => row.status === "active" || row.status === "deprecated").length;
const completedWithOutcome = (rows: readonly FamilyRecord<typeof experimentFamily>[]) =>
  rows.filter((row) => row.status === "completed" && row.outcome !== null && row.outcome !== undefined).length;
/** The tab lists' query (every record up to the endpoint's page), the same the figures above them read. */
const WHOLE_LIST = { limit: 200 };

const dashboard = dashboardSection<InnovationDashboard>({
  useDashboard: useInnovationDashboard,
  loadingText: "innovation.loadingDashboard",
  testIdPrefix: "inn-card-",
  columns: 5,
  cards: [
    {
      key: "radar",
      title: "innovation.dashboard.technologies",
      icon: Radar,
      value: (d) => d.tech_radar.total,
      format: "number",
      caption: { text: "innovation.dashboard.adoptionRate", count: (d) => d.tech_radar.adopt, params: (d) => ({ value: d.tech_radar.adoption_rate }) },
      explain: { family: techRadarItemFamily, text: "innovation.explain.technologies" },
    },
    {
      key: "experiments",
      title: "innovation.dashboard.activeExperiments",
      icon: FlaskConical,
      value: (d) => d.experiments.active,
      format: "number",
      caption: { text: "innovation.dashboard.successRate", count: (d) => d.experiments.completed, params: (d) => ({ value: d.experiments.success_rate, completed: d.experiments.completed }) },
      explain: explainOver(experimentFamily, { text: "innovation.explain.activeExperiments", params: (rows) => ({ judged: completedWithOutcome(rows) }) }),
    },
    {
      key: "knowledge",
      title: "innovation.dashboard.articles",
      icon: BookOpen,
      value: (d) => d.knowledge.total_articles,
      format: "number",
      caption: { text: "innovation.dashboard.updatedRecently", count: (d) => d.knowledge.updated_last_30_days },
      explain: { family: knowledgeArticleFamily, text: "innovation.explain.articles" },
    },
    {
      key: "compliance",
      title: "innovation.dashboard.passRate",
      icon: ShieldCheck,
      value: (d) => d.compliance.pass_rate,
      format: "percent",
      tone: "80/60",
      caption: { text: "innovation.dashboard.overdueAudits", count: (d) => d.compliance.overdue_audits },
      explain: explainOver(complianceAuditFamily, { text: "innovation.explain.passRate", count: finishedAudits }),
    },
    {
      key: "legacy",
      title: "innovation.dashboard.legacyActive",
      icon: Unplug,
      value: (d) => d.legacy.active,
      format: "number",
      caption: { text: "innovation.dashboard.legacySplit", count: (d) => d.legacy.deprecated + d.legacy.sunset, params: (d) => ({ deprecated: d.legacy.deprecated, sunset: d.legacy.sunset }) },
      explain: { family: legacyIntegrationFamily, text: "innovation.explain.legacyActive" },
    },
  ],
  panels: (d) => <DashboardPanels data={d} />,
});

const radarFigures = familySection(techRadarItemFamily, {
  query: RADAR_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "innovation.radar.loading",
  analytics: {
    title: "innovation.radar.overview",
    items: [
      {
        kind: "figure",
        label: "innovation.radar.total",
        value: (a) => a.total_technologies,
        format: "number",
        testId: "inn-total-technologies",
        explain: { family: techRadarItemFamily, text: "innovation.explain.radarTotal", params: () => ({ max: TECH_ITEMS_SHOWN }) },
      },
      {
        kind: "figure",
        label: "innovation.radar.movedRecently",
        value: (a) => a.moved_last_90_days,
        format: "number",
        testId: "inn-moved-recently",
        explain: { family: techRadarItemFamily, text: "innovation.explain.movedRecently" },
      },
      { kind: "counts", label: "innovation.radar.byRing", value: (a) => a.by_status, emptyText: "innovation.none" },
    ],
  },
});

const radarList = familySection(techRadarItemFamily, {
  query: RADAR_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "innovation.radar.loading",
  list: { title: "innovation.radar.list", cap: TECH_ITEMS_SHOWN, columns: radarColumns, emptyText: "innovation.radar.empty" },
});

const experiments = familySection(experimentFamily, {
  query: WHOLE_LIST,
  refreshMs: EXPERIMENTS_REFRESH_MS,
  loadingText: "innovation.experiments.loading",
  analytics: {
    title: "innovation.experiments.overview",
    items: [
      {
        kind: "figure",
        label: "innovation.experiments.active",
        value: (a) => a.active_experiments,
        format: "number",
        testId: "inn-active-experiments",
        explain: { family: experimentFamily, text: "innovation.explain.inProgress" },
      },
      {
        kind: "figure",
        label: "innovation.experiments.successRate",
        value: (a) => a.success_rate,
        format: "percent",
        testId: "inn-success-rate",
        explain: explainOver(experimentFamily, { filters: { status: "completed" }, text: "innovation.explain.successRate", count: completedWithOutcome }),
      },
      { kind: "counts", label: "innovation.experiments.byStatus", value: (a) => a.by_status, emptyText: "innovation.none" },
    ],
  },
  list: {
    title: "innovation.experiments.title",
    columns: [
      { field: "title" },
      { field: "hypothesis" },
      { field: "metric" },
      { field: "status", badge: { scheme: "innovation" } },
      { field: "endDate" },
      { field: "outcome" },
      { field: "result" },
    ],
    emptyText: "innovation.experiments.empty",
  },
});

const knowledgeFigures = familySection(knowledgeArticleFamily, {
  query: KNOWLEDGE_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "innovation.knowledge.loading",
  analytics: {
    title: "innovation.knowledge.overview",
    items: [
      {
        kind: "figure",
        label: "innovation.knowledge.total",
        value: (a) => a.total_articles,
        format: "number",
        testId: "inn-total-articles",
        explain: { family: knowledgeArticleFamily, text: "innovation.explain.articles" },
      },
      {
        kind: "figure",
        label: "innovation.knowledge.tags",
        value: (a) => a.distinct_tags,
        format: "number",
        testId: "inn-distinct-tags",
        explain: { family: knowledgeArticleFamily, text: "innovation.explain.tags" },
      },
      {
        kind: "figure",
        label: "innovation.knowledge.updated",
        value: (a) => a.updated_last_30_days,
        format: "number",
        testId: "inn-updated-articles",
        explain: { family: knowledgeArticleFamily, text: "innovation.explain.updated" },
      },
    ],
  },
});

const compliance = familySection(complianceAuditFamily, {
  query: WHOLE_LIST,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "innovation.compliance.loading",
  analytics: {
    title: "innovation.compliance.overview",
    items: [
      {
        kind: "figure",
        label: "innovation.compliance.passRate",
        value: (a) => a.pass_rate,
        format: "percent",
        tone: "80/60",
        testId: "inn-pass-rate",
        explain: explainOver(complianceAuditFamily, { text: "innovation.explain.passRate", count: finishedAudits }),
      },
      {
        kind: "figure",
        label: "innovation.compliance.overdue",
        value: (a) => a.overdue_audits,
        format: "number",
        testId: "inn-overdue-audits",
        explain: explainOver(complianceAuditFamily, { text: "innovation.explain.overdueAudits", count: openAudits }),
      },
      {
        kind: "figure",
        label: "innovation.compliance.openFindings",
        value: (a) => a.open_findings,
        format: "number",
        testId: "inn-open-findings",
        explain: { family: complianceAuditFamily, text: "innovation.explain.openFindings" },
      },
    ],
  },
  list: {
    title: "innovation.compliance.title",
    columns: [
      { field: "title" },
      { field: "framework" },
      { field: "dueDate" },
      { field: "status", render: (r, t) => <Badge variant={auditTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
      { field: "openFindings" },
      { field: "findings" },
    ],
    emptyText: "innovation.compliance.empty",
  },
});

const legacy = familySection(legacyIntegrationFamily, {
  query: WHOLE_LIST,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "innovation.legacy.loading",
  analytics: {
    title: "innovation.legacy.overview",
    items: [
      {
        kind: "figure",
        label: "innovation.legacy.upcoming",
        value: (a) => a.upcoming_sunsets,
        format: "number",
        testId: "inn-upcoming-sunsets",
        explain: explainOver(legacyIntegrationFamily, { text: "innovation.explain.upcomingSunsets", count: notSunset }),
      },
      {
        kind: "figure",
        label: "innovation.legacy.overdue",
        value: (a) => a.overdue_sunsets,
        format: "number",
        testId: "inn-overdue-sunsets",
        explain: explainOver(legacyIntegrationFamily, { text: "innovation.explain.overdueSunsets", count: notSunset }),
      },
      { kind: "counts", label: "innovation.legacy.byStatus", value: (a) => a.by_status, emptyText: "innovation.none" },
    ],
  },
  list: {
    title: "innovation.legacy.title",
    columns: [
      { field: "name" },
      { field: "system" },
      { field: "status", render: (r, t) => <Badge variant={legacyTone(String(r.status))}>{valueLabel(t, String(r.status))}</Badge> },
      { field: "sunsetDate" },
      { field: "replacement" },
    ],
    emptyText: "innovation.legacy.empty",
  },
});

/** The report: the dashboard's figures as the page shows them, in the reader's language. */
function reportSections(t: TFunction, language: string, d: InnovationDashboard): ReportSection[] {
  const s = (value: number | string) => String(value);
  return [
    {
      heading: t("innovation.tabs.radar"),
      rows: [
        [t("innovation.dashboard.technologies"), s(d.tech_radar.total)],
        ...(["adopt", "trial", "assess", "hold"] as const).map((ring) => [valueLabel(t, ring), s(d.tech_radar[ring])] as const),
        [t("innovation.report.adoptionRate"), `${d.tech_radar.adoption_rate}%`],
      ],
    },
    {
      heading: t("innovation.tabs.experiments"),
      rows: [
        [t("innovation.dashboard.activeExperiments"), s(d.experiments.active)],
        [t("innovation.report.completed"), s(d.experiments.completed)],
        [t("innovation.experiments.successRate"), `${d.experiments.success_rate}%`],
      ],
    },
    {
      heading: t("innovation.tabs.knowledge"),
      rows: [
        [t("innovation.dashboard.articles"), s(d.knowledge.total_articles)],
        [t("innovation.knowledge.updated"), s(d.knowledge.updated_last_30_days)],
      ],
    },
    {
      heading: t("innovation.tabs.compliance"),
      rows: [
        [t("innovation.compliance.passRate"), `${d.compliance.pass_rate}%`],
        [t("innovation.compliance.overdue"), s(d.compliance.overdue_audits)],
        [t("innovation.compliance.openFindings"), s(d.compliance.open_findings)],
      ],
    },
    {
      heading: t("innovation.tabs.legacy"),
      rows: (["active", "deprecated", "sunset"] as const).map((status) => [valueLabel(t, status), s(d.legacy[status])] as const),
    },
    {
      heading: `${t("innovation.dashboard.deadlines")} (${t("innovation.dashboard.next30Days")})`,
      rows: d.upcoming_deadlines.length
        ? d.upcoming_deadlines.map((deadline) => [`${t(`innovation.deadlineKinds.${deadline.kind}`)}: ${deadline.title}`, formatDay(deadline.date, language)] as const)
        : [[t("innovation.dashboard.noDeadlines"), ""]],
    },
  ];
}

/** The header's Innovation Report: the dashboard's figures, once loaded. */
function InnovationReportButton() {
  const { t, i18n } = useTranslation();
  const dashboardReply = useInnovationDashboard();
  return (
    <ReportButton
      label={t("innovation.report.button")}
      title={t("pages.innovation.title")}
      sections={dashboardReply.data ? reportSections(t, i18n.language, dashboardReply.data) : null}
    />
  );
}

export const innovationPage = definePage({
  listLabel: "innovation.tabs.label",
  tabLabelPrefix: "innovation.tabs.",
  Actions: InnovationReportButton,
  tabs: [
    { name: "dashboard", icon: LayoutDashboard, sections: [dashboard] },
    { name: "radar", icon: Radar, sections: [radarFigures, specialSection(TechRadarPanel), radarList] },
    { name: "experiments", icon: FlaskConical, sections: [experiments] },
    { name: "knowledge", icon: BookOpen, sections: [knowledgeFigures, specialSection(KnowledgePanel)] },
    { name: "compliance", icon: ShieldCheck, sections: [compliance] },
    { name: "legacy", icon: Unplug, sections: [legacy] },
  ],
});

/** Innovation & Legacy (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL. */
export default function InnovationPage() {
  return <DeclaredPage page={innovationPage} />;
}
