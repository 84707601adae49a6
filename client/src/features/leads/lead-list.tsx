import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { Pencil, Signpost, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { leadBulkEndpoints } from "@contract/lead-bulk";
import { LEAD_PAGE_DEFAULT, leadEndpoints, type LeadFilter, type LeadSortField, type LeadSummary } from "@contract/leads";
import { leadColumns, type LeadColumnId } from "@contract/lead-table";
import { DataTableState, useCursorPaging } from "@/components/data-table-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { SearchInput } from "@/components/ui/search-input";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import { WhenAllowed } from "@/components/when-allowed";
import { useMayCall } from "@/lib/authorization";
import { stageLabel } from "@/lib/labels";
import { useFormatters } from "@/lib/use-formatters";
import { cn } from "@/lib/utils";
import { LeadBulkActions, LeadBulkJobs } from "./lead-bulk-actions";
import { LEAD_COLUMN_LABEL, LeadColumnsMenu } from "./lead-columns-menu";
import { fitLeadColumns } from "./lead-column-fit";
import { LeadDelete } from "./lead-delete";
import { LeadEdit } from "./lead-edit";
import { LeadFilterChips, LeadFilters } from "./lead-filters";
import { industryLabel } from "./lead-labels";
import { leadPagePath } from "./lead-page-path";
import { LeadPriorityBadge } from "./lead-priority-badge";
import { useLeadList, type LeadListParams } from "./lead-queries";
import { useLeadRowSelection, type LeadRowSelection } from "./lead-row-selection";
import { LeadSortHeader } from "./lead-sort-header";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadTasksLink } from "./lead-tasks-link";
import type { LeadFiltersState } from "./use-lead-filters";

/** Tags shown in a row; the rest are counted in a "+N" chip that names them. */
const TAGS_SHOWN = 3;
const SORT_OF = Object.fromEntries(leadColumns.map((column) => [column.id, column.sort])) as Record<LeadColumnId, LeadSortField>;
/** Short columns pad less, to leave Contact more room (and Contact itself, so an email shows whole). */
const NARROW: ReadonlySet<LeadColumnId> = new Set(["email", "status", "stage", "priority", "assignee", "source", "created", "updated"]);
/** Each column's width, from a variable the table sets (lead-column-fit.ts decides them); Contact takes what is left. */
const WIDTH: Record<LeadColumnId, string> = {
  business: "w-(--lead-col-business)",
  owner: "w-(--lead-col-owner)",
  email: "",
  industry: "w-(--lead-col-industry)",
  status: "w-(--lead-col-status)",
  stage: "w-(--lead-col-stage)",
  priority: "w-(--lead-col-priority)",
  assignee: "w-(--lead-col-assignee)",
  source: "w-(--lead-col-source)",
  created: "w-(--lead-col-created)",
  updated: "w-(--lead-col-updated)",
};

/** The All Leads card: search, filters, columns, the table with its selection and bulk actions, and its pages. */
export function LeadList({ filters }: { filters: LeadFiltersState }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LeadSummary | null>(null);
  const [deleting, setDeleting] = useState<LeadSummary | null>(null);
  const { sort, dir, ...filter } = filters.query;
  // Business always stays (a hand-written address may leave it out): it names the lead and links to its page.
  const chosen = filters.state.columns;
  const columns = chosen.includes("business") ? chosen : (["business", ...chosen] as LeadColumnId[]);

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
          <LeadColumnsMenu columns={columns} onChange={(next) => filters.setState({ ...filters.state, columns: next })} />
        </div>
        <LeadFilterChips filters={filters} />
      </CardHeader>
      {/* Keyed by the filters and sort: changing them starts again at the first page, with nothing selected. */}
      <LeadTable
        key={JSON.stringify(filters.query)}
        query={{ ...filter, sort, dir }}
        filter={filter}
        columns={columns}
        onSort={filters.toggleSort}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      <WhenAllowed endpoint={leadBulkEndpoints.list}>
        <div className="border-t p-4">
          <LeadBulkJobs />
        </div>
      </WhenAllowed>
      <LeadEdit lead={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <LeadDelete lead={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </Card>
  );
}

type LeadTableProps = {
  query: LeadListParams & { sort: LeadSortField; dir: "asc" | "desc" };
  /** The list's filter fields (search included): what "all matching" acts on. */
  filter: LeadFilter;
  columns: readonly LeadColumnId[];
  onSort: (field: LeadSortField) => void;
  onEdit: (lead: LeadSummary) => void;
  onDelete: (lead: LeadSummary) => void;
};

/** The card's inner width in rem, measured before the first paint and on every resize (null until then). */
function useWidthInRem() {
  const ref = useRef<HTMLDivElement>(null);
  const [rem, setRem] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const root = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setRem(element.clientWidth / root);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, rem };
}

