import { useCallback, type ComponentType } from "react";
import { CalendarCheck, Gauge, HeartPulse, LayoutDashboard, Repeat, Rocket, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EngagementTab, NpsTab, OnboardingTab, OverviewTab, RetentionTab, ReviewsTab } from "./customer-success-tabs";
import { NpsSurveyDialog } from "./nps-survey-dialog";

const tabs = ["overview", "nps", "onboarding", "retention", "engagement", "reviews"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  overview: { icon: LayoutDashboard, Content: OverviewTab },
  nps: { icon: Gauge, Content: NpsTab },
  onboarding: { icon: Rocket, Content: OnboardingTab },
  retention: { icon: Repeat, Content: RetentionTab },
  engagement: { icon: HeartPulse, Content: EngagementTab },
  reviews: { icon: CalendarCheck, Content: ReviewsTab },
};

/** Customer Success (spec §2): six tabs, starting on the overview; the open tab lives in the URL; the Test NPS Survey at the top right. */
export default function CustomerSuccessPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "overview";
  const showTab = useCallback(
    (next: string) => {
      if (!isTab(next)) return;
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === "overview") updated.delete("tab");
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
          <TabsList aria-label={t("customerSuccess.tabs.label")} className="max-w-full overflow-x-auto">
            {tabs.map((name) => {
              const Icon = tabContent[name].icon;
              return (
                <TabsTrigger key={name} value={name} className="px-2 sm:px-3">
                  <Icon aria-hidden="true" className="hidden sm:block" />
                  {t(`customerSuccess.tabs.${name}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <div className="ml-auto">
            <NpsSurveyDialog />
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
