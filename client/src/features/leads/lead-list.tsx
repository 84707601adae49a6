import { useState } from "react";
import { Pencil, Signpost, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { LEAD_PAGE_DEFAULT, leadEndpoints, type LeadSortField, type LeadSummary } from "@contract/leads";
import { DataTableState, useCursorPaging } from "@/components/data-table-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SearchInput } from "@/components/ui/search-input";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { LeadTasksLink } from "./lead-tasks-link";
import { stageLabel } from "@/lib/labels";
import { LeadDelete } from "./lead-delete";
import { LeadEdit } from "./lead-edit";
import { LeadFilterChips, LeadFilters } from "./lead-filters";
import { industryLabel } from "./lead-labels";
import { leadPagePath } from "./lead-page-path";
import { LeadPriorityBadge } from "./lead-priority-badge";
import { useLeadList, type LeadListParams } from "./lead-queries";
import { LeadSortHeader } from "./lead-sort-header";
import { LeadStatusBadge } from "./lead-status-badge";
import type { LeadFiltersState } from "./use-lead-filters";
import { WhenAllowed } from "@/components/when-allowed";

/**
 * The table's columns: fixed widths but Contact's, which takes what is left so an email shows whole wherever the card
 * has room (the short columns pad less to leave it more). Narrower cards drop the least needed first: Industry (the
 * filter still offers it), then Stage (the pipeline shows it), then Assignee, then Priority; Business, Contact, Status
 * and the actions always stay. Each column appears only where Contact keeps at least 12.5rem beside it: every column
 * but Industry from 56rem (a 1280 px window gives the card about 61rem, Contact 17rem), Industry too from 72rem.
 */
const COLUMN = {
  business: "w-40 @min-[72rem]:w-52",
  industry: "hidden w-32 @min-[72rem]:table-cell",
  status: "w-26 px-2",
  stage: "hidden w-26 px-2 @min-[56rem]:table-cell",
  priority: "hidden w-22 px-2 @min-[42rem]:table-cell",
  assignee: "hidden w-30 px-2 @min-[50rem]:table-cell",
  actions: "w-30 px-2 text-right",
} as const;
const COLUMNS = 9;
/** Tags shown in a row; the rest are counted in a "+N" chip that names them. */
const TAGS_SHOWN = 3;

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
        <LeadFilterChips filters={filters} />
      </CardHeader>
      {/* Keyed by the filters and sort: changing them starts again at the first page. */}
      <LeadTable
        key={JSON.stringify(filters.query)}
        query={filters.query}
        onSort={filters.toggleSort}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <LeadEdit lead={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <LeadDelete lead={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </Card>
  );
}

type LeadTableProps = {
  query: LeadListParams & { sort: LeadSortField; dir: "asc" | "desc" };
  onSort: (field: LeadSortField) => void;
  onEdit: (lead: LeadSummary) => void;
  onDelete: (lead: LeadSummary) => void;
};

function LeadTable({ query, onSort, onEdit, onDelete }: LeadTableProps) {
  const { t } = useTranslation();
  const { cursor, paging } = useCursorPaging();
  const leads = useLeadList({ ...query, cursor, limit: LEAD_PAGE_DEFAULT });
  const sortProps = { sort: query.sort, dir: query.dir, onSort };
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
        // Fixed columns: Delete never leaves the card, and below 32rem the table scrolls inside it.
        className: "min-w-[32rem] table-fixed",
        columns: COLUMNS,
        head: (
          <>
            <LeadSortHeader field="businessName" className={COLUMN.business} {...sortProps}>
              {t("leads.columns.business")}
            </LeadSortHeader>
            <LeadSortHeader field="email" {...sortProps}>
              {t("leads.columns.contact")}
            </LeadSortHeader>
            <LeadSortHeader field="industry" className={COLUMN.industry} {...sortProps}>
              {t("leads.columns.industry")}
            </LeadSortHeader>
            <LeadSortHeader field="status" className={COLUMN.status} {...sortProps}>
              {t("leads.columns.status")}
            </LeadSortHeader>
            <LeadSortHeader field="pipelineStage" className={COLUMN.stage} {...sortProps}>
              {t("leads.columns.stage")}
            </LeadSortHeader>
            <LeadSortHeader field="priority" className={COLUMN.priority} {...sortProps}>
              {t("leads.columns.priority")}
            </LeadSortHeader>
            <LeadSortHeader field="assignedTo" className={COLUMN.assignee} {...sortProps}>
              {t("leads.columns.assignee")}
            </LeadSortHeader>
            <TableHead className={COLUMN.actions}>{t("leads.columns.actions")}</TableHead>
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
        <Link
          href={leadPagePath(lead.id)}
          className="block truncate font-medium underline-offset-4 hover:underline"
          title={lead.businessName}
          data-testid="lead-page-link"
        >
          {lead.businessName}
        </Link>
        <div className="truncate text-xs text-muted-foreground" title={owner}>
          {owner}
        </div>
        <LeadSourceAndTags lead={lead} />
      </TableCell>
      <TableCell>
        <div className="truncate" title={lead.email} data-testid="lead-email">
          {lead.email}
        </div>
        <div className="truncate text-xs text-muted-foreground">{lead.phoneNumber || t("leads.notAvailable")}</div>
      </TableCell>
      <TableCell className={COLUMN.industry}>
        <div className="truncate" title={industryLabel(t, lead.industry)}>
          {industryLabel(t, lead.industry)}
        </div>
      </TableCell>
      <TableCell className={COLUMN.status}>
        <LeadStatusBadge status={lead.status} />
      </TableCell>
      <TableCell className={COLUMN.stage}>
        <div className="truncate" title={stageLabel(t, lead.pipelineStage)} data-testid="lead-stage">
          {stageLabel(t, lead.pipelineStage)}
        </div>
      </TableCell>
      <TableCell className={COLUMN.priority}>
        <LeadPriorityBadge priority={lead.priority} />
      </TableCell>
      <TableCell className={COLUMN.assignee}>
        {lead.assignedTo ? (
          <div className="truncate" title={lead.assignedTo} data-testid="lead-assignee">
            {lead.assignedTo}
          </div>
        ) : (
          <div className="truncate text-muted-foreground" data-testid="lead-assignee">
            {t("leads.fields.unassigned")}
          </div>
        )}
      </TableCell>
      <TableCell className={COLUMN.actions}>
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

/** Where the lead came from and its tags, as chips under the business: shown at every width, they take no column. */
function LeadSourceAndTags({ lead }: { lead: LeadSummary }) {
  const { t } = useTranslation();
  if (!lead.leadSource && lead.tags.length === 0) return null;
  const shown = lead.tags.slice(0, TAGS_SHOWN);
  const rest = lead.tags.slice(TAGS_SHOWN);
  return (
    <div className="mt-1 flex min-w-0 flex-wrap gap-1">
      {lead.leadSource ? (
        <Badge variant="outline" className="min-w-0 max-w-full font-normal" title={t("leads.list.sourceTitle", { source: lead.leadSource })} data-testid="lead-source">
          <Signpost aria-hidden="true" />
          <span className="sr-only">{t("leads.list.sourceLabel")}</span>{" "}
          <span className="truncate">{lead.leadSource}</span>
        </Badge>
      ) : null}
      {lead.tags.length > 0 ? (
        // The list's items flow on with the source chip, so a few short tags need no line of their own.
        <ul className="contents" aria-label={t("leads.fields.tags")}>
          {shown.map((tag, index) => (
            <li key={`${index}:${tag}`} className="min-w-0 max-w-full">
              <Badge variant="secondary" className="max-w-full font-normal" title={tag} data-testid="lead-tag">
                <span className="truncate">{tag}</span>
              </Badge>
            </li>
          ))}
          {rest.length > 0 ? (
            <li>
              <Badge variant="secondary" className="font-normal" title={rest.join(", ")}>
                <span aria-hidden="true">+{rest.length}</span>
                <span className="sr-only">{t("leads.list.moreTags", { count: rest.length, tags: rest.join(", ") })}</span>
              </Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
