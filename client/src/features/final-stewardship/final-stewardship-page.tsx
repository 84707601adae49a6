import { useCallback, type ComponentType } from "react";
import { Archive, ClipboardCheck, FileText, LayoutDashboard, ScrollText, ShieldCheck, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ReportButton } from "@/features/records/report-button";
import { finalStewardshipReport } from "./final-stewardship-report";
import { useActivePlans, useArchives, useAudits, useFinalStewardshipDashboard, useStatements, useValidations } from "./final-stewardship-queries";
import { ArchivesTab, AuditsTab, DashboardTab, PlansTab, StatementsTab, ValidationTab } from "./final-stewardship-tabs";

const tabs = ["dashboard", "validation", "audits", "archives", "plans", "statements"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  dashboard: { icon: LayoutDashboard, Content: DashboardTab },
  validation: { icon: ShieldCheck, Content: ValidationTab },
  audits: { icon: ClipboardCheck, Content: AuditsTab },
  archives: { icon: Archive, Content: ArchivesTab },
  plans: { icon: FileText, Content: PlansTab },
  statements: { icon: ScrollText, Content: StatementsTab },
};

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
        <div className="flex flex-wrap-reverse items-center justify-between gap-2">
          <TabsList aria-label={t("finalStewardship.tabs.label")} className="max-w-full overflow-x-auto">
            {tabs.map((name) => {
              const Icon = tabContent[name].icon;
              return (
                <TabsTrigger key={name} value={name} className="px-2 sm:px-3">
                  <Icon aria-hidden="true" className="hidden sm:block" />
                  {t(`finalStewardship.tabs.${name}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <div className="ml-auto">
            <GenerateReportButton />
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
