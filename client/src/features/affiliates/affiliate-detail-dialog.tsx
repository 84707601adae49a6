import type { ReactNode } from "react";
import { CheckCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { affiliateEndpoints, type AffiliateDetail } from "@contract/affiliates";
import { FigureBox } from "@/components/figure-box";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { LeadStatusBadge } from "@/features/leads";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { AffiliatePayoutForm } from "./affiliate-payout-form";
import { useAffiliateDetail, useApproveCommissions } from "./affiliate-queries";
import { AffiliateStatusBadge, CommissionStatusBadge } from "./affiliate-status-badge";
import { WhenAllowed } from "@/components/when-allowed";

type AffiliateDetailDialogProps = { affiliateId: number | null; onOpenChange: (open: boolean) => void };

/** View: an affiliate's balance, referrals, commissions (with approval) and payouts (with Record payout). */
export function AffiliateDetailDialog({ affiliateId, onOpenChange }: AffiliateDetailDialogProps) {
  const { t } = useTranslation();
  const detail = useAffiliateDetail(affiliateId);
  const affiliate = detail.data?.affiliate;

  return (
    <Dialog open={affiliateId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl" data-testid="affiliate-detail-dialog">
        <DialogHeader>
          <DialogTitle>{affiliate ? affiliate.name : t("affiliates.detail.title")}</DialogTitle>
          <DialogDescription>
            {affiliate ? t("affiliates.detail.description", { business: affiliate.businessName, email: affiliate.email }) : t("affiliates.detail.title")}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={t("common.loading")} />
          </div>
        ) : detail.isError ? (
          <RetryAlert
            message={t("affiliates.detail.error", { message: apiErrorMessage(detail.error, t("common.networkError")) })}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <AffiliateDetailBody detail={detail.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AffiliateDetailBody({ detail }: { detail: AffiliateDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { affiliate, balance } = detail;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t("affiliates.columns.code")}:</span>
        <code className="font-mono font-semibold" data-testid="affiliate-detail-code">
          {affiliate.uniqueCode}
        </code>
        <AffiliateStatusBadge status={affiliate.status} />
        <span className="text-muted-foreground">
          {t("affiliates.detail.commissionPerConversion", { amount: format.usd(affiliate.commissionAmount) })}
        </span>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <FigureBox label={t("affiliates.balance.earned")} value={format.usd(balance.earned)} testId="affiliate-balance-earned" />
        <FigureBox label={t("affiliates.balance.approved")} value={format.usd(balance.approved)} testId="affiliate-balance-approved" />
        <FigureBox label={t("affiliates.balance.pending")} value={format.usd(balance.pending)} testId="affiliate-balance-pending" />
        <FigureBox label={t("affiliates.balance.paid")} value={format.usd(balance.paid)} testId="affiliate-balance-paid" />
      </dl>

      <Section id="affiliate-referrals-heading" title={t("affiliates.detail.referralsTitle", { count: detail.referrals.length })}>
        <Table aria-labelledby="affiliate-referrals-heading">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t("affiliates.detail.lead")}</TableHead>
              <TableHead>{t("affiliates.columns.status")}</TableHead>
              <TableHead>{t("affiliates.detail.date")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.referrals.length === 0 ? (
              <TableMessageRow colSpan={3} className="py-6">
                {t("affiliates.detail.noReferrals")}
              </TableMessageRow>
            ) : (
              detail.referrals.map((referral) => (
                <TableRow key={referral.id} data-testid="affiliate-detail-referral">
                  <TableCell>
                    <div className="font-medium">{referral.leadName}</div>
                    <div className="text-xs text-muted-foreground">{referral.leadBusinessName}</div>
                  </TableCell>
                  <TableCell>
                    <LeadStatusBadge status={referral.leadStatus} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{format.date(referral.referredAt)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Section>

      <CommissionsSection detail={detail} />

      <Section id="affiliate-payouts-heading" title={t("affiliates.detail.payoutsTitle", { count: detail.payouts.length })}>
        <Table aria-labelledby="affiliate-payouts-heading">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="text-right">{t("affiliates.detail.amount")}</TableHead>
              <TableHead>{t("affiliates.detail.date")}</TableHead>
              <TableHead>{t("affiliates.detail.notes")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {detail.payouts.length === 0 ? (
              <TableMessageRow colSpan={3} className="py-6">
                {t("affiliates.detail.noPayouts")}
              </TableMessageRow>
            ) : (
              detail.payouts.map((payout) => (
                <TableRow key={payout.id} data-testid="payout-row">
                  <TableCell className="text-right tabular-nums">{format.usd(payout.amount)}</TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{format.dateTime(payout.paidAt)}</TableCell>
                  <TableCell className="max-w-64 truncate text-muted-foreground" title={payout.notes ?? undefined}>
                    {payout.notes || "—"}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        <WhenAllowed endpoint={affiliateEndpoints.recordPayout}>
          <AffiliatePayoutForm key={`${affiliate.id}-${balance.approved}`} affiliateId={affiliate.id} approved={balance.approved} />
        </WhenAllowed>
      </Section>
    </div>
  );
}

function CommissionsSection({ detail }: { detail: AffiliateDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const approve = useApproveCommissions();
  const pending = detail.commissions.filter((c) => c.status === "pending");

  const run = (commissionIds?: number[]) =>
    approve.mutate(
      { id: detail.affiliate.id, commissionIds },
      {
        onSuccess: ({ approved }) => toast({ title: t("common.success"), description: t("affiliates.commissions.approved", { count: approved }) }),
        onError: (error) =>
          toast({ variant: "destructive", title: t("common.error"), description: apiErrorMessage(error, t("affiliates.commissions.approveFailed")) }),
      },
    );

  return (
    <Section
      id="affiliate-commissions-heading"
      title={t("affiliates.detail.commissionsTitle", { count: detail.commissions.length })}
      action={
        <WhenAllowed endpoint={affiliateEndpoints.approveCommissions}>
          <Button size="sm" variant="outline" disabled={pending.length === 0 || approve.isPending} onClick={() => run()} data-testid="approve-pending">
            <CheckCheck aria-hidden="true" />
            {t("affiliates.commissions.approveAll", { count: pending.length })}
          </Button>
        </WhenAllowed>
      }
    >
      <Table aria-labelledby="affiliate-commissions-heading">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t("affiliates.detail.lead")}</TableHead>
            <TableHead className="text-right">{t("affiliates.detail.amount")}</TableHead>
            <TableHead>{t("affiliates.columns.status")}</TableHead>
            <TableHead>{t("affiliates.detail.date")}</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{t("affiliates.columns.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {detail.commissions.length === 0 ? (
            <TableMessageRow colSpan={5} className="py-6">
              {t("affiliates.detail.noCommissions")}
            </TableMessageRow>
          ) : (
            detail.commissions.map((commission) => (
              <TableRow key={commission.id} data-testid="commission-row">
                <TableCell className="font-medium">{commission.leadBusinessName}</TableCell>
                <TableCell className="text-right tabular-nums">{format.usd(commission.amount)}</TableCell>
                <TableCell>
                  <CommissionStatusBadge status={commission.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">{format.date(commission.createdAt)}</TableCell>
                <TableCell className="text-right">
                  {commission.status === "pending" ? (
                    <WhenAllowed endpoint={affiliateEndpoints.approveCommissions}>
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={approve.isPending}
                        onClick={() => run([commission.id])}
                        aria-label={t("affiliates.commissions.approveFor", { name: commission.leadBusinessName })}
                      >
                        {t("affiliates.commissions.approve")}
                      </Button>
                    </WhenAllowed>
                  ) : null}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Section>
  );
}

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {action}
      </div>
      <div className="rounded-md border">{children}</div>
    </section>
  );
}
