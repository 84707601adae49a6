import { Building2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EnterpriseTab } from "./enterprise-tab";
import { isEnterpriseTab, useEnterpriseTab } from "./use-enterprise-tab";

/**
 * Enterprise Management (spec §2): Migration, White Label, Enterprise, Security and Succession. The tab lives in the
 * URL; only the open tab is mounted, so each polls only while shown.
 */
export default function EnterprisePage() {
  const { t } = useTranslation();
  const { tab, showTab } = useEnterpriseTab();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Tabs value={tab === "enterprise" ? tab : "enterprise"} onValueChange={(value) => isEnterpriseTab(value) && showTab(value)}>
        <TabsList aria-label={t("enterprise.tabs.label")} className="max-w-full overflow-x-auto">
          <TabsTrigger className="px-2 sm:px-3" value="enterprise">
            <Building2 aria-hidden="true" className="hidden sm:block" />
            {t("enterprise.tabs.enterprise")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="enterprise">
          <EnterpriseTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
