import { BookOpen, Handshake, LayoutDashboard, Leaf, Lightbulb, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RECORD_LIST_REFRESH_MS } from "@contract/records/business-health";
import { communityLegacyFamily, handoverPackageFamily, projectLegacyReportFamily, sunsetPlanFamily, techRefreshFamily } from "@contract/records/perpetual-innovation";
import { Badge } from "@/components/ui/badge";
import { explainOver, formatDay, formatNumber, valueLabel } from "@/features/records";
import { ReportButton } from "@/features/records";
import { definePage, familySection, specialSection } from "@/features/records";
import { DeclaredPage } from "@/features/records";
import {
  useCommunityLegacyList,
  useHandoverList,
  usePerpetualInnovationDashboard,
  useProjectLegacyList,
  useSunsetPlanList,
  useTechRefreshList,
} from "./perpetual-innovation-queries";
import { IMPACT_AREAS_SHOWN, legacyReportSections } from "./perpetual-innovation-figures";
import { DashboardPanel } from "./perpetual-innovation-panels";

/*
 * Perpetual Innovation & Legacy (spec §2), declared: six tabs, starting on the dashboard; the open tab lives in the
 * URL. Scores follow the spec's 80/60 colours (§5); the tech assessments are the latest 5 with "View all (N)" (§9),
 * the other lists are shown whole; the scores and totals say what they are computed over and open those records.
 */

const debtVariant = (level: string) => (level === "high" ? "destructive" : level === "medium" ? "warning" : "success");
const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);
/** The tab lists' query, the same the header's Legacy Report reads (perpetual-innovation-queries.ts). */
const WHOLE_LIST = { limit: 200 };

const innovation = familySection(techRefreshFamily, {
  query: { limit: 5 },
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualInnovation.innovation.loading",
  analytics: {
    title: "perpetualInnovation.innovation.title",
    items: [
      { kind: "figure", label: "perpetualInnovation.innovation.score", value: (a) => a.innovation_score, format: "percent", tone: "80/60", testId: "pi-innovation-score" },
      { kind: "figure", label: "perpetualInnovation.innovation.prototypeSuccess", value: (a) => a.prototype_success_rate, format: "percent", tone: "80/60" },
      { kind: "figure", label: "perpetualInnovation.innovation.prototypesThisYear", value: (a) => a.prototypes_this_year, format: "number" },
      {
        kind: "line",
        render: ({ technology_debt: debt }, t) => (
          <div className="grid gap-1 text-sm sm:col-span-3">
            <p className="text-muted-foreground">{t("perpetualInnovation.innovation.debt")}</p>
            <div className="flex flex-wrap items-center gap-2">
              {debt.level ? (
                <Badge variant={debtVariant(debt.level)}>{t("perpetualInnovation.innovation.debtLevelValue", { level: valueLabel(t, debt.level) })}</Badge>
              ) : (
                <Badge variant="outline">{t("perpetualInnovation.innovation.debtLevelValue", { level: t("perpetualInnovation.unknown") })}</Badge>
              )}
              <span>{t("perpetualInnovation.innovation.issues", { count: debt.count })}</span>
              <span>· {t("perpetualInnovation.innovation.deprecatedCount", { count: debt.deprecated })}</span>
              <span>· {t("perpetualInnovation.innovation.atRiskCount", { count: debt.at_risk })}</span>
            </div>
          </div>
        ),
      },
    ],
  },
  list: {
    title: "perpetualInnovation.innovation.latest",
    cap: 5,
    columns: [
      { field: "title" },
      { field: "reviewType" },
      { field: "status", badge: { scheme: "innovation" } },
      { field: "reviewDate" },
      {
        field: "innovationOpportunities",
        label: "perpetualInnovation.innovation.opportunities",
        render: (r, _t, language) => formatNumber(listLength(r.innovationOpportunities), language),
      },
      { field: "budget" },
    ],
    emptyText: "perpetualInnovation.innovation.empty",
  },
});

