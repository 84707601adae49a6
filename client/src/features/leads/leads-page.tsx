import { useExportTarget } from "@/lib/export-target";
import { LeadCreate } from "./lead-create";
import { LeadList } from "./lead-list";
import { leadExportUrl } from "./lead-queries";
import { useLeadFilters } from "./use-lead-filters";

/**
 * Lead Management: Add New Lead on the left, All Leads on the right (spec §2 Leads). Side by side only from 1280 px:
 * below that the form goes on top, so the table keeps the full width instead of a sliver beside the form.
 */
export default function LeadsPage() {
  const filters = useLeadFilters();
  useExportTarget(leadExportUrl(filters.applied));

  return (
    <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <LeadCreate />
      <LeadList filters={filters} />
    </div>
  );
}
