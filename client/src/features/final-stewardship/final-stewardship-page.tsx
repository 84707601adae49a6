import { Archive, ClipboardCheck, FileText, HeartPulse, Landmark, LayoutDashboard, ScrollText, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { archivalSystemFamily, legacyAuditFamily, stewardshipPlanFamily, stewardshipStatementFamily, stewardshipValidationFamily, type FinalStewardshipDashboard } from "@contract/records/final-stewardship";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import { DeclaredPage, ReportButton, dashboardSection, definePage, familySection, formatDay, formatNumber, type StatDeclaration } from "@/features/records";
import { finalStewardshipReport } from "./final-stewardship-report";
import {
  ACTIVE_PLANS_QUERY,
  ARCHIVES_QUERY,
  AUDITS_QUERY,
  STATEMENTS_QUERY,
  useActivePlans,
  useArchives,
  useAudits,
  useFinalStewardshipDashboard,
  useStatements,
  useValidations,
  VALIDATIONS_QUERY,
} from "./final-stewardship-queries";
import {
  ArchiveLabels,
  AuditTrend,
  ComplianceStatus,
  DashboardPanels,
  dayOrTbd,
  explainActivePlans,
  explainArchivesNotRetired,
  explainOverdue,
  explainPublished,
  explainScoredAudits,
  explainValidations,
  PlanCoverage,
  PlanProvisions,
  Score,
  StatementTotals,
  StatementType,
  TotalSize,
  VerificationsDue,
} from "./final-stewardship-panels";
import { entries, formatGb } from "./stewardship-figures";

/*
 * Final Stewardship & Legacy (spec §2), declared: six tabs, starting on the dashboard; the open tab lives in the URL.
 * Scores follow the spec's 90/80/70/60 colours (§5), statuses its certification and stewardship badges (§4). The
 * latest validations and audits are capped at 5 with "View all (N)"; every figure says what it is computed over and
 * opens those records (the Active Plans line opens every plan, not only the active ones the tab lists).
 */

const stewardshipBadge = { scheme: "stewardship" } as const;

/** A dashboard card: its percentage in the page's colours with a progress bar, and what it is computed over. */
const card = (
  key: string,
  title: StatDeclaration<FinalStewardshipDashboard>["title"],
  icon: StatDeclaration<FinalStewardshipDashboard>["icon"],
  value: (d: FinalStewardshipDashboard) => number,
  more: Pick<StatDeclaration<FinalStewardshipDashboard>, "explain" | "caption">,
): StatDeclaration<FinalStewardshipDashboard> => ({ key, title, icon, value, format: "percent", tone: "90/80/70/60", progress: true, ...more });

const dashboard = dashboardSection<FinalStewardshipDashboard>({
  useDashboard: useFinalStewardshipDashboard,
  loadingText: "finalStewardship.loadingDashboard",
  testIdPrefix: "fs-card-",
  columns: 5,
  cards: [
    card("health", "finalStewardship.dashboard.stewardshipHealth", HeartPulse, (d) => d.stewardship_health, {
      caption: { text: "finalStewardship.explain.health", count: () => 4 },
    }),
    card("readiness", "finalStewardship.dashboard.systemReadiness", ShieldCheck, (d) => d.system_readiness, {
      explain: explainValidations("finalStewardship.explain.latestValidation"),
    }),
    card("audit", "finalStewardship.dashboard.auditCompliance", ClipboardCheck, (d) => d.audit_compliance, { explain: explainScoredAudits }),
    card("archival", "finalStewardship.dashboard.archivalComplete", Archive, (d) => d.archival_completeness, { explain: explainArchivesNotRetired }),
    card("legacy", "finalStewardship.dashboard.legacyReady", Landmark, (d) => d.legacy_preparation, {
      explain: { family: stewardshipPlanFamily, filters: { status: "active" }, text: "finalStewardship.explain.coverage" },
    }),
  ],
  panels: (d) => <DashboardPanels d={d} />,
});

const validations = familySection(stewardshipValidationFamily, {
  query: VALIDATIONS_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "finalStewardship.loadingValidation",
  analytics: {
    title: "finalStewardship.validation.overview",
    items: [
      {
        kind: "figure",
        label: "finalStewardship.validation.certificationRate",
        value: (a) => a.certification_rate,
        format: "percent",
        tone: "90/80/70/60",
        testId: "fs-certification-rate",
        explain: explainValidations("finalStewardship.explain.certificationRate"),
      },
      {
        kind: "figure",
        label: "finalStewardship.validation.averageScore",
        value: (a) => a.average_score,
        format: "number",
        tone: "90/80/70/60",
        testId: "fs-validation-average",
        explain: explainValidations("finalStewardship.explain.validationAverage"),
      },
      { kind: "line", render: (a) => <ComplianceStatus status={a.compliance_status.status} issues={a.compliance_status.issues} /> },
      { kind: "counts", label: "finalStewardship.validation.byType", value: (a) => a.by_type, emptyText: "finalStewardship.none", wide: true },
    ],
  },
  list: {
    title: "finalStewardship.validation.latest",
    cap: 5,
    columns: [
      { field: "title" },
      { field: "validationType" },
      { field: "validationDate" },
      { field: "overallScore", render: (v) => <Score value={v.overallScore} /> },
      { field: "certificationStatus", badge: { scheme: "certification" } },
      { field: "actionItems", render: (v, _t, language) => formatNumber(entries(v.actionItems), language) },
      { field: "nextValidationDate", render: (v, t, language) => dayOrTbd(v.nextValidationDate, t, language) },
    ],
    emptyText: "finalStewardship.validation.empty",
  },
});

const audits = familySection(legacyAuditFamily, {
  query: AUDITS_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "finalStewardship.loadingAudits",
  analytics: {
    title: "finalStewardship.audits.overview",
    items: [
      {
        kind: "figure",
        label: "finalStewardship.audits.averageScore",
        value: (a) => a.average_score,
        format: "number",
        tone: "90/80/70/60",
        testId: "fs-audit-average",
        explain: explainScoredAudits,
      },
      { kind: "figure", label: "finalStewardship.audits.overdueActions", value: (a) => a.overdue_actions, format: "number", testId: "fs-overdue-actions", explain: explainOverdue },
      { kind: "line", render: (a) => <AuditTrend trend={a.audit_trends.trend} change={a.audit_trends.change} /> },
      { kind: "counts", label: "finalStewardship.audits.byType", value: (a) => a.by_type, emptyText: "finalStewardship.none", wide: true },
    ],
  },
  list: {
    title: "finalStewardship.audits.latest",
    cap: 5,
    columns: [
      { field: "title" },
      { field: "auditType" },
      { field: "status", badge: stewardshipBadge },
      { field: "auditDate" },
      { field: "auditorName" },
      { field: "auditScore", render: (r) => <Score value={r.auditScore} /> },
      {
        field: "criticalFindings",
        label: "finalStewardship.audits.findings",
        render: (r, _t, language) => formatNumber(entries(r.criticalFindings) + entries(r.majorFindings) + entries(r.minorFindings), language),
      },
    ],
    emptyText: "finalStewardship.audits.empty",
  },
});

const archives = familySection(archivalSystemFamily, {
  query: ARCHIVES_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "finalStewardship.loadingArchives",
  analytics: {
    title: "finalStewardship.archives.overview",
    items: [
      {
        kind: "figure",
        label: "finalStewardship.archives.totalArchives",
        value: (a) => a.total_archives,
        format: "number",
        testId: "fs-total-archives",
        explain: { family: archivalSystemFamily, text: "finalStewardship.explain.archives" },
      },
      { kind: "line", render: (a) => <TotalSize bytes={a.total_size} /> },
      { kind: "line", render: (a) => <VerificationsDue due={a.upcoming_verifications} /> },
      {
        kind: "countsGroup",
        layout: "across",
        items: [
          { label: "finalStewardship.archives.byType", value: (a) => a.by_type, emptyText: "finalStewardship.none" },
          { label: "finalStewardship.archives.byLocation", value: (a) => a.storage_locations, emptyText: "finalStewardship.none" },
        ],
      },
    ],
  },
  list: {
    title: "finalStewardship.archives.list",
    columns: [
      { field: "title" },
      { field: "archivalType" },
      { field: "status", badge: stewardshipBadge },
      { field: "archivalDate" },
      {
        field: "archivalSize",
        label: "finalStewardship.archives.size",
        render: (r, _t, language) => <span className="whitespace-nowrap">{formatGb(typeof r.archivalSize === "number" ? r.archivalSize : 0, language)}</span>,
      },
      { field: "lastVerified", render: (r, t, language) => (typeof r.lastVerified === "string" ? formatDay(r.lastVerified, language) : t("finalStewardship.never")) },
      { field: "encrypted", label: "finalStewardship.archives.labels", render: (r) => <ArchiveLabels archive={r} /> },
    ],
    emptyText: "finalStewardship.archives.empty",
  },
});

const plans = familySection(stewardshipPlanFamily, {
  query: ACTIVE_PLANS_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "finalStewardship.loadingPlans",
  analytics: {
    title: "finalStewardship.plans.overview",
    items: [
      { kind: "figure", label: "finalStewardship.plans.activePlans", value: (a) => a.active_plans, format: "number", testId: "fs-active-plans", explain: explainActivePlans },
      {
        kind: "figure",
        label: "finalStewardship.plans.legacyCompleteness",
        value: (a) => a.legacy_completeness,
        format: "percent",
        tone: "90/80/70/60",
        progress: true,
        testId: "fs-legacy-completeness",
        explain: { family: stewardshipPlanFamily, filters: { status: "active" }, text: "finalStewardship.explain.completeness" },
      },
      { kind: "line", render: (a) => <PlanCoverage coverage={a.stewardship_coverage} /> },
      { kind: "counts", label: "finalStewardship.plans.byType", value: (a) => a.by_type, emptyText: "finalStewardship.none", wide: true },
    ],
  },
  list: {
    title: "finalStewardship.plans.list",
    columns: [
      { field: "title" },
      { field: "planType" },
      { field: "version" },
      { field: "planDate" },
      { field: "nextReviewDate", render: (p, t, language) => dayOrTbd(p.nextReviewDate, t, language) },
      { field: "stewardshipRoles", label: "finalStewardship.plans.roles", render: (p, _t, language) => formatNumber(entries(p.stewardshipRoles), language) },
      { field: "maintenancePlan", label: "finalStewardship.plans.badges", render: (p) => <PlanProvisions plan={p} /> },
    ],
    emptyText: "finalStewardship.plans.empty",
  },
});

const statements = familySection(stewardshipStatementFamily, {
  query: STATEMENTS_QUERY,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "finalStewardship.loadingStatements",
  analytics: {
    title: "finalStewardship.statements.overview",
    items: [
      {
        kind: "figure",
        label: "finalStewardship.statements.impactScore",
        value: (a) => a.legacy_impact.impact_score,
        format: "number",
        tone: "90/80/70/60",
        testId: "fs-impact-score",
        explain: explainPublished("finalStewardship.explain.impact"),
      },
      {
        kind: "figure",
        label: "finalStewardship.statements.distributionReach",
        value: (a) => a.distribution_reach,
        format: "number",
        testId: "fs-distribution-reach",
        explain: explainPublished("finalStewardship.explain.reach"),
      },
      {
        kind: "line",
        render: (a) => (
          <StatementTotals
            achievements={a.legacy_impact.total_achievements}
            lessons={a.legacy_impact.total_lessons}
            bestPractices={a.legacy_impact.total_best_practices}
          />
        ),
      },
      {
        kind: "countsGroup",
        layout: "across",
        items: [
          { label: "finalStewardship.statements.byType", value: (a) => a.by_type, emptyText: "finalStewardship.none" },
          { label: "finalStewardship.statements.byStatus", value: (a) => a.publication_status, emptyText: "finalStewardship.none" },
        ],
      },
    ],
  },
  list: {
    title: "finalStewardship.statements.list",
    columns: [
      { field: "title" },
      { field: "statementType", render: (s) => <StatementType statement={s} /> },
      { field: "publicationStatus", badge: stewardshipBadge },
      { field: "version" },
      { field: "publishedDate" },
      {
        field: "keyAchievements",
        label: "finalStewardship.statements.counts",
        render: (s) => `${entries(s.keyAchievements)} / ${entries(s.lessonsLearned)} / ${entries(s.bestPractices)}`,
      },
      { field: "totalRecipients" },
    ],
    emptyText: "finalStewardship.statements.empty",
  },
});

/** Generate Report: the dashboard's figures and every tab's analytics, once they have all loaded. */
function GenerateReportButton() {
  const { t, i18n } = useTranslation();
  const dashboardReply = useFinalStewardshipDashboard();
  const validationList = useValidations();
  const auditList = useAudits();
  const archiveList = useArchives();
  const planList = useActivePlans();
  const statementList = useStatements();
  const sections =
    dashboardReply.data && validationList.data && auditList.data && archiveList.data && planList.data && statementList.data
      ? finalStewardshipReport(t, i18n.language, dashboardReply.data, {
          validations: validationList.data.analytics,
          audits: auditList.data.analytics,
          archives: archiveList.data.analytics,
          plans: planList.data.analytics,
          statements: statementList.data.analytics,
        })
      : null;
  return <ReportButton label={t("finalStewardship.generateReport")} title={t("finalStewardship.reportTitle")} sections={sections} />;
}

export const finalStewardshipPage = definePage({
  listLabel: "finalStewardship.tabs.label",
  tabLabelPrefix: "finalStewardship.tabs.",
  Actions: GenerateReportButton,
  tabs: [
    { name: "dashboard", icon: LayoutDashboard, sections: [dashboard] },
    { name: "validation", icon: ShieldCheck, sections: [validations] },
    { name: "audits", icon: ClipboardCheck, sections: [audits] },
    { name: "archives", icon: Archive, sections: [archives] },
    { name: "plans", icon: FileText, sections: [plans] },
    { name: "statements", icon: ScrollText, sections: [statements] },
  ],
});

/** Final Stewardship & Legacy: drawn from its declaration. */
export default function FinalStewardshipPage() {
  return <DeclaredPage page={finalStewardshipPage} />;
}
