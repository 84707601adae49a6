import { useState } from "react";
import { Eye, Trash2 } from "lucide-react";
import { WhenAllowed } from "@/features/auth/when-allowed";
import { useTranslation } from "react-i18next";
import { kpiEndpoints, type KpiRecord } from "@contract/kpi";
import { DataTableState, offsetPaging } from "@/components/data-table-state";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { KpiDeleteDialog } from "./kpi-delete-dialog";
import { KpiDetailDialog } from "./kpi-detail-dialog";
import { KPI_PAGE_SIZE, useKpiList } from "./kpi-queries";

const COLUMNS = 5;
/** The update time is the column a narrow card can spare: the list is sorted by it and View shows it. */
const UPDATED_COLUMN = "hidden w-44 @2xl:table-cell";

/** Recent KPI Updates: only leads with KPI data, newest update first. */
export function KpiRecentTable() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [page, setPage] = useState(0);
  const [viewing, setViewing] = useState<KpiRecord | null>(null);
  const [deleting, setDeleting] = useState<KpiRecord | null>(null);
  const list = useKpiList(page);
  const rows = list.data?.rows ?? [];
  const notAvailable = t("kpi.notAvailable");
  const money = (value: string | null | undefined) => (value === null || value === undefined || value === "" ? notAvailable : format.usd(value));

  return (
    <Card className="min-w-0" data-testid="kpi-recent">
      <CardHeader>
        <CardTitle>{t("kpi.recent.title")}</CardTitle>
        <CardDescription>{t("kpi.recent.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={list}
        rowCount={rows.length}
        testId="kpi"
        loadingText={t("kpi.loading")}
        errorText={(message) => t("kpi.recent.error", { message })}
        empty={t("kpi.recent.empty")}
        table={{
          label: t("kpi.recent.title"),
          // Fixed columns: the lead truncates, the figures and the actions always stay inside the card.
          className: "min-w-[30rem] table-fixed",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("kpi.columns.lead")}</TableHead>
              <TableHead className="w-44 text-right">{t("kpi.columns.ytdRevenue")}</TableHead>
              <TableHead className="w-40 text-right">{t("kpi.columns.mrr")}</TableHead>
              <TableHead className={UPDATED_COLUMN}>{t("kpi.columns.lastUpdated")}</TableHead>
              <TableHead className="w-24 text-right">{t("kpi.columns.actions")}</TableHead>
            </>
          ),
        }}
        paging={
          list.data && {
            label: t("kpi.recent.pagination"),
            testId: "kpi-pagination-summary",
            ...offsetPaging(page, KPI_PAGE_SIZE, list.data.total, setPage),
          }
        }
      >
        {rows.map((record) => (
          <TableRow key={record.id} data-testid="kpi-row">
            <TableCell>
              <div className="truncate font-medium" title={record.businessName}>
                {record.businessName || notAvailable}
              </div>
              <div className="truncate text-xs text-muted-foreground" title={record.email}>
                {record.email || notAvailable}
              </div>
            </TableCell>
            <TableCell className="truncate text-right tabular-nums">{money(record.ytdRevenue)}</TableCell>
            <TableCell className="truncate text-right tabular-nums">{money(record.mrr)}</TableCell>
            <TableCell className={cn(UPDATED_COLUMN, "truncate text-muted-foreground")}>
              {record.updatedAt ? format.dateTime(record.updatedAt) || notAvailable : notAvailable}
            </TableCell>
            <TableCell className="text-right">
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => setViewing(record)}
                  aria-label={t("kpi.actions.viewFor", { name: record.businessName })}
                  title={t("kpi.actions.view")}
                >
                  <Eye aria-hidden="true" />
                </Button>
                <WhenAllowed endpoint={kpiEndpoints.remove}>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setDeleting(record)}
                    aria-label={t("kpi.actions.deleteFor", { name: record.businessName })}
                    title={t("kpi.actions.delete")}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </WhenAllowed>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
      <KpiDetailDialog record={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <KpiDeleteDialog
        record={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => {
          // The last row of a later page went: step back so the table is not left empty.
          if (rows.length === 1 && page > 0) setPage(page - 1);
        }}
      />
    </Card>
  );
}
