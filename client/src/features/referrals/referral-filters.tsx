import { useState, type FormEvent } from "react";
import { ListFilter, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAffiliateOptions } from "@/features/affiliates";
import type { ReferralFilter } from "./referral-queries";

type ReferralFiltersProps = { applied: ReferralFilter; onApply: (filter: ReferralFilter) => void };

/** Affiliate and "since" day; Filter applies both to the figures and to Recent Referrals. */
export function ReferralFilters({ applied, onApply }: ReferralFiltersProps) {
  const { t } = useTranslation();
  const affiliates = useAffiliateOptions();
  const [affiliateId, setAffiliateId] = useState(applied.affiliateId ? String(applied.affiliateId) : "");
  const [since, setSince] = useState(applied.since ?? "");
  const isApplied = applied.affiliateId !== undefined || applied.since !== undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ affiliateId: affiliateId ? Number(affiliateId) : undefined, since: since || undefined });
  };
  const clear = () => {
    setAffiliateId("");
    setSince("");
    onApply({});
  };

  const options = (affiliates.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.uniqueCode})` }));

  return (
    <Card className="p-4">
      <form role="search" aria-label={t("referrals.filters.label")} onSubmit={onSubmit} className="flex flex-wrap items-end gap-3" data-testid="referral-filters">
        <div className="w-full sm:w-64">
          <SelectField
            id="referral-filter-affiliate"
            label={t("referrals.filters.affiliate")}
            value={affiliateId}
            onChange={setAffiliateId}
            placeholder={affiliates.isPending ? t("common.loading") : affiliates.isError ? t("referrals.filters.affiliatesFailed") : t("referrals.filters.allAffiliates")}
            noneLabel={t("referrals.filters.allAffiliates")}
            options={options}
            disabled={affiliates.isPending}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="referral-filter-since">{t("referrals.filters.since")}</Label>
          <Input id="referral-filter-since" type="date" className="w-44" value={since} onChange={(event) => setSince(event.target.value)} />
        </div>
        <Button type="submit" data-testid="referral-filter-submit">
          <ListFilter aria-hidden="true" />
          {t("referrals.filters.submit")}
        </Button>
        {isApplied ? (
          <Button type="button" variant="ghost" onClick={clear}>
            <X aria-hidden="true" />
            {t("referrals.filters.clear")}
          </Button>
        ) : null}
      </form>
    </Card>
  );
}
