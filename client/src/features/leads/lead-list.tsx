import { useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LEAD_PAGE_DEFAULT, leadEndpoints, type LeadSummary, type LeadFilter } from "@contract/leads";
import { DataTableState, useCursorPaging } from "@/components/data-table-state";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/search-input";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { WhenAllowed } from "@/features/auth/when-allowed";
import { LeadTasksLink } from "@/features/tasks/lead-tasks-link";
import { LeadDelete } from "./lead-delete";
import { LeadEdit } from "./lead-edit";
import { LeadFilters } from "./lead-filters";
import { industryLabel } from "./lead-labels";
import { useLeadList } from "./lead-queries";
import { LeadStatusBadge } from "./lead-status-badge";
import type { LeadFiltersState } from "./use-lead-filters";

const COLUMNS = 5;
/** Industry is the one column a narrow card can spare (the filter still offers it). */
const INDUSTRY_COLUMN = "hidden w-36 @2xl:table-cell";

/** The All Leads card: search, filters, the table and its pages. */
export function LeadList({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LeadSummary | null>(null);
  const [deleting, setDeleting] = useState<LeadSummary | null>(null);

  return (
    <Card className="min-w-0" data-testid="lead-list">
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1">
          <CardTitle>{t("leads.list.title")}</CardTitle>
          <CardDescription>{t("leads.list.description")}</CardDescription>
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <SearchInput
            wrapperClassName="flex-1 sm:w-64 sm:flex-none"
            value={filters.search}
            onChange={(event) => filters.setSearch(event.target.value)}
            placeholder={t("leads.list.searchPlaceholder")}
            aria-label={t("leads.list.searchLabel")}
            data-testid="lead-search"
          />
          <LeadFilters filters={filters} />
        </div>
      </CardHeader>
      {/* Keyed by the filters: changing them starts again at the first page. */}
      <LeadTable key={JSON.stringify(filters.applied)} filter={filters.applied} onEdit={setEditing} onDelete={setDeleting} />
      <LeadEdit lead={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <LeadDelete lead={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </Card>
  );
}

type LeadTableProps = { filter: LeadFilter; onEdit: (lead: LeadSummary) => void; onDelete: (lead: LeadSummary) => void };

function LeadTable({ filter, onEdit, onDelete }: LeadTableProps) {
  const { t } = useTranslation();
  const { cursor, paging } = useCursorPaging();
  const leads = useLeadList({ ...filter, cursor, limit: LEAD_PAGE_DEFAULT });
  const page = leads.data;
  const rows = page?.rows ?? [];

  return (
    <DataTableState
      query={leads}
      rowCount={rows.length}
      testId="leads"
      loadingText={t("leads.list.loading")}
      errorText={(message) => t("leads.list.error", { message })}
      empty={t("leads.list.empty")}
      table={{
        label: t("leads.list.title"),
        // Fixed columns: business and contact share what is left and truncate, so Delete never leaves the card.
        className: "min-w-[30rem] table-fixed",
        columns: COLUMNS,
        head: (
          <>
            <TableHead>{t("leads.columns.business")}</TableHead>
            <TableHead>{t("leads.columns.contact")}</TableHead>
            <TableHead className={INDUSTRY_COLUMN}>{t("leads.columns.industry")}</TableHead>
            <TableHead className="w-28">{t("leads.columns.status")}</TableHead>
            <TableHead className="w-32 text-right">{t("leads.columns.actions")}</TableHead>
          </>
        ),
      }}
      paging={
        page && {
          label: t("leads.list.pagination"),
          testId: "leads-pagination-summary",
          ...paging(page, LEAD_PAGE_DEFAULT),
        }
      }
    >
      {rows.map((lead) => (
        <LeadRow key={lead.id} lead={lead} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </DataTableState>
  );
}

function LeadRow({ lead, onEdit, onDelete }: { lead: LeadSummary; onEdit: (lead: LeadSummary) => void; onDelete: (lead: LeadSummary) => void }) {
  const { t } = useTranslation();
  const owner = `${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim();
  return (
    <TableRow data-testid="lead-row">
      <TableCell>
        <div className="truncate font-medium" title={lead.businessName}>
          {lead.businessName}
        </div>
        <div className="truncate text-xs text-muted-foreground" title={owner}>
          {owner}
        </div>
      </TableCell>
      <TableCell>
        <div className="truncate" title={lead.email}>
          {lead.email}
        </div>
        <div className="truncate text-xs text-muted-foreground">{lead.phoneNumber || t("leads.notAvailable")}</div>
      </TableCell>
      <TableCell className={INDUSTRY_COLUMN}>
        <div className="truncate" title={industryLabel(t, lead.industry)}>
          {industryLabel(t, lead.industry)}
        </div>
      </TableCell>
      <TableCell>
        <LeadStatusBadge status={lead.status} />
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          <LeadTasksLink lead={lead} />
          <WhenAllowed endpoint={leadEndpoints.update}>
            <Button variant="ghost" size="icon-sm" aria-label={t("leads.actions.edit", { name: lead.businessName })} title={t("leads.actions.editShort")} onClick={() => onEdit(lead)}>
              <Pencil aria-hidden="true" />
            </Button>
          </WhenAllowed>
          <WhenAllowed endpoint={leadEndpoints.remove}>
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-destructive hover:text-destructive"
              aria-label={t("leads.actions.delete", { name: lead.businessName })}
              title={t("leads.actions.deleteShort")}
              onClick={() => onDelete(lead)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </WhenAllowed>
        </div>
      </TableCell>
    </TableRow>
  );
}
