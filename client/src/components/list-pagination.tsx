import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ESTIMATED_TOTAL_CEILING } from "@contract/list-reply";
import { Button } from "@/components/ui/button";
import { useFormatters } from "@/lib/use-formatters";

type ListPaginationProps = {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  rowCount: number;
  total: number;
  /** False when the total is an estimate ("about"; at ESTIMATED_TOTAL_CEILING, "more than"). */
  totalExact?: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  testId: string;
  label: string;
};

/** "Showing 1–50 of 1,000,000" (or "of about 12,000") with Previous / Next. */
export function ListPagination({ pageIndex, pageSize, rowCount, total, totalExact = true, hasNext, onPrevious, onNext, testId, label }: ListPaginationProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const from = pageIndex * pageSize + 1;
  const to = pageIndex * pageSize + rowCount;
  // An estimate can fall short of the rows already shown (the sample drew fewer); never claim fewer than those.
  const shown = { from: format.number(from), to: format.number(to), total: format.number(Math.max(total, to)) };
  const summary =
    rowCount === 0
      ? null
      : totalExact
        ? t("pagination.showing", shown)
        : total >= ESTIMATED_TOTAL_CEILING
          ? t("pagination.showingAtLeast", shown)
          : t("pagination.showingAbout", shown);

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 border-t px-3 py-2">
      <p className="text-xs text-muted-foreground" data-testid={testId} aria-live="polite">
        {summary}
      </p>
      <div className="flex gap-1">
        <Button variant="outline" size="sm" onClick={onPrevious} disabled={pageIndex === 0}>
          <ChevronLeft aria-hidden="true" />
          {t("pagination.previous")}
        </Button>
        <Button variant="outline" size="sm" onClick={onNext} disabled={!hasNext}>
          {t("pagination.next")}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
