import { useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "@/components/list-pagination";
import { RetryAlert } from "@/components/retry-alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableHeader, TableMessageRow, TableRow } from "@/components/ui/table";
import { apiErrorMessage } from "@/lib/api";
import { cn } from "@/lib/utils";

/** What the list states read from the list's query (a TanStack Query result fits). */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  /** The previous page or filter's rows, kept while the new ones load: shown dimmed, and Next waits for them. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** Previous / Next under the list. Next is also held while the shown rows are the previous page's. */
export type ListPaging = Omit<ComponentProps<typeof ListPagination>, "rowCount">;

/**
 * Paging by cursor (keyset): the cursors of the pages after the first, newest last. Next pushes the page's
 * x-next-cursor, Previous pops, so no page is read at a deep offset. Remount the list (a `key`) to start over.
 */
export function useCursorPaging() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    /** The cursor to read the current page with (none on the first). */
    cursor: cursors.at(-1),
    paging: (page: { total: number; totalExact: boolean; nextCursor: string | null }, pageSize: number) =>
      ({
        pageIndex: cursors.length,
        pageSize,
        total: page.total,
        totalExact: page.totalExact,
        hasNext: Boolean(page.nextCursor),
        onPrevious: () => setCursors((stack) => stack.slice(0, -1)),
        onNext: () => {
          const next = page.nextCursor;
          if (next) setCursors((stack) => [...stack, next]);
        },
      }) satisfies Partial<ListPaging>,
  };
}

/** Paging by offset over a counted total; `pageIndex` is 0-based. */
export function offsetPaging(pageIndex: number, pageSize: number, total: number, onPageChange: (pageIndex: number) => void) {
  return {
    pageIndex,
    pageSize,
    total,
    hasNext: (pageIndex + 1) * pageSize < total,
    onPrevious: () => onPageChange(Math.max(0, pageIndex - 1)),
    onNext: () => onPageChange(pageIndex + 1),
  } satisfies Partial<ListPaging>;
}

type ListTable = {
  /** The table's accessible name. */
  label: string;
  /** Widths: fixed tables set `table-fixed` and a `min-w-*` below which the box scrolls sideways. */
  className: string;
  columns: number;
  /** The header row's cells; the header stays in place in every state. */
  head: ReactNode;
};

type DataTableStateProps = {
  query: ListQuery;
  /** Rows on the page shown: none shows the empty state, and paging appears once there are some. */
  rowCount: number;
  /** Prefix of the states' test ids: `<testId>-loading`, `<testId>-error` and, in a table, `<testId>-empty`. */
  testId: string;
  loadingText: string;
  /** The error line, given the server's message (or the network error's). */
  errorText: (message: string) => string;
  /** The empty state: a line of text in a table; in a plain list a whole block carrying its own test id. */
  empty: ReactNode;
  /**
   * The list as a table: each state is a message row under the header. Without it the children are the list (a
   * `<ul>`, say) and the states are blocks: a spinner, an alert, the empty block.
   */
  table?: ListTable;
  paging?: ListPaging;
  /** The rows, shown when the page has some. */
  children: ReactNode;
};

/**
 * A list's loading, error (with Try again), empty and paging states, the same on every list: while a new page or
 * filter loads the old rows stay, dimmed, and the region says it is busy.
 */
export function DataTableState({ query, rowCount, testId, loadingText, errorText, empty, table, paging, children }: DataTableStateProps) {
  const { t } = useTranslation();
  const error = query.isError ? errorText(apiErrorMessage(query.error, t("common.networkError"))) : "";
  const retry = () => void query.refetch();

  return (
    <>
      <div className={cn("border-t transition-opacity", query.isPlaceholderData && "opacity-60")} aria-busy={query.isFetching}>
        {table ? (
          <Table aria-label={table.label} className={table.className}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">{table.head}</TableRow>
            </TableHeader>
            <TableBody>
              {query.isPending ? (
                <TableMessageRow colSpan={table.columns} data-testid={`${testId}-loading`}>
                  {loadingText}
                </TableMessageRow>
              ) : query.isError ? (
                <TableMessageRow colSpan={table.columns} className="text-destructive" role="alert" data-testid={`${testId}-error`}>
                  <span className="flex flex-col items-center gap-2">
                    {error}
                    <Button variant="outline" size="sm" onClick={retry}>
                      {t("common.tryAgain")}
                    </Button>
                  </span>
                </TableMessageRow>
              ) : rowCount === 0 ? (
                <TableMessageRow colSpan={table.columns} data-testid={`${testId}-empty`}>
                  {empty}
                </TableMessageRow>
              ) : (
                children
              )}
            </TableBody>
          </Table>
        ) : query.isPending ? (
          <div className="flex justify-center py-10" data-testid={`${testId}-loading`}>
            <Spinner label={loadingText} />
          </div>
        ) : query.isError ? (
          <div className="p-4">
            <RetryAlert message={error} onRetry={retry} data-testid={`${testId}-error`} />
          </div>
        ) : rowCount === 0 ? (
          <div className="p-4">{empty}</div>
        ) : (
          children
        )}
      </div>
      {paging && rowCount > 0 ? <ListPagination {...paging} rowCount={rowCount} hasNext={paging.hasNext && !query.isPlaceholderData} /> : null}
    </>
  );
}
