// features/referrals's public entry (issue 24.4): what app/pages/referrals-page.tsx and the lead page compose.
export { LeadReferralCard } from "./lead-referral-card";
export { RecentReferralsCard } from "./recent-referrals-card";
export { ReferralFilters } from "./referral-filters";
export { referralExportUrl, type ReferralFilter } from "./referral-queries";
export { ReferralStatsCards } from "./referral-stats";
