import { lazy, Suspense, useEffect } from "react";
import { CircleCheck, Clock, Copy, DollarSign, HandCoins, Percent, RefreshCw, Share2, Wallet } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { AffiliateDashboard } from "@contract/affiliates";
import { RetryAlert } from "@/components/retry-alert";
import { StatCardGrid } from "@/components/stat-card-grid";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { AffiliateStatusBadge, CommissionStatusBadge } from "@/features/affiliates";
import { LeadStatusBadge } from "@/features/leads";
import { apiErrorMessage, apiErrorStatus } from "@/lib/api";
import { formatNumber } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { useValidationMessage } from "@/lib/validation-message";
import { PARTNER_DASHBOARD_KEY, usePartnerDashboard } from "./partner-queries";
import { clearPartnerSession, type PartnerSession } from "./partner-session";
import { copyText } from "@/lib/copy-text";

const PartnerMonthlyChart = lazy(() => import("./partner-monthly-chart"));

type PartnerDashboardViewProps = { session: PartnerSession; onSessionEnded: () => void };

/** The affiliate's own figures, referral link, recent referrals and the last 12 months. */
export function PartnerDashboardView({ session, onSessionEnded }: PartnerDashboardViewProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  const queryClient = useQueryClient();
  const dashboard = usePartnerDashboard(session);
  const status = apiErrorStatus(dashboard.error);
  // 401: the token expired or was revoked; 403: it is another affiliate's. Either way it is of no use any more.
  const sessionEnded = dashboard.isError && (status === 401 || status === 403);

  useEffect(() => {
    if (!sessionEnded) return;
    clearPartnerSession();
    queryClient.removeQueries({ queryKey: PARTNER_DASHBOARD_KEY });
    onSessionEnded();
  }, [sessionEnded, onSessionEnded, queryClient]);

  if (dashboard.isPending || sessionEnded) {
    return (
      <div className="flex justify-center py-16" data-testid="partner-loading">
        <Spinner label={t("partners.dashboard.loading")} />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <RetryAlert
        message={t("partners.dashboard.error", { message: message(apiErrorMessage(dashboard.error, t("common.networkError"))) })}
        onRetry={() => void dashboard.refetch()}
        data-testid="partner-error"
      />
    );
  }
  return <PartnerDashboardBody data={dashboard.data} refreshing={dashboard.isFetching} onRefresh={() => void dashboard.refetch()} />;
}

function PartnerDashboardBody({ data, refreshing, onRefresh }: { data: AffiliateDashboard; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { affiliate } = data;

  return (
    <div className="flex flex-col gap-4" data-testid="partner-dashboard">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm" data-testid="partner-welcome">
          {t("partners.dashboard.welcome", { name: affiliate.name })}
        </p>
        <span className="text-sm text-muted-foreground">{affiliate.businessName}</span>
        <AffiliateStatusBadge status={affiliate.status} />
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={refreshing ? "animate-spin" : undefined} />
          {t("partners.dashboard.refresh")}
        </Button>
      </div>
      {affiliate.status !== "active" ? <Alert data-testid="partner-inactive">{t("partners.dashboard.inactive")}</Alert> : null}

      <ReferralLinkCard link={data.referralLink} code={affiliate.uniqueCode} />

      <StatCardGrid
        cards={[
          { title: t("partners.stats.referrals"), value: format.number(data.referrals), icon: Share2, "data-testid": "partner-stat-referrals" },
          { title: t("partners.stats.conversions"), value: format.number(data.conversions), icon: CircleCheck, "data-testid": "partner-stat-conversions" },
          {
            title: t("partners.stats.conversionRate"),
            value: formatNumber(data.conversionRate, format.language, { style: "percent", maximumFractionDigits: 1 }),
            icon: Percent,
            "data-testid": "partner-stat-conversion-rate",
          },
        ]}
      />
      <StatCardGrid
        cards={[
          { title: t("partners.stats.earned"), value: format.usd(data.earned), caption: t("partners.stats.earnedCaption"), icon: DollarSign, "data-testid": "partner-stat-earned" },
          { title: t("partners.stats.paid"), value: format.usd(data.paid), caption: t("partners.stats.paidCaption"), icon: Wallet, "data-testid": "partner-stat-paid" },
          { title: t("partners.stats.due"), value: format.usd(data.due), caption: t("partners.stats.dueCaption"), icon: HandCoins, "data-testid": "partner-stat-due" },
          {
            title: t("partners.stats.pending"),
            value: format.usd(data.pending),
            caption: t("partners.stats.pendingCaption"),
            icon: Clock,
            "data-testid": "partner-stat-pending",
          },
        ]}
      />

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>{t("partners.recent.title")}</CardTitle>
            <CardDescription>{t("partners.recent.description")}</CardDescription>
          </CardHeader>
          <div className="border-t">
            <Table aria-label={t("partners.recent.title")}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>{t("partners.recent.business")}</TableHead>
                  <TableHead>{t("partners.recent.status")}</TableHead>
                  <TableHead>{t("partners.recent.commission")}</TableHead>
                  <TableHead>{t("partners.recent.date")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.recentReferrals.length === 0 ? (
                  <TableMessageRow colSpan={4} data-testid="partner-referrals-empty">
                    {t("partners.recent.empty")}
                  </TableMessageRow>
                ) : (
                  data.recentReferrals.map((referral) => (
                    <TableRow key={referral.id} data-testid="partner-referral-row">
                      <TableCell className="max-w-48 truncate font-medium" title={referral.businessName}>
                        {referral.businessName}
                      </TableCell>
                      <TableCell>
                        <LeadStatusBadge status={referral.leadStatus} />
                      </TableCell>
                      <TableCell>
                        {referral.commissionStatus ? (
                          <CommissionStatusBadge status={referral.commissionStatus} />
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-muted-foreground">{format.date(referral.referredAt)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </div>
        </Card>
        <Card className="min-w-0" data-testid="partner-monthly">
          <CardHeader>
            <CardTitle>{t("partners.monthly.title")}</CardTitle>
            <CardDescription>{t("partners.monthly.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Skeleton className="h-[220px]" />}>
              <PartnerMonthlyChart months={data.monthly} />
            </Suspense>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}


function ReferralLinkCard({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(link)) toast({ title: t("partners.link.copied"), description: link });
    else toast({ variant: "destructive", title: t("common.error"), description: t("partners.link.copyFailed") });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("partners.link.title")}</CardTitle>
        <CardDescription>{t("partners.link.description", { code })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 select-all break-all rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm"
          aria-label={t("partners.link.label")}
          data-testid="partner-referral-link"
        >
          {link}
        </code>
        <Button onClick={() => void copy()} data-testid="partner-copy-link">
          <Copy aria-hidden="true" />
          {t("partners.link.copy")}
        </Button>
      </CardContent>
    </Card>
  );
}
