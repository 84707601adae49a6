import { useTranslation } from "react-i18next";
import { DataTableState, offsetPaging } from "@/components/data-table-state";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { industryLabel } from "@/features/leads";
import { useFormatters } from "@/lib/use-formatters";
import { REPORT_PAGE_SIZE, type useLeadReport } from "./report-queries";

const COLUMNS = 5;

type ReportResultsProps = {
  report: ReturnType<typeof useLeadReport>;
  /** 0-based. */
  page: number;
  onPageChange: (page: number) => void;
};

/** Report Results (N leads): the leads matching the applied filters, 100 a page. */
export function ReportResults({ report, page, onPageChange }: ReportResultsProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows = report.data?.rows ?? [];
  const total = report.data?.total ?? 0;

  return (
    <Card className="min-w-0" data-testid="report-results">
      <CardHeader>
        <CardTitle data-testid="report-results-heading" aria-live="polite">
          {report.data ? t("analytics.results.heading", { count: total, total: format.number(total) }) : t("analytics.results.title")}
        </CardTitle>
      </CardHeader>
      <DataTableState
        query={report}
        rowCount={rows.length}
        testId="report"
        loadingText={t("analytics.results.loading")}
        errorText={(message) => t("analytics.results.error", { message })}
        empty={t("analytics.results.empty")}
        table={{
          label: t("analytics.results.title"),
          // Fixed columns: names and emails truncate (the whole text is in the tooltip), so no row pushes the card wider.
          className: "min-w-[36rem] table-fixed",
          columns: COLUMNS,
          head: (
            <>
              <TableHead>{t("analytics.columns.owner")}</TableHead>
              <TableHead>{t("analytics.columns.email")}</TableHead>
              <TableHead>{t("analytics.columns.businessName")}</TableHead>
              <TableHead className="w-40">{t("analytics.columns.type")}</TableHead>
              <TableHead className="w-32">{t("analytics.columns.created")}</TableHead>
            </>
          ),
        }}
        paging={
          report.data && {
            label: t("analytics.results.pagination"),
            testId: "report-pagination-summary",
            ...offsetPaging(page, REPORT_PAGE_SIZE, total, onPageChange),
          }
        }
      >
        {rows.map((lead) => (
          <TableRow key={lead.id} data-testid="report-row">
            <TableCell className="truncate" title={`${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim()}>
              {`${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim()}
            </TableCell>
            <TableCell className="truncate" title={lead.email}>
              {lead.email}
            </TableCell>
            <TableCell className="truncate font-medium" title={lead.businessName}>
              {lead.businessName}
            </TableCell>
            <TableCell className="truncate" title={industryLabel(t, lead.industry)}>
              {industryLabel(t, lead.industry)}
            </TableCell>
            <TableCell className="truncate text-muted-foreground">
              <time dateTime={lead.createdAt}>{format.date(lead.createdAt)}</time>
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </Card>
  );
}
