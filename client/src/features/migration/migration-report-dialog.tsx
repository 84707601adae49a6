import { useState } from "react";
import { Download, ListChecks } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Migration } from "@contract/migration";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Link } from "wouter";
import { LeadLink, leadMergePath } from "@/features/leads";
import { apiErrorMessage } from "@/lib/api";
import { translateErrorCode } from "@/lib/validation-message";
import { migrationErrorReportUrl, useMigrationReport } from "./migration-queries";

/**
 * Whether a migration has anything to report: rows it could not import, rows it skipped as duplicates, or rows it
 * imported as likely duplicates.
 */
export const hasReport = (migration: Migration) => migration.errors > 0 || migration.recordsSkipped > 0 || migration.likelyDuplicates > 0;

/**
 * The report of an import in a dialog: each row not imported with its problem, each row skipped because its email
 * was already a lead, with that lead's name opening its page, and each row imported whose phone number was already a
 * lead's, with a link comparing the two. The CSV download holds the same lines.
 */
export function MigrationReportButton({ migration, compact = false }: { migration: Migration; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={compact ? "ghost" : "outline"}
          size={compact ? "sm" : "default"}
          aria-label={compact ? t("migration.report.viewOf", { file: migration.sourceFile }) : undefined}
          data-testid="migration-view-report"
        >
          <ListChecks aria-hidden="true" />
          {t("migration.report.view")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl" data-testid="migration-report">
        <DialogHeader>
          <DialogTitle>{t("migration.report.title")}</DialogTitle>
          <DialogDescription>{t("migration.report.description", { file: migration.sourceFile })}</DialogDescription>
        </DialogHeader>
        {open ? <ReportLines id={migration.id} /> : null}
        <div>
          <Button asChild variant="outline" size="sm">
            <a href={migrationErrorReportUrl(migration.id)} download data-testid="migration-report-download">
              <Download aria-hidden="true" />
              {t("migration.report.download")}
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ReportLines({ id }: { id: number }) {
  const { t } = useTranslation();
  const report = useMigrationReport(id, true);
  if (report.isPending) return <p className="text-sm text-muted-foreground">{t("migration.report.loading")}</p>;
  if (report.isError) {
    return <Alert variant="destructive">{t("migration.report.error", { message: apiErrorMessage(report.error, t("common.networkError")) })}</Alert>;
  }
  const lines = report.data.pages.flatMap((page) => page.lines);
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{t("migration.report.empty")}</p>;
  return (
    <div className="grid gap-3">
      <div className="max-h-[60vh] overflow-auto">
        <Table aria-label={t("migration.report.title")} className="table-fixed min-w-[560px]">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16 text-right">{t("migration.report.row")}</TableHead>
              <TableHead className="w-32">{t("migration.report.field")}</TableHead>
              <TableHead>{t("migration.report.problem")}</TableHead>
              <TableHead className="w-44">{t("migration.report.lead")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={`${line.rowNumber}-${line.code}-${line.field ?? ""}`} data-testid="migration-report-line">
                <TableCell className="text-right align-top tabular-nums">{line.rowNumber}</TableCell>
                <TableCell className="align-top wrap-anywhere">{line.field ?? "—"}</TableCell>
                <TableCell className="align-top">{lineMessage(t, line)}</TableCell>
                <TableCell className="align-top">
                  {line.lead ? (
                    line.lead.businessName !== null ? (
                      <LeadLink id={line.lead.id} name={line.lead.businessName} className="block wrap-anywhere font-medium" data-testid="migration-report-lead" />
                    ) : (
                      <span className="text-muted-foreground">{t("migration.report.deletedLead", { id: line.lead.id })}</span>
                    )
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                  {line.lead?.businessName != null && line.importedLead?.businessName != null ? (
                    <Link
                      href={leadMergePath(line.lead.id, line.importedLead.id)}
                      className="text-xs text-primary underline-offset-4 hover:underline"
                      aria-label={t("leads.duplicates.compareLabel", { a: line.lead.businessName, b: line.importedLead.businessName })}
                      data-testid="migration-report-compare"
                    >
                      {t("leads.duplicates.compare")}
                    </Link>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {report.hasNextPage ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => void report.fetchNextPage()} disabled={report.isFetchingNextPage}>
            {t("migration.report.more")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A report line's or preview row's problem in the reader's language when its code needs no params (the import keeps
 * the code and its English text, not the params); the English text otherwise.
 */
export function lineMessage(t: Parameters<typeof translateErrorCode>[0], line: { code: string; message: string }): string {
  const translated = translateErrorCode(t, line.code);
  return translated && !translated.includes("{{") ? translated : line.message;
}
