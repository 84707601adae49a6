import { Building2, FileUp, Palette, ScrollText, ShieldCheck, type LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MigrationTab } from "@/features/migration";
import { SecurityTab } from "@/features/security";
import { SuccessionTab } from "@/features/succession";
import { WhiteLabelTab } from "@/features/white-label";
import { EnterpriseTab } from "./enterprise-tab";
import { type EnterpriseTab as EnterpriseTabName, isEnterpriseTab, useEnterpriseTab } from "./use-enterprise-tab";

type TabEntry = { name: EnterpriseTabName; labelKey: `enterprise.tabs.${"migration" | "whiteLabel" | "enterprise" | "security" | "succession"}`; icon: LucideIcon; Content: ComponentType };

/**
 * The tabs built so far, in the spec's order (Migration, White Label, Enterprise, Security, Succession). Each area owns
 * its tab's component; this table is the one place that mounts them.
 */
const builtTabs: TabEntry[] = [
  { name: "migration", labelKey: "enterprise.tabs.migration", icon: FileUp, Content: MigrationTab },
  { name: "white-label", labelKey: "enterprise.tabs.whiteLabel", icon: Palette, Content: WhiteLabelTab },
  { name: "enterprise", labelKey: "enterprise.tabs.enterprise", icon: Building2, Content: EnterpriseTab },
  { name: "security", labelKey: "enterprise.tabs.security", icon: ShieldCheck, Content: SecurityTab },
  { name: "succession", labelKey: "enterprise.tabs.succession", icon: ScrollText, Content: SuccessionTab },
];

/** Enterprise Management (spec §2). The tab lives in the URL; only the open tab is mounted, so each polls only while shown. */
export default function EnterprisePage() {
  const { t } = useTranslation();
  const { tab, showTab } = useEnterpriseTab();
  const open = tab;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Tabs value={open} onValueChange={(value) => isEnterpriseTab(value) && showTab(value)}>
        <TabsList aria-label={t("enterprise.tabs.label")} className="max-w-full overflow-x-auto">
          {builtTabs.map(({ name, labelKey, icon: Icon }) => (
            <TabsTrigger key={name} className="px-2 sm:px-3" value={name}>
              <Icon aria-hidden="true" className="hidden sm:block" />
              {t(labelKey)}
            </TabsTrigger>
          ))}
        </TabsList>
        {builtTabs.map(({ name, Content }) => (
          <TabsContent key={name} value={name}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
