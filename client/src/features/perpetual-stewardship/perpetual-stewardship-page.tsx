import { useCallback } from "react";
import { Archive, ClipboardCheck, LayoutDashboard, Package, ScrollText, Users, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { perpetualDeclarationFamily } from "@contract/records/perpetual-stewardship";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AddRecordButton } from "@/features/records/record-list-card";
import { ArchivesTab, DashboardTab, DeclarationsTab, PackagesTab, ReviewsTab, TransitionsTab } from "./perpetual-stewardship-tabs";

const tabs = ["dashboard", "packages", "archives", "reviews", "transitions", "declarations"] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => value !== null && (tabs as readonly string[]).includes(value);

const tabContent: Record<Tab, { icon: LucideIcon; Content: ComponentType }> = {
  dashboard: { icon: LayoutDashboard, Content: DashboardTab },
  packages: { icon: Package, Content: PackagesTab },
  archives: { icon: Archive, Content: ArchivesTab },
  reviews: { icon: ClipboardCheck, Content: ReviewsTab },
  transitions: { icon: Users, Content: TransitionsTab },
  declarations: { icon: ScrollText, Content: DeclarationsTab },
};

/**
 * Perpetual Stewardship & Living Archive (spec §2): six tabs, starting on the dashboard; the open tab lives in the
 * URL. The header's Create Declaration opens the perpetual declaration family's create form.
 */
export default function PerpetualStewardshipPage() {
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
        <div className="flex flex-wrap items-start justify-between gap-2">
          <TabsList aria-label={t("perpetualStewardship.tabs.label")} className="max-w-full overflow-x-auto">
            {tabs.map((name) => {
              const Icon = tabContent[name].icon;
              return (
                <TabsTrigger key={name} value={name} className="px-2 sm:px-3">
                  <Icon aria-hidden="true" className="hidden sm:block" />
                  {t(`perpetualStewardship.tabs.${name}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <AddRecordButton family={perpetualDeclarationFamily} label={t("perpetualStewardship.createDeclaration")} />
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