function LeadTable({ query, filter, columns, onSort, onEdit, onDelete }: LeadTableProps) {
  const { t } = useTranslation();
  const { cursor, paging } = useCursorPaging();
  const leads = useLeadList({ ...query, cursor, limit: LEAD_PAGE_DEFAULT });
  const selectable = useMayCall(leadBulkEndpoints.start) === true;
  const ticked = useLeadRowSelection();
  const { ref: cardRef, rem: cardRem } = useWidthInRem();
  const fit = fitLeadColumns(columns, cardRem, selectable);
  const sortProps = { sort: query.sort, dir: query.dir, onSort };
  const page = leads.data;
  const rows = page?.rows ?? [];
  const pageIds = rows.map((lead) => lead.id);
  const total = { total: page?.total ?? 0, exact: page?.totalExact ?? true };
  const selection = ticked.selection(filter, total);
  // A column the card has no room for stays in the row, hidden (its text is still the row's, for search in the page).
  const cellClass = (id: LeadColumnId) => cn(NARROW.has(id) && "px-2", !fit.shown.includes(id) && "hidden");
  const widths = Object.fromEntries([
    ["--lead-table-min", `${fit.minWidth}rem`],
    ...Object.entries(fit.widths).map(([id, rem]) => [`--lead-col-${id}`, `${rem}rem`]),
  ]) as CSSProperties;
  const cells = { owner: columns.includes("owner"), source: columns.includes("source") };

  return (
    <div ref={cardRef} className="min-w-0" style={widths}>
      {selectable && selection ? (
        <div className="flex flex-col gap-2 border-t bg-muted/40 px-4 py-2" data-testid="lead-selection-bar">
          <LeadBulkActions selection={selection} onStarted={ticked.clear} />
        </div>
      ) : null}
      {selectable && page ? <SelectAllBanner ticked={ticked} pageIds={pageIds} total={total} /> : null}
      <DataTableState
        query={leads}
        rowCount={rows.length}
        testId="leads"
        loadingText={t("leads.list.loading")}
        errorText={(message) => t("leads.list.error", { message })}
        empty={t("leads.list.empty")}
        table={{
          label: t("leads.list.title"),
          // Fixed columns: the actions never leave the card, and below its least width the table scrolls inside it.
          className: "table-fixed min-w-(--lead-table-min)",
          columns: columns.length + 1 + (selectable ? 1 : 0),
          head: (
            <>
              {selectable ? (
                <TableHead className="w-8 px-2">
                  <Checkbox
                    className="align-middle"
                    checked={ticked.pageState(pageIds)}
                    disabled={pageIds.length === 0}
                    onCheckedChange={(on) => ticked.togglePage(pageIds, on === true)}
                    aria-label={t("leads.selection.page")}
                    data-testid="lead-select-page"
                  />
                </TableHead>
              ) : null}
              {columns.map((id) => (
                <LeadSortHeader key={id} field={SORT_OF[id]} className={cn(WIDTH[id], cellClass(id))} {...sortProps}>
                  {t(LEAD_COLUMN_LABEL[id])}
                </LeadSortHeader>
              ))}
              <TableHead className="w-30 px-2 text-right">
                {t("leads.columns.actions")}
              </TableHead>
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
          <TableRow key={lead.id} data-testid="lead-row" data-state={ticked.isSelected(lead.id) ? "selected" : undefined} className="data-[state=selected]:bg-muted/60">
            {selectable ? (
              <TableCell className="px-2">
                <Checkbox
                  className="align-middle"
                  checked={ticked.isSelected(lead.id)}
                  onCheckedChange={(on) => ticked.toggle(lead.id, on === true, pageIds)}
                  aria-label={t("leads.selection.row", { name: lead.businessName })}
                  data-testid="lead-select-row"
                />
              </TableCell>
            ) : null}
            {columns.map((id) => (
              <TableCell key={id} className={cellClass(id)}>
                <LeadCell id={id} lead={lead} cells={cells} />
              </TableCell>
            ))}
            <TableCell className="px-2 text-right">
              <LeadRowActions lead={lead} onEdit={onEdit} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </DataTableState>
    </div>
  );
}

/**
 * Under the selection bar: once the whole page is ticked and more leads match, an offer to select all of them; once
 * they are, a way back. The count is the list's total (an estimate on large lists, confirmed before an action starts).
 */
function SelectAllBanner({ ticked, pageIds, total }: { ticked: LeadRowSelection; pageIds: number[]; total: { total: number; exact: boolean } }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const formatted = format.number(total.total);
  const wholePage = pageIds.length > 0 && ticked.pageState(pageIds) === true;
  const more = !total.exact || total.total > pageIds.length;
  let content: ReactNode = null;
  if (ticked.matching) {
    content = (
      <>
        <span>{t(total.exact ? "leads.selection.allMatching" : "leads.selection.allMatchingAbout", { count: total.total, formatted })}</span>
        <Button variant="link" size="sm" className="h-auto p-0" onClick={ticked.clear} data-testid="lead-select-clear">
          {t("leads.selection.clear")}
        </Button>
      </>
    );
  } else if (wholePage && more) {
    content = (
      <>
        <span>{t("leads.selection.pageSelected", { count: pageIds.length, formatted: format.number(pageIds.length) })}</span>
        <Button variant="link" size="sm" className="h-auto p-0" onClick={ticked.selectMatching} data-testid="lead-select-matching">
          {t(total.exact ? "leads.selection.selectMatching" : "leads.selection.selectMatchingAbout", { count: total.total, formatted })}
        </Button>
      </>
    );
  }
  return (
    <div aria-live="polite" data-testid="lead-select-banner">
      {content ? <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-t bg-muted/40 px-4 py-2 text-sm">{content}</div> : null}
    </div>
  );
}

/** One cell of a lead's row, by column. */
function LeadCell({ id, lead, cells }: { id: LeadColumnId; lead: LeadSummary; cells: { owner: boolean; source: boolean } }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const owner = `${lead.businessOwnerName} ${lead.businessOwnerLastName}`.trim();
  const text = (value: string, testId?: string, muted = false) => (
    <div className={muted ? "truncate text-muted-foreground" : "truncate"} title={value} data-testid={testId}>
      {value}
    </div>
  );
  switch (id) {
    case "business":
      return (
        <>
          <Link
            href={leadPagePath(lead.id)}
            className="block truncate font-medium underline-offset-4 hover:underline"
            title={lead.businessName}
            data-testid="lead-page-link"
          >
            {lead.businessName}
          </Link>
          {/* The owner and source go under the business unless they have their own columns. */}
          {cells.owner ? null : (
            <div className="truncate text-xs text-muted-foreground" title={owner}>
              {owner}
            </div>
          )}
          <LeadSourceAndTags lead={lead} withSource={!cells.source} />
        </>
      );
    case "owner":
      return text(owner, "lead-owner");
    case "email":
      return (
        <>
          {text(lead.email, "lead-email")}
          <div className="truncate text-xs text-muted-foreground">{lead.phoneNumber || t("leads.notAvailable")}</div>
        </>
      );
    case "industry":
      return text(industryLabel(t, lead.industry), "lead-industry");
    case "status":
      return <LeadStatusBadge status={lead.status} />;
    case "stage":
      return text(stageLabel(t, lead.pipelineStage), "lead-stage");
    case "priority":
      return <LeadPriorityBadge priority={lead.priority} />;
    case "assignee":
      return lead.assignedTo ? text(lead.assignedTo, "lead-assignee") : text(t("leads.fields.unassigned"), "lead-assignee", true);
    case "source":
      return lead.leadSource ? text(lead.leadSource, "lead-source-cell") : text(t("leads.notAvailable"), "lead-source-cell", true);
    case "created":
      return text(format.date(lead.createdAt), "lead-created");
    case "updated":
      return text(format.date(lead.updatedAt), "lead-updated");
  }
}

function LeadRowActions({ lead, onEdit, onDelete }: { lead: LeadSummary; onEdit: (lead: LeadSummary) => void; onDelete: (lead: LeadSummary) => void }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Where the lead came from (unless Source has its column) and its tags, as chips under the business. */
function LeadSourceAndTags({ lead, withSource }: { lead: LeadSummary; withSource: boolean }) {
  const { t } = useTranslation();
  const source = withSource ? lead.leadSource : "";
  if (!source && lead.tags.length === 0) return null;
  const shown = lead.tags.slice(0, TAGS_SHOWN);
  const rest = lead.tags.slice(TAGS_SHOWN);
  return (
    <div className="mt-1 flex min-w-0 flex-wrap gap-1">
      {source ? (
        <Badge variant="outline" className="min-w-0 max-w-full font-normal" title={t("leads.list.sourceTitle", { source })} data-testid="lead-source">
          <Signpost aria-hidden="true" />
          <span className="sr-only">{t("leads.list.sourceLabel")}</span> <span className="truncate">{source}</span>
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
