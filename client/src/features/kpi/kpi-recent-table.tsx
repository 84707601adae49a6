import { useState } from "react";
import { Eye, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { kpiEndpoints, type KpiRecord } from "@contract/kpi";
import { DataTableState, offsetPaging } from "@/components/data-table-state";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { LeadLink } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { KpiDeleteDialog } from "./kpi-delete-dialog";
import { KpiDetailDialog } from "./kpi-detail-dialog";
import { KPI_PAGE_SIZE, useKpiList } from "./kpi-queries";
import { WhenAllowed } from "@/components/when-allowed";

const COLUMNS = 5;
/** The update time is the column a narrow card can spare: the list is sorted by it and View shows it. */
const UPDATED_COLUMN = "hidden whitespace-nowrap @2xl:table-cell";

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
          // The figures, the update time and the actions are as wide as they are in the reader's language and never
          // wrap; the lead has the rest, its name and email wrapping rather than being cut. Below 30 rem the box scrolls.
          className: "min-w-[30rem]",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("kpi.columns.lead")}</TableHead>
              <TableHead className="text-right">{t("kpi.columns.ytdRevenue")}</TableHead>
              <TableHead className="text-right">{t("kpi.columns.mrr")}</TableHead>
              <TableHead className={UPDATED_COLUMN}>{t("kpi.columns.lastUpdated")}</TableHead>
              <TableHead className="w-px text-right">{t("kpi.columns.actions")}</TableHead>
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
              {/* Every KPI row belongs to a lead: its name opens the lead's page; View shows the figures here. */}
              <LeadLink id={record.leadId} name={record.businessName || notAvailable} className="block font-medium wrap-anywhere" data-testid="kpi-lead" />
              <div className="text-xs text-muted-foreground wrap-anywhere">{record.email ? <BreakableEmail email={record.email} /> : notAvailable}</div>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{money(record.ytdRevenue)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{money(record.mrr)}</TableCell>
            <TableCell className={cn(UPDATED_COLUMN, "text-muted-foreground")}>
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

/** An email that, when it must wrap, wraps after its @ first (a <wbr>, so a copied address has nothing added). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
