import { useState } from "react";
import { Bot, Plug, Store, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AiAutomationTab } from "./ai-automation-tab";
import { CommunityTab } from "./community-tab";
import type { FormKind } from "./integration-forms";
import { IntegrationSettingsDialog } from "./integration-settings-dialog";
import { IntegrationsTab } from "./integrations-tab";
import { MarketplaceTab } from "./marketplace-tab";
import { isIntegrationsTab, useIntegrationsTab } from "./use-integrations-tab";

/**
 * Integrations & AI (spec §2): Integrations, AI Automation, Marketplace and Community. The tab lives in the URL; only
 * the open tab is mounted, so each polls (30 s, 60 s, 5 min) only while shown. The settings form opens from the
 * Integrations cards and from the Marketplace listings alike.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const { tab, showTab } = useIntegrationsTab();
  const [configuring, setConfiguring] = useState<FormKind | null>(null);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Tabs value={tab} onValueChange={(value) => isIntegrationsTab(value) && showTab(value)}>
        <TabsList aria-label={t("integrations.tabs.label")} className="max-w-full overflow-x-auto">
          <TabsTrigger className="px-2 sm:px-3" value="integrations">
            <Plug aria-hidden="true" className="hidden sm:block" />
            {t("integrations.tabs.integrations")}
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="ai">
            <Bot aria-hidden="true" className="hidden sm:block" />
            {t("integrations.tabs.ai")}
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="marketplace">
            <Store aria-hidden="true" className="hidden sm:block" />
            {t("integrations.tabs.marketplace")}
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="community">
            <Users aria-hidden="true" className="hidden sm:block" />
            {t("integrations.tabs.community")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="integrations">
          <IntegrationsTab onConfigure={setConfiguring} />
        </TabsContent>
        <TabsContent value="ai">
          <AiAutomationTab />
        </TabsContent>
        <TabsContent value="marketplace">
          <MarketplaceTab onConfigure={setConfiguring} />
        </TabsContent>
        <TabsContent value="community">
          <CommunityTab />
        </TabsContent>
      </Tabs>
      <IntegrationSettingsDialog kind={configuring} onOpenChange={(open) => !open && setConfiguring(null)} />
    </div>
  );
}
