import { useExportTarget } from "@/lib/export-target";
import { LeadCreate } from "./lead-create";
import { LeadList } from "./lead-list";
import { leadExportUrl } from "./lead-queries";
import { useLeadFilters } from "./use-lead-filters";

/**
 * Lead Management: Add New Lead on the left, All Leads on the right (spec §2 Leads). Side by side only from 1680 px,
 * where the table beside the form is as wide as a 1280 px window gives it alone (about 61rem: every column but
 * Industry, see lead-list.tsx): below that the form goes on top, so the table keeps the full width instead of a
 * sliver beside the form that would drop its priority, stage and assignee columns or cut emails short.
 */
export default function LeadsPage() {
  const filters = useLeadFilters();
  useExportTarget(leadExportUrl(filters.query));

  return (
    <div className="grid items-start gap-4 min-[105rem]:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <LeadCreate />
      <LeadList filters={filters} />
    </div>
  );
}
