import { useCallback } from "react";
import { Activity, AlertTriangle, HeartPulse, Landmark, LayoutDashboard, Users, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ReportButton } from "@/features/records/report-button";
import { useBusinessHealthDashboard } from "./business-health-queries";
import { healthReportSections } from "./business-health-report";
import { CommunityTab, DashboardTab, HealthTab, IncidentsTab, LegacyTab, RisksTab } from "./business-health-tabs";

const tabs = ["dashboard", "health", "risks", "incidents", "community", "legacy"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  dashboard: { icon: LayoutDashboard, Content: DashboardTab },
  health: { icon: HeartPulse, Content: HealthTab },
  risks: { icon: AlertTriangle, Content: RisksTab },
  incidents: { icon: Activity, Content: IncidentsTab },
  community: { icon: Users, Content: CommunityTab },
  legacy: { icon: Landmark, Content: LegacyTab },
};

/** The header's Health Report: the dashboard's figures and the current health, once they have loaded. */
function HealthReportButton() {
  const { t, i18n } = useTranslation();
  const dashboard = useBusinessHealthDashboard();
  const sections = dashboard.data ? healthReportSections(t, i18n.language, dashboard.data) : null;
  return <ReportButton label={t("businessHealth.healthReport")} title={t("businessHealth.reportTitle")} sections={sections} />;
}

/** Business Health & Evergreen (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL. */
export default function BusinessHealthPage() {
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
          <TabsList aria-label={t("businessHealth.tabs.label")} className="max-w-full overflow-x-auto">
            {tabs.map((name) => {
              const Icon = tabContent[name].icon;
              return (
                <TabsTrigger key={name} value={name} className="px-2 sm:px-3">
                  <Icon aria-hidden="true" className="hidden sm:block" />
                  {t(`businessHealth.tabs.${name}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <HealthReportButton />
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
