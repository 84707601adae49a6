import { useState } from "react";
import { useExportTarget } from "@/lib/export-target";
import { IssueReportForm } from "@/features/issues";
import { GlobalSearchCard } from "@/features/search";
import { RecentReferralsCard, ReferralFilters, referralExportUrl, ReferralStatsCards, type ReferralFilter } from "@/features/referrals";

/**
 * Referral Tracking (spec §2): the filter (affiliate, since) drives the four figures and Recent Referrals; the
 * Report Technical Issue form and Global Search sit side by side between them (reporting refreshes the search).
 * Composed here in app/, as it joins three features (referrals, issues, search) that do not import each other.
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
