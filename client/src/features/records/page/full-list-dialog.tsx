import { useMemo, useState } from "react";
import { List } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isSortable, type RecordFamily } from "@contract/records/family";
import { ListPagination } from "@/components/list-pagination";
import { SelectField } from "@/components/select-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SearchInput } from "@/components/ui/search-input";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { fieldLabel, valueLabel } from "../record-labels";
import { RecordListCard } from "../record-list-card";
import { useFamilyList } from "../record-queries";
import type { ColumnDeclaration, ListFilters } from "./declaration";
import { nextSort, type RowSort } from "./figures";
import { defaultColumns, listColumns } from "./list-columns";

/** Rows per page of a full list. */
export const FULL_LIST_PAGE_SIZE = 25;

type FullListProps = {
  family: RecordFamily;
  /** The card's title, which the full list repeats ("Latest simulations: every record"). */
  title: string;
  /** The card's columns; the family's first short fields when none are declared. */
  columns?: readonly ColumnDeclaration[];
  /** The filters it opens with (a figure's records: status active...); the reader can change them. */
  filters?: ListFilters;
  /** The card's empty text, for a family with no record at all. */
  emptyText?: string;
  /** The order it opens in (a figure's records by their date...); the family's declared order when none. */
  sort?: RowSort;
};

/**
 * Every record of a family (issue 24.8), where a capped card or a figure's line leads: searchable by its title field,
 * filterable by each filterable enum, sortable by any column of a sortable kind, paged, and with the family's Add,
 * Edit and Delete. The GET list endpoint does the work: each page is one request with the search, filters, sort and
 * offset, and its `total` counts every match.
 */
function FullList({ family, title, columns, filters: initial = {}, emptyText, sort: initialSort }: FullListProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 250);
  const [filters, setFilters] = useState<ListFilters>(() => ({ ...initial }));
  const [sort, setSort] = useState<RowSort | null>(initialSort ?? null);
  const [pageIndex, setPageIndex] = useState(0);
  const query = useMemo(
    () => ({ ...filters, q: q || undefined, sort: sort?.field, direction: sort?.direction, limit: FULL_LIST_PAGE_SIZE, offset: pageIndex * FULL_LIST_PAGE_SIZE }),
    [filters, q, sort, pageIndex],
  );
  const list = useFamilyList(family, query);
  const total = list.data?.total ?? 0;
  const rows = list.data?.rows ?? [];
  // A delete that empties the last page goes back to the page that is now the last (set while rendering, as React
  // advises for state that follows a query's answer).
  const lastPage = Math.max(0, Math.ceil(total / FULL_LIST_PAGE_SIZE) - 1);
  if (!list.isPlaceholderData && list.data !== undefined && rows.length === 0 && pageIndex > lastPage) setPageIndex(lastPage);
  const filterable = Object.entries(family.fields).filter(([, spec]) => spec.kind === "enum" && spec.filter);
  const filtered = q !== "" || Object.values(filters).some((value) => value !== undefined && value !== "");
  const restart = () => setPageIndex(0);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-56 flex-1 gap-1.5">
          <SearchInput
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              restart();
            }}
            aria-label={t("records.page.search", { field: fieldLabel(t, family.titleField) })}
            placeholder={t("records.page.search", { field: fieldLabel(t, family.titleField) })}
          />
        </div>
        {filterable.map(([name, spec]) => (
          <div key={name} className="w-48">
            <SelectField
              id={`full-list-${family.key}-${name}`}
              label={fieldLabel(t, name)}
              value={String(filters[name] ?? "")}
              onChange={(value) => {
                setFilters((previous) => ({ ...previous, [name]: value || undefined }));
                restart();
              }}
              placeholder={t("records.page.filterAll")}
              noneLabel={t("records.page.filterAll")}
              options={(spec.values ?? []).map((value) => ({ value, label: valueLabel(t, value) }))}
            />
          </div>
        ))}
      </div>
      <RecordListCard
        family={family}
        testId={`record-list-all-${family.key}`}
        title={title}
        list={list}
        columns={listColumns(columns ?? defaultColumns(family), t, i18n.language)}
        loadingText={t("records.loading")}
        emptyText={filtered || !emptyText ? t("records.page.noMatch") : emptyText}
        sort={{
          ...(sort ?? { field: null }),
          // The server sorts by fields of a sortable kind only: a long text's or a list's header stays plain.
          sortable: (field: string) => {
            const spec = family.fields[field];
            return spec !== undefined && isSortable(spec);
          },
          onSort: (field: string) => {
            setSort((current) => nextSort(current, field));
            restart();
          },
        }}
        footer={
          total > 0 ? (
            <ListPagination
              pageIndex={pageIndex}
              pageSize={FULL_LIST_PAGE_SIZE}
              rowCount={rows.length}
              total={total}
              hasNext={(pageIndex + 1) * FULL_LIST_PAGE_SIZE < total}
              onPrevious={() => setPageIndex((index) => Math.max(0, index - 1))}
              onNext={() => setPageIndex((index) => index + 1)}
              testId={`full-list-range-${family.key}`}
              label={t("records.page.pages", { title })}
            />
          ) : null
        }
      />
    </div>
  );
}

/** The full list in a dialog, opened by `open`. */
export function FullListDialog({ open, onOpenChange, ...props }: FullListProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl" data-testid={`full-list-${props.family.key}`}>
        <DialogHeader>
          <DialogTitle>{t("records.page.allTitle", { title: props.title })}</DialogTitle>
          <DialogDescription>{t("records.page.allDescription")}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from the given filters and order, on the first page. */}
        {open ? <FullList {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** A capped card's "View all (N)": N is every record the card's query matches, not only the ones it shows. */
export function ViewAllButton({ total, ...props }: FullListProps & { total: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid={`view-all-${props.family.key}`}>
        <List aria-hidden="true" />
        {t("records.page.viewAll", { count: total })}
      </Button>
      <FullListDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
