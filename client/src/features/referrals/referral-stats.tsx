import { CircleCheck, DollarSign, Percent, Share2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatCard } from "@/components/stat-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
      <Alert variant="destructive" className="items-center" data-testid="referral-stats-error">
        <span className="flex-1">{t("referrals.stats.error", { message: apiErrorMessage(stats.error, t("common.networkError")) })}</span>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          {t("common.tryAgain")}
        </Button>
      </Alert>
    );
  }

  const data = stats.data;
  const total = typeof data?.totalReferrals === "number" ? data.totalReferrals : 0;
  const converted = typeof data?.converted === "number" ? data.converted : 0;
  const rate = total > 0 ? converted / total : 0;
  const loading = stats.isPending;

  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={stats.isFetching} data-testid="referral-stats">
      <StatCard
        title={t("referrals.stats.total")}
        value={format.number(total)}
        caption={t("referrals.stats.totalCaption")}
        icon={Share2}
        loading={loading}
        data-testid="stat-total-referrals"
      />
      <StatCard
        title={t("referrals.stats.converted")}
        value={format.number(converted)}
        caption={t("referrals.stats.convertedCaption")}
        icon={CircleCheck}
        loading={loading}
        data-testid="stat-converted"
      />
      <StatCard
        title={t("referrals.stats.commissionPaid")}
        value={format.usdThousands(data?.commissionPaid)}
        caption={<span data-testid="stat-commission-paid-exact">{t("referrals.stats.commissionPaidCaption", { amount: format.usd(data?.commissionPaid) })}</span>}
        icon={DollarSign}
        loading={loading}
        data-testid="stat-commission-paid"
      />
      <StatCard
        title={t("referrals.stats.conversionRate")}
        value={formatNumber(rate, format.language, { style: "percent", maximumFractionDigits: 1 })}
        caption={t("referrals.stats.conversionRateCaption")}
        icon={Percent}
        loading={loading}
        data-testid="stat-conversion-rate"
      />
    </div>
  );
}
