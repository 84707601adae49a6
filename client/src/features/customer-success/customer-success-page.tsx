import { CalendarCheck, Gauge, HeartPulse, LayoutDashboard, Repeat, Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type PageTab, TabbedPage } from "@/components/tabbed-page";
import { EngagementTab, NpsTab, OnboardingTab, OverviewTab, RetentionTab, ReviewsTab } from "./customer-success-tabs";
import { NpsSurveyDialog } from "./nps-survey-dialog";

/** The page's tabs in order; the first is where it starts. */
const tabs = [
  { name: "overview", icon: LayoutDashboard, Content: OverviewTab },
  { name: "nps", icon: Gauge, Content: NpsTab },
  { name: "onboarding", icon: Rocket, Content: OnboardingTab },
  { name: "retention", icon: Repeat, Content: RetentionTab },
  { name: "engagement", icon: HeartPulse, Content: EngagementTab },
  { name: "reviews", icon: CalendarCheck, Content: ReviewsTab },
] as const satisfies readonly PageTab[];

/** Customer Success (spec §2): six tabs, starting on the overview; the open tab lives in the URL; the Test NPS Survey at the top right. */
export default function CustomerSuccessPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      tabs={tabs}
      listLabel={t("customerSuccess.tabs.label")}
      tabLabel={(name) => t(`customerSuccess.tabs.${name}`)}
      actions={<NpsSurveyDialog />}
    />
  );
}
