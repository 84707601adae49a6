import { useState } from "react";
import { useExportTarget } from "@/lib/export-target";
import { IssueReportForm } from "@/features/issues/issue-report-form";
import { GlobalSearchCard } from "@/features/search/global-search-card";
import { RecentReferralsCard } from "./recent-referrals-card";
import { ReferralFilters } from "./referral-filters";
import { referralExportUrl, type ReferralFilter } from "./referral-queries";
import { ReferralStatsCards } from "./referral-stats";

/**
 * Referral Tracking (spec §2): the filter (affiliate, since) drives the four figures and Recent Referrals; the
 * Report Technical Issue form and Global Search sit side by side between them (reporting refreshes the search).
 */
export default function ReferralsPage() {
  const [filter, setFilter] = useState<ReferralFilter>({});
  useExportTarget(referralExportUrl(filter));

  return (
    <div className="flex flex-col gap-4">
      <ReferralFilters applied={filter} onApply={setFilter} />
      <ReferralStatsCards filter={filter} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="min-w-0" data-testid="issue-report-slot">
          <IssueReportForm idPrefix="referral-issue" />
        </div>
        <GlobalSearchCard />
      </div>
      <RecentReferralsCard filter={filter} />
    </div>
  );
}
