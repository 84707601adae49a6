import { Archive, ClipboardCheck, FileText, LayoutDashboard, ScrollText, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import { ReportButton } from "@/features/records/report-button";
import { finalStewardshipReport } from "./final-stewardship-report";
import { useActivePlans, useArchives, useAudits, useFinalStewardshipDashboard, useStatements, useValidations } from "./final-stewardship-queries";
import { ArchivesTab, AuditsTab, DashboardTab, PlansTab, StatementsTab, ValidationTab } from "./final-stewardship-tabs";

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "dashboard", icon: LayoutDashboard, Content: DashboardTab },
  { name: "validation", icon: ShieldCheck, Content: ValidationTab },
  { name: "audits", icon: ClipboardCheck, Content: AuditsTab },
  { name: "archives", icon: Archive, Content: ArchivesTab },
  { name: "plans", icon: FileText, Content: PlansTab },
  { name: "statements", icon: ScrollText, Content: StatementsTab },
] as const satisfies readonly PageTab[];

/** Generate Report: the dashboard's figures and every tab's analytics, once they have all loaded. */
function GenerateReportButton() {
  const { t, i18n } = useTranslation();
  const dashboard = useFinalStewardshipDashboard();
  const validations = useValidations();
  const audits = useAudits();
  const archives = useArchives();
  const plans = useActivePlans();
  const statements = useStatements();
  const sections =
    dashboard.data && validations.data && audits.data && archives.data && plans.data && statements.data
      ? finalStewardshipReport(t, i18n.language, dashboard.data, {
          validations: validations.data.analytics,
          audits: audits.data.analytics,
          archives: archives.data.analytics,
          plans: plans.data.analytics,
          statements: statements.data.analytics,
        })
      : null;
  return <ReportButton label={t("finalStewardship.generateReport")} title={t("finalStewardship.reportTitle")} sections={sections} />;
}

/** Final Stewardship & Legacy (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL. */
export default function FinalStewardshipPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("finalStewardship.tabs.label")}
      tabLabel={(name) => t(`finalStewardship.tabs.${name}`)}
      actions={<GenerateReportButton />}
    />
  );
}
