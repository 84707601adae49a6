import { useState } from "react";
import { Download, Eye, Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { affiliateEndpoints, affiliateStatuses, type Affiliate, type AffiliateStatus } from "@contract/affiliates";
import { DataTableState, offsetPaging } from "@/components/data-table-state";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { initials } from "@/lib/format";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { AffiliateDetailDialog } from "./affiliate-detail-dialog";
import { AffiliateEdit } from "./affiliate-edit";
import { affiliateStatusLabel, isAffiliateStatus } from "./affiliate-labels";
import { AFFILIATE_PAGE_SIZE, useAffiliateList } from "./affiliate-queries";
import { AffiliateStatusBadge } from "./affiliate-status-badge";
import { WhenAllowed } from "@/components/when-allowed";

const COLUMNS = 6;
/** A narrow card drops the code column (View shows it) before squeezing the names. */
const CODE_COLUMN = "hidden w-36 @3xl:table-cell";
const ALL = "all";

type AffiliateListProps = {
  status: AffiliateStatus | undefined;
  onStatusChange: (status: AffiliateStatus | undefined) => void;
  exportUrl: string;
};

/**
 * The affiliates table (spec §2 calls it Active Affiliates, but it lists every status): status filter, Export, the
 * table with View and Edit. Its title says which affiliates it shows, following the filter.
 */
export function AffiliateList({ status, onStatusChange, exportUrl }: AffiliateListProps) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Affiliate | null>(null);
  const title = status ? t(`affiliates.list.titleByStatus.${status}`) : t("affiliates.list.title");

  return (
    <Card className="min-w-0" data-testid="affiliate-list">
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1">
          <CardTitle data-testid="affiliate-list-title">{title}</CardTitle>
          <CardDescription>{t("affiliates.list.description")}</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Select value={status ?? ALL} onValueChange={(value) => onStatusChange(isAffiliateStatus(value) ? value : undefined)}>
            <SelectTrigger className="w-40" aria-label={t("affiliates.list.statusFilter")} data-testid="affiliate-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("affiliates.list.allStatuses")}</SelectItem>
              {affiliateStatuses.map((value) => (
                <SelectItem key={value} value={value}>
                  {affiliateStatusLabel(t, value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button variant="outline" asChild>
            <a
              href={exportUrl}
              download
              data-testid="affiliate-export"
              onClick={() => toast({ title: t("header.exportStarted"), description: t("header.exportStartedDescription") })}
            >
              <Download aria-hidden="true" />
              {t("affiliates.list.export")}
            </a>
          </Button>
        </div>
      </CardHeader>
      {/* Keyed by the filter: changing it starts again at the first page. */}
      <AffiliateTable key={status ?? ALL} status={status} title={title} onView={(affiliate) => setViewing(affiliate.id)} onEdit={setEditing} />
      <AffiliateDetailDialog affiliateId={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <AffiliateEdit affiliate={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </Card>
  );
}

type AffiliateTableProps = { status: AffiliateStatus | undefined; title: string; onView: (affiliate: Affiliate) => void; onEdit: (affiliate: Affiliate) => void };

function AffiliateTable({ status, title, onView, onEdit }: AffiliateTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useAffiliateList(status, page);
  const rows = list.data?.rows ?? [];

  return (
    <DataTableState
      query={list}
      rowCount={rows.length}
      testId="affiliates"
      loadingText={t("common.loading")}
      errorText={(message) => t("affiliates.list.error", { message })}
      empty={status ? t("affiliates.list.emptyFiltered") : t("affiliates.list.empty")}
      table={{
        label: title,
        // Fixed columns: the affiliate truncates, View and Edit always stay inside the card.
        className: "min-w-[36rem] table-fixed",
        columns: COLUMNS,
        head: (
          <>
            <TableHead>{t("affiliates.columns.affiliate")}</TableHead>
            <TableHead className={CODE_COLUMN}>{t("affiliates.columns.code")}</TableHead>
            <TableHead className="w-24 text-right">{t("affiliates.columns.referrals")}</TableHead>
            <TableHead className="w-32 text-right">{t("affiliates.columns.commission")}</TableHead>
            <TableHead className="w-28">{t("affiliates.columns.status")}</TableHead>
            <TableHead className="w-48 text-right">{t("affiliates.columns.actions")}</TableHead>
          </>
        ),
      }}
      paging={
        list.data && {
          label: t("affiliates.list.pagination"),
          testId: "affiliates-pagination-summary",
          ...offsetPaging(page, AFFILIATE_PAGE_SIZE, list.data.total, setPage),
        }
      }
    >
      {rows.map((affiliate) => (
        <AffiliateRow key={affiliate.id} affiliate={affiliate} onView={onView} onEdit={onEdit} />
      ))}
    </DataTableState>
  );
}

function AffiliateRow({ affiliate, onView, onEdit }: { affiliate: Affiliate; onView: (a: Affiliate) => void; onEdit: (a: Affiliate) => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <TableRow data-testid="affiliate-row">
      <TableCell>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground"
          >
            {initials(affiliate.name) || "?"}
          </span>
          <div className="min-w-0">
            <div className="truncate font-medium" title={affiliate.name}>
              {affiliate.name}
            </div>
            <div className="truncate text-xs text-muted-foreground" title={affiliate.email}>
              {affiliate.email}
            </div>
          </div>
        </div>
      </TableCell>
      <TableCell className={cn(CODE_COLUMN, "truncate")}>
        <code className="font-mono text-xs" data-testid="affiliate-code">
          {affiliate.uniqueCode}
        </code>
      </TableCell>
      <TableCell className="text-right tabular-nums" data-testid="affiliate-referrals">
        {format.number(affiliate.totalReferrals ?? 0)}
      </TableCell>
      <TableCell className="truncate text-right tabular-nums" data-testid="affiliate-commission">
        {format.usd(affiliate.commissionEarned)}
      </TableCell>
      <TableCell>
        <AffiliateStatusBadge status={affiliate.status} />
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => onView(affiliate)} aria-label={t("affiliates.actions.viewFor", { name: affiliate.name })}>
            <Eye aria-hidden="true" />
            {t("affiliates.actions.view")}
          </Button>
          <WhenAllowed endpoint={affiliateEndpoints.update}>
            <Button variant="ghost" size="sm" onClick={() => onEdit(affiliate)} aria-label={t("affiliates.actions.editFor", { name: affiliate.name })}>
              <Pencil aria-hidden="true" />
              {t("affiliates.actions.edit")}
            </Button>
          </WhenAllowed>
        </div>
      </TableCell>
    </TableRow>
  );
}
