import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GlobalSearchCard } from "@/features/search/global-search-card";
import { RecentReferralsCard } from "./recent-referrals-card";
import { ReferralFilters } from "./referral-filters";
import type { ReferralFilter } from "./referral-queries";
import { ReferralStatsCards } from "./referral-stats";

/**
 * Referral Tracking (spec §2): the filter (affiliate, since) drives the four figures and Recent Referrals; the
 * Report Technical Issue slot and Global Search sit side by side between them.
 */
export default function ReferralsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ReferralFilter>({});

  return (
    <div className="flex flex-col gap-4">
      <ReferralFilters applied={filter} onApply={setFilter} />
      <ReferralStatsCards filter={filter} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div
          className="flex min-h-48 items-center justify-center self-stretch rounded-lg border border-dashed bg-card/50 p-6 text-center text-sm text-muted-foreground"
          data-testid="issue-report-slot"
        >
          {t("referrals.issueSlot")}
        </div>
        <GlobalSearchCard />
      </div>
      <RecentReferralsCard filter={filter} />
    </div>
  );
}
