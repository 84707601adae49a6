import { useLayoutEffect, useRef, useState } from "react";
import { UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { useLeadAccess } from "@/features/settings";
import { useCan } from "@/lib/authorization";
import { useExportTarget } from "@/lib/export-target";
import { LeadCreate } from "./lead-create";
import { LeadList } from "./lead-list";
import { leadExportUrl } from "./lead-queries";
import { hasLeadTableState } from "./lead-table-url";
import { useDefaultLeadView } from "./lead-view-queries";
import { LeadViewsPanel } from "./lead-views-panel";
import { useLeadFilters } from "./use-lead-filters";

/**
 * Lead Management: Add New Lead on the left, All Leads on the right (spec §2 Leads). Side by side only from 1680 px,
 * where the table beside the form is as wide as a 1280 px window gives it alone (about 61rem: every column but
 * Industry, see lead-list.tsx): below that the form goes on top, so the table keeps the full width instead of a
 * sliver beside the form that would drop its priority, stage and assignee columns or cut emails short.
 *
 * The saved views sit beside the table where both fit (the table keeping its 61rem), above it otherwise. Opened with
 * no table state in the address, the page shows the person's default view (written into the address, replacing the
 * entry): the table waits for the views to know which.
 */
export default function LeadsPage() {
  const { t } = useTranslation();
  const filters = useLeadFilters();
  useExportTarget(leadExportUrl({ ...filters.query, columns: filters.state.columns }));
  const opening = useOpening(filters);

  return (
    <div className="grid items-start gap-4 min-[105rem]:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <LeadCreate />
      <div className="@container min-w-0">
        <div className="grid items-start gap-4 @min-[77rem]:grid-cols-[15rem_minmax(0,1fr)]">
          <LeadViewsPanel filters={filters} />
          {opening ? (
            <Card className="min-w-0" data-testid="lead-list">
              <CardContent className="pt-4 text-sm text-muted-foreground" role="status">
                {t("leads.list.loading")}
              </CardContent>
            </Card>
          ) : (
            <div className="grid min-w-0 gap-2">
              <LeadScopeNote />
              <LeadList filters={filters} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A calm line for an agent limited by the lead access setting to their own and unassigned leads (people with
 * leads.readAll, and viewers, who work no leads, see every lead whatever the setting: kernel/lead-scope.ts), so a
 * shorter list is not taken for missing leads.
 */
function LeadScopeNote() {
  const { t } = useTranslation();
  const readsAll = useCan("leads.readAll");
  const worksLeads = useCan("leads.write");
  const access = useLeadAccess();
  if (readsAll !== false || worksLeads !== true || access.data?.agents !== "own") return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="lead-scope-note">
      <UserRound aria-hidden="true" className="size-4 shrink-0" />
      {t("leads.list.scopeNote")}
    </p>
  );
}

/**
 * Applies the default view once, when the page opens without table state (before the table's first paint once the
 * views are known); true while that is not yet known.
 */
function useOpening(filters: ReturnType<typeof useLeadFilters>): boolean {
  const defaultView = useDefaultLeadView();
  const [openedWithState] = useState(() => hasLeadTableState(window.location.search));
  const decided = useRef(openedWithState);
  useLayoutEffect(() => {
    if (decided.current || defaultView === undefined) return;
    decided.current = true;
    if (defaultView && !hasLeadTableState(window.location.search)) filters.setState(defaultView, { replace: true });
    // Only the first answer about the default counts: later changes of the default do not move the table.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultView]);
  return !openedWithState && defaultView === undefined;
}
