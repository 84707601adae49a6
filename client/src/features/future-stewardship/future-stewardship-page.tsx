import { useCallback } from "react";
import { BookOpenCheck, FileSignature, History, LayoutDashboard, Scale, Users, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { legacyCharterFamily } from "@contract/records/future-stewardship";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AddRecordButton } from "@/features/records/record-list-card";
import { CharterTab, DashboardTab, DeclarationsTab, EthicsTab, RecordsTab, SuccessionTab } from "./future-stewardship-tabs";

const tabs = ["dashboard", "charter", "records", "succession", "ethics", "declarations"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  dashboard: { icon: LayoutDashboard, Content: DashboardTab },
  charter: { icon: BookOpenCheck, Content: CharterTab },
  records: { icon: History, Content: RecordsTab },
  succession: { icon: Users, Content: SuccessionTab },
  ethics: { icon: Scale, Content: EthicsTab },
  declarations: { icon: FileSignature, Content: DeclarationsTab },
};

/**
 * Future Stewardship & Historical Record (spec §2): six tabs, starting on the dashboard; the open tab lives in the URL.
 * The header's Create Charter opens the legacy charter family's create form.
 */
export default function FutureStewardshipPage() {
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
      <div className="flex justify-end">
        <AddRecordButton family={legacyCharterFamily} label={t("futureStewardship.createCharter")} />
      </div>
      <Tabs value={tab} onValueChange={showTab}>
        <TabsList aria-label={t("futureStewardship.tabs.label")} className="max-w-full overflow-x-auto">
          {tabs.map((name) => {
            const Icon = tabContent[name].icon;
            return (
              <TabsTrigger key={name} value={name} className="px-2">
                <Icon aria-hidden="true" className="hidden 2xl:block" />
                {t(`futureStewardship.tabs.${name}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
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
