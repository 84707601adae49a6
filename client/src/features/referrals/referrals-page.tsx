import { useTranslation } from "react-i18next";
import { AreaPlaceholder } from "@/app/area-placeholder";
import { GlobalSearchCard } from "@/features/search/global-search-card";

/**
 * Referral Tracking. Built so far: Global Search, beside the slot of the Report Technical Issue form (spec §2:
 * the two sit side by side). The referral figures and table keep the area's empty state until affiliates exist.
 */
export default function ReferralsPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div
          className="flex min-h-48 items-center justify-center self-stretch rounded-lg border border-dashed bg-card/50 p-6 text-center text-sm text-muted-foreground"
          data-testid="issue-report-slot"
        >
          {t("referrals.issueSlot")}
        </div>
        <GlobalSearchCard />
      </div>
      <AreaPlaceholder />
    </div>
  );
}
