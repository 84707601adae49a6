import { useCallback } from "react";
import { BookOpen, Handshake, LayoutDashboard, Leaf, Lightbulb, Users, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ReportButton } from "@/features/records/report-button";
import {
  useCommunityLegacyList,
  useHandoverList,
  usePerpetualInnovationDashboard,
  useProjectLegacyList,
  useSunsetPlanList,
  useTechRefreshList,
} from "./perpetual-innovation-queries";
import { legacyReportSections } from "./perpetual-innovation-figures";
import { DashboardTab, HandoverTab, InnovationTab, LegacyTab, ReportsTab, SustainabilityTab } from "./perpetual-innovation-tabs";

const tabs = ["dashboard", "innovation", "handover", "legacy", "sustainability", "reports"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  dashboard: { icon: LayoutDashboard, Content: DashboardTab },
  innovation: { icon: Lightbulb, Content: InnovationTab },
  handover: { icon: Handshake, Content: HandoverTab },
  legacy: { icon: Users, Content: LegacyTab },
  sustainability: { icon: Leaf, Content: SustainabilityTab },
  reports: { icon: BookOpen, Content: ReportsTab },
};

/** The header's Legacy Report: the dashboard and every tab's analytics as they stand, once all have loaded. */
function LegacyReportButton() {
  const { t, i18n } = useTranslation();
  const dashboard = usePerpetualInnovationDashboard();
  const techRefresh = useTechRefreshList();
  const handover = useHandoverList();
  const legacy = useCommunityLegacyList();
  const sustainability = useSunsetPlanList();
  const reports = useProjectLegacyList();
  const sections =
    dashboard.data && techRefresh.data && handover.data && legacy.data && sustainability.data && reports.data
      ? legacyReportSections(t, i18n.language, {
          dashboard: dashboard.data,
          techRefresh: techRefresh.data.analytics,
          handover: handover.data.analytics,
          legacy: legacy.data.analytics,
          sustainability: sustainability.data.analytics,
          reports: reports.data.analytics,
        })
      : null;
  return <ReportButton label={t("perpetualInnovation.legacyReport")} title={t("perpetualInnovation.reportTitle")} sections={sections} />;
}

/** Perpetual Innovation & Legacy (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL. */
export default function PerpetualInnovationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
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
          <TabsList aria-label={t("perpetualInnovation.tabs.label")} className="max-w-full overflow-x-auto">
            {tabs.map((name) => {
              const Icon = tabContent[name].icon;
              return (
                <TabsTrigger key={name} value={name} className="px-2 sm:px-3">
                  <Icon aria-hidden="true" className="hidden sm:block" />
                  {t(`perpetualInnovation.tabs.${name}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <LegacyReportButton />
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
