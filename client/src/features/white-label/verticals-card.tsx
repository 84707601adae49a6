import { useTranslation } from "react-i18next";
import { VERTICALS_SHOWN } from "@contract/white-label";
import { DataTableState } from "@/components/data-table-state";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { industryLabel } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";
import { useVerticals } from "./white-label-queries";

/** Spec: the verticals, first 3 shown: the industries with the most leads, with their year-to-date revenue. */
export function VerticalsCard() {
  const { t } = useTranslation();
  const format = useFormatters();
  const verticals = useVerticals();
  const rows = (verticals.data ?? []).slice(0, VERTICALS_SHOWN);
  return (
    <Card className="min-w-0" data-testid="verticals-card">
      <CardHeader>
        <CardTitle>{t("whiteLabel.verticals.title")}</CardTitle>
        <CardDescription>{t("whiteLabel.verticals.description")}</CardDescription>
      </CardHeader>
      <DataTableState
        query={verticals}
        rowCount={rows.length}
        testId="verticals"
        loadingText={t("whiteLabel.verticals.loading")}
        errorText={(message) => t("whiteLabel.verticals.error", { message })}
        empty={t("whiteLabel.verticals.empty")}
        table={{
          label: t("whiteLabel.verticals.label"),
          className: "min-w-[28rem] table-fixed",
          columns: 3,
          head: (
            <>
              <TableHead>{t("whiteLabel.verticals.columns.industry")}</TableHead>
              <TableHead className="w-32 text-right">{t("whiteLabel.verticals.columns.leads")}</TableHead>
              <TableHead className="w-44 text-right">{t("whiteLabel.verticals.columns.revenue")}</TableHead>
            </>
          ),
        }}
      >
        {rows.map((vertical) => {
          const label = vertical.industry === null ? t("whiteLabel.verticals.none") : industryLabel(t, vertical.industry);
          return (
            <TableRow key={vertical.industry ?? ""} data-testid="vertical-row">
              <TableCell>
                <div className="truncate" title={label}>
                  {label}
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{format.number(vertical.leadCount)}</TableCell>
              <TableCell className="text-right tabular-nums">{format.usd(vertical.revenue)}</TableCell>
            </TableRow>
          );
        })}
      </DataTableState>
    </Card>
  );
}
