import { useState } from "react";
import { useExportTarget } from "@/lib/export-target";
import { ReportFilterForm } from "./report-filter-form";
import { reportExportUrl, useLeadReport, type ReportFilter } from "./report-queries";
import { ReportResults } from "./report-results";

/** Advanced Analytics: the lead report (spec §2). Export Data downloads exactly the applied report. */
export default function ReportsPage() {
  const [filter, setFilter] = useState<ReportFilter>({});
  const [page, setPage] = useState(0);
  const report = useLeadReport(filter, page);
  useExportTarget(reportExportUrl(filter));

  return (
    <div className="flex flex-col gap-4">
      <ReportFilterForm
        onApply={(next) => {
          setFilter(next);
          setPage(0);
        }}
        pending={report.isFetching}
        error={report.error}
      />
      <ReportResults report={report} page={page} onPageChange={setPage} />
    </div>
  );
}