const handover = familySection(handoverPackageFamily, {
  query: WHOLE_LIST,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualInnovation.handover.loading",
  analytics: {
    title: "perpetualInnovation.handover.title",
    items: [
      {
        kind: "figure",
        label: "perpetualInnovation.handover.readiness",
        value: (a) => a.readiness_score,
        format: "percent",
        tone: "80/60",
        testId: "pi-readiness",
        explain: explainOver(handoverPackageFamily, {
          text: "perpetualInnovation.explain.readiness",
          // The records a score counts: those not cancelled.
          count: (rows) => rows.filter((row) => row.completionStatus !== "cancelled").length,
        }),
      },
      {
        kind: "figure",
        label: "perpetualInnovation.handover.total",
        value: (a) => a.total_packages,
        format: "number",
        testId: "pi-total-packages",
        explain: { family: handoverPackageFamily, text: "perpetualInnovation.explain.packages" },
      },
      {
        kind: "countsGroup",
        layout: "compact",
        items: [
          { label: "perpetualInnovation.byType", value: (a) => a.by_type, emptyText: "perpetualInnovation.none" },
          { label: "perpetualInnovation.byStatus", value: (a) => a.by_status, emptyText: "perpetualInnovation.none" },
        ],
      },
    ],
  },
  list: {
    title: "perpetualInnovation.handover.list",
    columns: [
      { field: "title" },
      { field: "packageType" },
      { field: "completionStatus", badge: { scheme: "innovation" } },
      { field: "targetAudience" },
      { field: "handoverDate" },
      {
        field: "documentation",
        render: (p, t) => (
          <Badge variant={p.documentation ? "success" : "warning"}>{p.documentation ? t("perpetualInnovation.handover.documented") : t("perpetualInnovation.handover.pending")}</Badge>
        ),
      },
    ],
    emptyText: "perpetualInnovation.handover.empty",
  },
});

