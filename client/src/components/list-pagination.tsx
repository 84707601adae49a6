import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useFormatters } from "@/lib/use-formatters";

type ListPaginationProps = {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  rowCount: number;
  total: number;
  /** False when the server stopped counting (the total is then a lower bound). */
  totalExact?: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  testId: string;
  label: string;
};

/** "Showing 1–50 of 1,000,000" with Previous / Next. */
export function ListPagination({ pageIndex, pageSize, rowCount, total, totalExact = true, hasNext, onPrevious, onNext, testId, label }: ListPaginationProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const from = pageIndex * pageSize + 1;
  const to = pageIndex * pageSize + rowCount;
  const summary =
    rowCount === 0
      ? null
      : totalExact
        ? t("pagination.showing", { from: format.number(from), to: format.number(to), total: format.number(Math.max(total, to)) })
        : t("pagination.showingAtLeast", { from: format.number(from), to: format.number(to), total: format.number(total) });

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
