import { Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTopAffiliates } from "@/features/affiliates";
import { apiErrorMessage } from "@/lib/api";
import { initials } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";

/** Top Performing Affiliates: the five with the highest commission earned (spec §2 Dashboard, §9). */
export function TopAffiliatesCard() {
  const { t } = useTranslation();
  const format = useFormatters();
  const top = useTopAffiliates();
  const affiliates = Array.isArray(top.data) ? top.data : [];

  return (
    <Card data-testid="top-affiliates">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t("dashboard.topAffiliates.title")}</CardTitle>
        <Button asChild variant="link" size="sm" className="h-auto px-0">
          <Link href="/affiliates">{t("dashboard.topAffiliates.viewAll")}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {top.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span className="sr-only">{t("common.loading")}</span>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : top.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-destructive">
            {t("dashboard.topAffiliates.error", { message: apiErrorMessage(top.error, t("common.networkError")) })}
          </p>
        ) : affiliates.length === 0 ? (
          <div className="flex flex-col items-center gap-1 py-6 text-center">
            <Handshake aria-hidden="true" className="size-5 text-muted-foreground" />
            <p className="text-sm font-medium">{t("dashboard.topAffiliates.empty")}</p>
            <p className="text-xs text-muted-foreground">{t("dashboard.topAffiliates.emptyHint")}</p>
          </div>
        ) : (
          <ul className="divide-y">
            {affiliates.map((affiliate) => {
              const referrals = typeof affiliate.totalReferrals === "number" ? affiliate.totalReferrals : 0;
              return (
                <li key={affiliate.id} className="flex items-center gap-3 py-2" data-testid="top-affiliate">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
                  >
                    {initials(affiliate.name) || "?"}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{affiliate.name}</p>
                    <code className="truncate text-xs text-muted-foreground">{affiliate.uniqueCode}</code>
                  </div>
                  <div className="text-right">
                    <p className="text-sm font-semibold tabular-nums" data-testid="top-affiliate-commission">
                      {format.usd(affiliate.commissionEarned ?? 0)}
                    </p>
                    <p className="text-xs text-muted-foreground" data-testid="top-affiliate-referrals">
                      {t("dashboard.topAffiliates.referrals", { count: referrals, total: format.number(referrals) })}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
