import { Activity, AlertTriangle, HeartPulse, Landmark, LayoutDashboard, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import { ReportButton } from "@/features/records/report-button";
import { useBusinessHealthDashboard } from "./business-health-queries";
import { healthReportSections } from "./business-health-report";
import { CommunityTab, DashboardTab, HealthTab, IncidentsTab, LegacyTab, RisksTab } from "./business-health-tabs";

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "dashboard", icon: LayoutDashboard, Content: DashboardTab },
  { name: "health", icon: HeartPulse, Content: HealthTab },
  { name: "risks", icon: AlertTriangle, Content: RisksTab },
  { name: "incidents", icon: Activity, Content: IncidentsTab },
  { name: "community", icon: Users, Content: CommunityTab },
  { name: "legacy", icon: Landmark, Content: LegacyTab },
] as const satisfies readonly PageTab[];

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
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("businessHealth.tabs.label")}
      tabLabel={(name) => t(`businessHealth.tabs.${name}`)}
      actions={<HealthReportButton />}
    />
  );
}
