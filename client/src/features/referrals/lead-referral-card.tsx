import { useTranslation } from "react-i18next";
import type { Referral } from "@contract/affiliates";
import { RegionCard } from "@/components/region-card";
import { QueryStates } from "@/components/query-states";
import { useFormatters } from "@/lib/use-formatters";
import { CommissionStatusBadge } from "@/features/affiliates";
import { useLeadReferral } from "./referral-queries";

/**
 * The lead page's partner (issue 25.1): the affiliate who referred the lead, when and how (their code or their link),
 * and the commission the referral earned with its status; or that no partner referred it.
 */
export function LeadReferralCard({ leadId }: { leadId: number }) {
  const { t } = useTranslation();
  const referral = useLeadReferral(leadId);

  return (
    <RegionCard title={t("leadPage.referral.title")} description={t("leadPage.referral.description")} data-testid="lead-referral">
      <QueryStates
        query={referral}
        loadingLabel={t("leadPage.referral.loading")}
        blockClassName="h-14"
        failedMessage={(message) => t("leadPage.referral.loadFailed", { message })}
      >
        {(found) =>
          found ? (
            <ReferralFacts referral={found} />
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="lead-referral-none">
              {t("leadPage.referral.none")}
            </p>
          )
        }
      </QueryStates>
    </RegionCard>
  );
}

function ReferralFacts({ referral }: { referral: Referral }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const commission = referral.commission;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{t("leadPage.referral.partner")}</dt>
        <dd className="font-medium break-words" data-testid="lead-referral-partner">
          {referral.affiliateName}
        </dd>
        <dd>
          <code className="text-xs text-muted-foreground">{referral.affiliateCode}</code>
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{t("leadPage.referral.referred")}</dt>
        <dd>{format.date(referral.referredAt)}</dd>
        <dd className="text-xs text-muted-foreground">{t(referral.source === "link" ? "leadPage.referral.byLink" : "leadPage.referral.byCode")}</dd>
      </div>
      <div className="col-span-2">
        <dt className="text-xs text-muted-foreground">{t("leadPage.referral.commission")}</dt>
        {commission ? (
          <dd className="flex flex-wrap items-center gap-2" data-testid="lead-referral-commission">
            <span className="font-semibold tabular-nums">{format.usd(commission.amount)}</span>
            <CommissionStatusBadge status={commission.status} />
          </dd>
        ) : (
          <dd className="text-muted-foreground" data-testid="lead-referral-no-commission">
            {t("leadPage.referral.noCommission")}
          </dd>
        )}
      </div>
    </dl>
  );
}