const legacy = familySection(communityLegacyFamily, {
  query: WHOLE_LIST,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualInnovation.legacy.loading",
  analytics: {
    title: "perpetualInnovation.legacy.title",
    items: [
      { kind: "figure", label: "perpetualInnovation.legacy.openSource", value: (a) => a.community_impact.open_source_initiatives, format: "number", testId: "pi-open-source" },
      { kind: "figure", label: "perpetualInnovation.legacy.reach", value: (a) => a.community_impact.stakeholder_reach, format: "number" },
      { kind: "counts", label: "perpetualInnovation.byType", value: (a) => a.by_type, emptyText: "perpetualInnovation.none" },
      {
        kind: "line",
        render: ({ transition_timeline: timeline }, t, language) => (
          <div className="grid gap-1 text-sm sm:col-span-3">
            <p className="text-muted-foreground">{t("perpetualInnovation.legacy.timeline")}</p>
            <p data-testid="pi-next-transition">
              {t("perpetualInnovation.legacy.nextTransition")}:{" "}
              {timeline.next_transition ? formatDay(timeline.next_transition, language) : t("perpetualInnovation.legacy.noneScheduled")}
            </p>
            <p>
              {t("perpetualInnovation.legacy.pendingCount", { count: timeline.pending_transitions })} ·{" "}
              {t("perpetualInnovation.legacy.completedCount", { count: timeline.completed_transitions })}
            </p>
          </div>
        ),
      },
    ],
  },
  list: {
    title: "perpetualInnovation.legacy.list",
    columns: [
      { field: "title" },
      { field: "legacyType" },
      { field: "status", badge: { scheme: "innovation" } },
      {
        field: "repositoryUrl",
        label: "perpetualInnovation.legacy.repository",
        render: (p, t) =>
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
    ],
    emptyText: "perpetualInnovation.legacy.empty",
  },
});

const safeguards = ["maintenancePlan", "supportStructure", "securityPlan"] as const;

const sustainability = familySection(sunsetPlanFamily, {
  query: WHOLE_LIST,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualInnovation.sustainability.loading",
  analytics: {
    title: "perpetualInnovation.sustainability.title",
    items: [
      {
        kind: "figure",
        label: "perpetualInnovation.sustainability.score",
        value: (a) => a.sustainability_score,
        format: "percent",
        tone: "80/60",
        testId: "pi-sustainability-score",
        explain: explainOver(sunsetPlanFamily, { text: "perpetualInnovation.explain.safeguards", count: (rows) => rows.filter((row) => row.status !== "cancelled").length }),
      },
      { kind: "figure", label: "perpetualInnovation.sustainability.budget", value: (a) => a.budget_allocation, format: "money" },
      { kind: "counts", label: "perpetualInnovation.byType", value: (a) => a.by_type, emptyText: "perpetualInnovation.none" },
      { kind: "figure", label: "perpetualInnovation.sustainability.maintenance", value: (a) => a.active_maintenance, format: "number" },
      { kind: "figure", label: "perpetualInnovation.sustainability.sunsets", value: (a) => a.scheduled_sunsets, format: "number" },
    ],
  },
  list: {
    title: "perpetualInnovation.sustainability.list",
    columns: [
      { field: "title" },
      { field: "planType" },
      { field: "status", badge: { scheme: "innovation" } },
      { field: "endOfLifeDate" },
      { field: "budgetAllocation" },
      {
        field: "maintenancePlan",
        label: "perpetualInnovation.sustainability.safeguards",
        render: (p, t) => (
          <span className="flex flex-wrap gap-1">
            {safeguards.map((name) => (
              <Badge key={name} variant={p[name] ? "success" : "outline"} className={p[name] ? undefined : "text-muted-foreground line-through"}>
                {t(`perpetualInnovation.sustainability.${name}`)}
              </Badge>
            ))}
          </span>
        ),
      },
    ],
    emptyText: "perpetualInnovation.sustainability.empty",
  },
});

const reports = familySection(projectLegacyReportFamily, {
  query: WHOLE_LIST,
  refreshMs: RECORD_LIST_REFRESH_MS,
  loadingText: "perpetualInnovation.reports.loading",
  analytics: {
    title: "perpetualInnovation.reports.title",
    items: [
      {
        kind: "figure",
        label: "perpetualInnovation.reports.legacyValue",
        value: (a) => a.legacy_value,
        format: "money",
        testId: "pi-legacy-value",
        explain: { family: projectLegacyReportFamily, text: "perpetualInnovation.explain.legacyValue" },
      },
      { kind: "figure", label: "perpetualInnovation.reports.knowledge", value: (a) => a.knowledge_preservation, format: "number" },
      { kind: "figure", label: "perpetualInnovation.reports.public", value: (a) => a.public_reports, format: "number" },
      {
        kind: "line",
        render: ({ impact_summary: summary }, t) => {
          const areas = summary.impact_areas.slice(0, IMPACT_AREAS_SHOWN);
          return (
            <div className="grid gap-1 text-sm sm:col-span-3">
              <p className="text-muted-foreground">{t("perpetualInnovation.reports.impactSummary")}</p>
              <p>
                {t("perpetualInnovation.reports.achievementsCount", { count: summary.total_achievements })} ·{" "}
                {t("perpetualInnovation.reports.lessonsCount", { count: summary.lessons_documented })}
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
          );
        },
      },
    ],
  },
  list: {
    title: "perpetualInnovation.reports.list",
    columns: [
      { field: "title" },
      { field: "reportType" },
      { field: "publicationStatus", badge: { scheme: "publication" } },
      { field: "version" },
      { field: "publishDate" },
      {
        field: "achievements",
        label: "perpetualInnovation.reports.counts",
        render: (r, t) => (
          <span className="whitespace-nowrap">
            {t("perpetualInnovation.reports.achievementsCount", { count: listLength(r.achievements) })}
            <br />
            {t("perpetualInnovation.reports.lessonsCount", { count: listLength(r.lessonsLearned) })}
          </span>
        ),
      },
    ],
    emptyText: "perpetualInnovation.reports.empty",
  },
});

/** The header's Legacy Report: the dashboard and every tab's analytics as they stand, once all have loaded. */
function LegacyReportButton() {
  const { t, i18n } = useTranslation();
  const dashboard = usePerpetualInnovationDashboard();
  const techRefresh = useTechRefreshList();
  const handoverList = useHandoverList();
  const legacyList = useCommunityLegacyList();
  const sustainabilityList = useSunsetPlanList();
  const reportList = useProjectLegacyList();
  const sections =
    dashboard.data && techRefresh.data && handoverList.data && legacyList.data && sustainabilityList.data && reportList.data
      ? legacyReportSections(t, i18n.language, {
          dashboard: dashboard.data,
          techRefresh: techRefresh.data.analytics,
          handover: handoverList.data.analytics,
          legacy: legacyList.data.analytics,
          sustainability: sustainabilityList.data.analytics,
          reports: reportList.data.analytics,
        })
      : null;
  return <ReportButton label={t("perpetualInnovation.legacyReport")} title={t("perpetualInnovation.reportTitle")} sections={sections} />;
}

export const perpetualInnovationPage = definePage({
  listLabel: "perpetualInnovation.tabs.label",
  tabLabelPrefix: "perpetualInnovation.tabs.",
  Actions: LegacyReportButton,
  tabs: [
    { name: "dashboard", icon: LayoutDashboard, sections: [specialSection(DashboardPanel)] },
    { name: "innovation", icon: Lightbulb, sections: [innovation] },
    { name: "handover", icon: Handshake, sections: [handover] },
    { name: "legacy", icon: Users, sections: [legacy] },
    { name: "sustainability", icon: Leaf, sections: [sustainability] },
    { name: "reports", icon: BookOpen, sections: [reports] },
  ],
});

export default function PerpetualInnovationPage() {
  return <DeclaredPage page={perpetualInnovationPage} />;
}
