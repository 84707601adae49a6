import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RecordFamily } from "@contract/records/family";
import type { SortDirection } from "@contract/records/schemas";
import type { FieldOf, ListFilters, TKey } from "./declaration";
import type { RowSort } from "./figures";
import { FullListDialog } from "./full-list-dialog";

/**
 * The records a figure is computed from, as the family's full list opens them: the family, the list filters that
 * select them (status active...), and the order they open in when no filter can select them exactly (the deadlines
 * of the next 30 days: sorted by their date, the soonest first).
 */
export interface RecordsRef {
  family: RecordFamily;
  filters?: ListFilters;
  sort?: RowSort;
}

/** A RecordsRef whose sort field is checked against the family's declared fields (a renamed field fails the typecheck). */
export const recordsOf = <F extends RecordFamily>(family: F, ref: { filters?: ListFilters; sort?: { field: FieldOf<F>; direction: SortDirection } } = {}): RecordsRef => ({
  family,
  ...ref,
});

/** How a text that opens records reads: muted, dotted underline, like a figure's line. */
export const OPEN_RECORDS_CLASS = "w-fit text-left underline decoration-dotted underline-offset-2 hover:text-foreground";

/**
 * A text (a figure's line, a count) that opens the records it was computed from in the family's full list, so a
 * reader can check the figure against them (issue 24.8).
 */
export function OpenRecords({ records, testId, label, className, children }: { records: RecordsRef; testId?: string; label?: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`${OPEN_RECORDS_CLASS} ${className ?? ""}`} onClick={() => setOpen(true)} data-testid={testId} aria-label={label}>
        {children}
      </button>
      <FullListDialog
        family={records.family}
        title={t(`records.families.${records.family.key}` as TKey)}
        filters={records.filters}
        sort={records.sort}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
