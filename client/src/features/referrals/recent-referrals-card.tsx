import { useTranslation } from "react-i18next";
import type { Referral } from "@contract/affiliates";
import { DataTableState } from "@/components/data-table-state";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { LeadLink, LeadStatusBadge } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { RECENT_REFERRALS, useRecentReferrals, type ReferralFilter } from "./referral-queries";

const COLUMNS = 6;
const BUSINESS_COLUMN = "hidden @3xl:table-cell";

/** Recent Referrals (spec §2): the five newest referrals matching the filter. */
export function RecentReferralsCard({ filter }: { filter: ReferralFilter }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const list = useRecentReferrals(filter);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Card className="min-w-0" data-testid="recent-referrals">
      <CardHeader>
        <CardTitle>{t("referrals.recent.title")}</CardTitle>
        <CardDescription>
          {total > rows.length
            ? t("referrals.recent.showingNewest", { shown: format.number(rows.length), total: format.number(total) })
            : t("referrals.recent.description", { count: RECENT_REFERRALS })}
        </CardDescription>
      </CardHeader>
      <DataTableState
        query={list}
        rowCount={rows.length}
        testId="referrals"
        loadingText={t("referrals.recent.loading")}
        errorText={(message) => t("referrals.recent.error", { message })}
        empty={filter.affiliateId !== undefined || filter.since ? t("referrals.recent.emptyFiltered") : t("referrals.recent.empty")}
        table={{
          label: t("referrals.recent.title"),
          // Fixed columns: names truncate (whole text in the tooltip); a narrow card drops the business first.
          className: "min-w-[36rem] table-fixed",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("referrals.columns.affiliate")}</TableHead>
              <TableHead>{t("referrals.columns.lead")}</TableHead>
              <TableHead className={BUSINESS_COLUMN}>{t("referrals.columns.business")}</TableHead>
              <TableHead className="w-28">{t("referrals.columns.status")}</TableHead>
              <TableHead className="w-32 text-right">{t("referrals.columns.commission")}</TableHead>
              <TableHead className="w-32">{t("referrals.columns.date")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((referral) => (
          <ReferralRow key={referral.id} referral={referral} />
        ))}
      </DataTableState>
    </Card>
  );
}

/** A voided commission (the lead left "converted") earns nothing, so it shows as $0 like no commission at all. */
function commissionAmount(referral: Referral): string {
  return referral.commission && referral.commission.status !== "voided" ? referral.commission.amount : "0";
}

function ReferralRow({ referral }: { referral: Referral }) {
  const format = useFormatters();
  return (
    <TableRow data-testid="referral-row">
      <TableCell>
        <div className="truncate font-medium" title={referral.affiliateName}>
          {referral.affiliateName}
        </div>
        <code className="block truncate text-xs text-muted-foreground">{referral.affiliateCode}</code>
      </TableCell>
      <TableCell>
        <LeadLink id={referral.leadId} name={referral.leadName} className="block truncate" data-testid="referral-lead" />
        <div className="truncate text-xs text-muted-foreground" title={referral.leadEmail}>
          {referral.leadEmail}
        </div>
      </TableCell>
      <TableCell className={cn(BUSINESS_COLUMN, "truncate")} title={referral.leadBusinessName}>
        {referral.leadBusinessName}
      </TableCell>
      <TableCell>
        <LeadStatusBadge status={referral.leadStatus} />
      </TableCell>
      <TableCell className="truncate text-right tabular-nums" data-testid="referral-commission">
        {format.usd(commissionAmount(referral))}
      </TableCell>
      <TableCell className="truncate text-muted-foreground">{format.date(referral.referredAt)}</TableCell>
    </TableRow>
  );
}
