import { FileDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { downloadReport, type ReportSection } from "./page-report";

/**
 * A monitoring page's report button (Health Report, Legacy Report, Generate Report). `sections` is null while the
 * page's figures are still loading: the button is then disabled and says why.
 */
export function ReportButton({ label, title, sections }: { label: string; title: string; sections: readonly ReportSection[] | null }) {
  const { t, i18n } = useTranslation();
  const ready = sections !== null;
  const download = () => {
    if (!sections) return;
    const now = new Date();
    const generated = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(now);
    downloadReport({ title, language: i18n.language, generatedLine: t("records.report.generated", { when: generated }), sections }, now.toISOString().slice(0, 10));
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={download} disabled={!ready} title={ready ? undefined : t("records.report.waiting")} data-testid="page-report-button">
      <FileDown aria-hidden="true" />
      {label}
    </Button>
  );
}
