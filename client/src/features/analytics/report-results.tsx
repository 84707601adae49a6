import { useTranslation } from "react-i18next";
import { ListPagination } from "@/components/list-pagination";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { industryLabel } from "@/features/leads/lead-labels";
import { apiErrorMessage } from "@/lib/api";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
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
      <div className={cn("border-t", report.isPlaceholderData && "opacity-60")} aria-busy={report.isFetching}>
        {/* Fixed columns: names and emails truncate (the whole text is in the tooltip), so no row pushes the card wider. */}
        <Table aria-label={t("analytics.results.title")} className="min-w-[36rem] table-fixed">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>{t("analytics.columns.owner")}</TableHead>
              <TableHead>{t("analytics.columns.email")}</TableHead>
              <TableHead>{t("analytics.columns.businessName")}</TableHead>
              <TableHead className="w-40">{t("analytics.columns.type")}</TableHead>
              <TableHead className="w-32">{t("analytics.columns.created")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.isPending ? (
              <TableMessageRow colSpan={COLUMNS}>{t("analytics.results.loading")}</TableMessageRow>
            ) : report.isError ? (
              <TableMessageRow colSpan={COLUMNS} className="text-destructive" role="alert" data-testid="report-error">
                {t("analytics.results.error", { message: apiErrorMessage(report.error, t("common.networkError")) })}
              </TableMessageRow>
            ) : rows.length === 0 ? (
              <TableMessageRow colSpan={COLUMNS} data-testid="report-empty">
                {t("analytics.results.empty")}
              </TableMessageRow>
            ) : (
              rows.map((lead) => (
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
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {report.data && rows.length > 0 ? (
        <ListPagination
          label={t("analytics.results.pagination")}
          testId="report-pagination-summary"
          pageIndex={page}
          pageSize={REPORT_PAGE_SIZE}
          rowCount={rows.length}
          total={total}
          hasNext={(page + 1) * REPORT_PAGE_SIZE < total && !report.isPlaceholderData}
          onPrevious={() => onPageChange(Math.max(0, page - 1))}
          onNext={() => onPageChange(page + 1)}
        />
      ) : null}
    </Card>
  );
}
