import { useEffect, useRef, useState } from "react";
import { Bug, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { issueStatuses, type Issue } from "@contract/issues";
import { DataTableState, offsetPaging } from "@/components/data-table-state";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useFormatters } from "@/lib/use-formatters";
import { issueStatusLabel } from "./issue-labels";
import { IssueStatusBadge } from "./issue-status-badge";
import { ISSUE_PAGE_SIZE, useIssueList } from "./issues-queries";
import type { IssueListFilter } from "./use-issues-location";

export const ISSUE_SEARCH_DEBOUNCE_MS = 300;

type IssueListProps = {
  filter: IssueListFilter;
  onFilterChange: (next: Partial<IssueListFilter>) => void;
  onReview: (id: number) => void;
};

/** Manage Issues (spec §2): search by description as typed, status filter, and the matching issues, newest first. */
export function IssueList({ filter, onFilterChange, onReview }: IssueListProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const search = useSearchText(filter.q, (q) => onFilterChange({ q }));

  // A new search or status starts again at the first page.
  const [pageIndex, setPageIndex] = useState(0);
  const [pagedFilter, setPagedFilter] = useState(filter);
  if (pagedFilter.q !== filter.q || pagedFilter.status !== filter.status) {
    setPagedFilter(filter);
    setPageIndex(0);
  }

  const list = useIssueList({
    q: filter.q || undefined,
    status: filter.status || undefined,
    limit: ISSUE_PAGE_SIZE,
    offset: pageIndex * ISSUE_PAGE_SIZE,
  });
  const page = list.data;
  const rows = page?.rows ?? [];
  const filtered = Boolean(filter.q || filter.status);
  const searching = search.typing || (list.isFetching && !list.isPending);

  return (
    <Card className="min-w-0" data-testid="issue-list">
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 space-y-0">
        <div className="flex flex-col gap-1">
          <CardTitle data-testid="issue-list-heading">
            {page ? t("issues.list.heading", { count: format.number(page.total) }) : t("issues.list.headingPending")}
          </CardTitle>
          <CardDescription className="flex min-h-5 items-center gap-2" aria-live="polite">
            {searching ? <Spinner label={t("issues.list.searching")} /> : t("issues.list.description")}
          </CardDescription>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <SearchInput
            wrapperClassName="min-w-48 flex-1 sm:w-72 sm:flex-none"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            placeholder={t("issues.list.searchPlaceholder")}
            aria-label={t("issues.list.searchLabel")}
            maxLength={200}
            data-testid="issue-search"
          />
          <div className="w-44">
            <SelectField
              id="issue-status-filter"
              label={t("issues.list.statusFilter")}
              value={filter.status}
              onChange={(value) => onFilterChange({ status: value as IssueListFilter["status"] })}
              placeholder={t("issues.list.allStatuses")}
              noneLabel={t("issues.list.allStatuses")}
              options={issueStatuses.map((value) => ({ value, label: issueStatusLabel(t, value) }))}
            />
          </div>
        </div>
      </CardHeader>
      <DataTableState
        query={list}
        rowCount={rows.length}
        testId="issues"
        loadingText={t("issues.list.loading")}
        errorText={(message) => t("issues.list.error", { message })}
        empty={
          filtered ? (
            <EmptyState icon={SearchX} title={t("issues.list.emptyFiltered")} description={t("issues.list.emptyFilteredHint")} data-testid="issues-empty" />
          ) : (
            <EmptyState icon={Bug} title={t("issues.list.emptyTitle")} description={t("issues.list.emptyDescription")} data-testid="issues-empty" />
          )
        }
        // One page needs no Previous / Next.
        paging={
          page && page.total > ISSUE_PAGE_SIZE
            ? {
                label: t("issues.list.pagination"),
                testId: "issues-pagination-summary",
                ...offsetPaging(pageIndex, ISSUE_PAGE_SIZE, page.total, setPageIndex),
              }
            : undefined
        }
      >
        <ul className="divide-y" aria-label={t("issues.list.label")}>
          {rows.map((issue) => (
            <IssueRow key={issue.id} issue={issue} onReview={onReview} />
          ))}
        </ul>
      </DataTableState>
    </Card>
  );
}

/**
 * The box's text, and the search it commits once typing pauses. The committed search lives in the URL, so a change
 * made there (Back, a link) is copied into the box; the pause timer never writes an older text over it.
 */
function useSearchText(committed: string, commit: (q: string) => void) {
  const [text, setText] = useState(committed);
  const [seenCommitted, setSeenCommitted] = useState(committed);
  if (committed !== seenCommitted) {
    setSeenCommitted(committed);
    if (committed !== text.trim()) setText(committed);
  }

  const settled = useDebouncedValue(text.trim(), ISSUE_SEARCH_DEBOUNCE_MS);
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled !== committed) commit(settled);
  }, [settled, committed, commit]);

  return { text, setText, typing: text.trim() !== committed };
}

function IssueRow({ issue, onReview }: { issue: Issue; onReview: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="issue-row" data-issue-id={issue.id}>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-mono text-sm font-semibold">{t("issues.number", { id: issue.id })}</span>
          <IssueStatusBadge status={issue.status} />
          <time dateTime={issue.createdAt} title={formatDateTime(issue.createdAt, language)} className="text-xs text-muted-foreground">
            {formatRelativeTime(issue.createdAt, language)}
          </time>
        </div>
        <p className="line-clamp-2 whitespace-pre-wrap break-words text-sm" data-testid="issue-description">
          {issue.description}
        </p>
        <p className="truncate text-xs text-muted-foreground">{issue.email}</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => onReview(issue.id)} aria-label={t("issues.list.reviewLabel", { id: issue.id })}>
        {t("issues.list.review")}
      </Button>
    </li>
  );
}
