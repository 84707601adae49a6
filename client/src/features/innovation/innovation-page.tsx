import { BookOpen, FlaskConical, LayoutDashboard, Radar, ShieldCheck, Unplug } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { InnovationDashboard } from "@contract/records/innovation";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import type { ReportSection } from "@/features/records/page-report";
import { formatDay, valueLabel } from "@/features/records/record-labels";
import { ReportButton } from "@/features/records/report-button";
import { ComplianceTab, DashboardTab, ExperimentsTab, KnowledgeTab, LegacyTab, TechRadarTab } from "./innovation-tabs";
import { useInnovationDashboard } from "./innovation-queries";

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "dashboard", icon: LayoutDashboard, Content: DashboardTab },
  { name: "radar", icon: Radar, Content: TechRadarTab },
  { name: "experiments", icon: FlaskConical, Content: ExperimentsTab },
  { name: "knowledge", icon: BookOpen, Content: KnowledgeTab },
  { name: "compliance", icon: ShieldCheck, Content: ComplianceTab },
  { name: "legacy", icon: Unplug, Content: LegacyTab },
] as const satisfies readonly PageTab[];


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

/** Innovation & Legacy (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL. */
export default function InnovationPage() {
  const { t, i18n } = useTranslation();
  const dashboard = useInnovationDashboard();
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("innovation.tabs.label")}
      tabLabel={(name) => t(`innovation.tabs.${name}`)}
      actions={
        <ReportButton
          label={t("innovation.report.button")}
          title={t("pages.innovation.title")}
          sections={dashboard.data ? reportSections(t, i18n.language, dashboard.data) : null}
        />
      }
    />
  );
}
