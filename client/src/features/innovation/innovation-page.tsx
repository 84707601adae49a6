import { useCallback } from "react";
import { BookOpen, FlaskConical, LayoutDashboard, Radar, ShieldCheck, Unplug, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import type { InnovationDashboard } from "@contract/records/innovation";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ReportSection } from "@/features/records/page-report";
import { formatDay, valueLabel } from "@/features/records/record-labels";
import { ReportButton } from "@/features/records/report-button";
import { ComplianceTab, DashboardTab, ExperimentsTab, KnowledgeTab, LegacyTab, TechRadarTab } from "./innovation-tabs";
import { useInnovationDashboard } from "./innovation-queries";

const tabs = ["dashboard", "radar", "experiments", "knowledge", "compliance", "legacy"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  dashboard: { icon: LayoutDashboard, Content: DashboardTab },
  radar: { icon: Radar, Content: TechRadarTab },
  experiments: { icon: FlaskConical, Content: ExperimentsTab },
  knowledge: { icon: BookOpen, Content: KnowledgeTab },
  compliance: { icon: ShieldCheck, Content: ComplianceTab },
  legacy: { icon: Unplug, Content: LegacyTab },
};


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
  const [params, setParams] = useSearchParams();
  const dashboard = useInnovationDashboard();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "dashboard";
  const showTab = useCallback(
    (next: string) => {
      if (!isTab(next)) return;
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === "dashboard") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      });
    },
    [setParams],
  );
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Tabs value={tab} onValueChange={showTab}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <TabsList aria-label={t("innovation.tabs.label")} className="max-w-full overflow-x-auto">
            {tabs.map((name) => {
              const Icon = tabContent[name].icon;
              return (
                <TabsTrigger key={name} value={name} className="px-2 sm:px-3">
                  <Icon aria-hidden="true" className="hidden sm:block" />
                  {t(`innovation.tabs.${name}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <div className="ml-auto">
            <ReportButton
              label={t("innovation.report.button")}
              title={t("pages.innovation.title")}
              sections={dashboard.data ? reportSections(t, i18n.language, dashboard.data) : null}
            />
          </div>
        </div>
        {tabs.map((name) => {
          const Content = tabContent[name].Content;
          return (
            <TabsContent key={name} value={name} className="grid gap-4">
              <Content />
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
