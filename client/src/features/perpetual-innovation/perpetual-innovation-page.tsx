import { BookOpen, Handshake, LayoutDashboard, Leaf, Lightbulb, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
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

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "dashboard", icon: LayoutDashboard, Content: DashboardTab },
  { name: "innovation", icon: Lightbulb, Content: InnovationTab },
  { name: "handover", icon: Handshake, Content: HandoverTab },
  { name: "legacy", icon: Users, Content: LegacyTab },
  { name: "sustainability", icon: Leaf, Content: SustainabilityTab },
  { name: "reports", icon: BookOpen, Content: ReportsTab },
] as const satisfies readonly PageTab[];

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
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("perpetualInnovation.tabs.label")}
      tabLabel={(name) => t(`perpetualInnovation.tabs.${name}`)}
      actions={<LegacyReportButton />}
    />
  );
}
