import { CircleCheck, DollarSign, Percent, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { StatCardGrid } from "@/components/stat-card-grid";
import { apiErrorMessage } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { useReferralStats, type ReferralFilter } from "./referral-queries";

/** Total Referrals, Converted, Commission Paid (thousands of dollars) and Conversion Rate (converted ÷ total). */
export function ReferralStatsCards({ filter }: { filter: ReferralFilter }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const stats = useReferralStats(filter);

  if (stats.isError) {
    return (
      <RetryAlert
        message={t("referrals.stats.error", { message: apiErrorMessage(stats.error, t("common.networkError")) })}
        onRetry={() => void stats.refetch()}
        data-testid="referral-stats-error"
      />
    );
  }

  const data = stats.data;
  const total = typeof data?.totalReferrals === "number" ? data.totalReferrals : 0;
  const converted = typeof data?.converted === "number" ? data.converted : 0;
  const rate = total > 0 ? converted / total : 0;

  return (
    <StatCardGrid
      loading={stats.isPending}
      busy={stats.isFetching}
      data-testid="referral-stats"
      cards={[
        {
          title: t("referrals.stats.total"),
          value: format.number(total),
          caption: t("referrals.stats.totalCaption"),
          icon: Share2,
          "data-testid": "stat-total-referrals",
        },
        {
          title: t("referrals.stats.converted"),
          value: format.number(converted),
          caption: t("referrals.stats.convertedCaption"),
          icon: CircleCheck,
          "data-testid": "stat-converted",
        },
        {
          title: t("referrals.stats.commissionPaid"),
          value: format.usdThousands(data?.commissionPaid),
          caption: <span data-testid="stat-commission-paid-exact">{t("referrals.stats.commissionPaidCaption", { amount: format.usd(data?.commissionPaid) })}</span>,
          icon: DollarSign,
          "data-testid": "stat-commission-paid",
        },
        {
          title: t("referrals.stats.conversionRate"),
          value: formatNumber(rate, format.language, { style: "percent", maximumFractionDigits: 1 }),
          caption: t("referrals.stats.conversionRateCaption"),
          icon: Percent,
          "data-testid": "stat-conversion-rate",
        },
      ]}
    />
  );
}
