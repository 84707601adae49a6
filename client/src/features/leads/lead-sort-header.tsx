import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { LeadSortField } from "@contract/leads";
import { TableHead } from "@/components/ui/table";

type SortHeaderProps = {
  field: LeadSortField;
  sort: LeadSortField;
  dir: "asc" | "desc";
  onSort: (field: LeadSortField) => void;
  className?: string;
  children: ReactNode;
};

/** A column header that sorts the leads by its field (again: the other way); aria-sort tells which way it sorts now. */
export function LeadSortHeader({ field, sort, dir, onSort, className, children }: SortHeaderProps) {
  const active = sort === field;
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead className={className} aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}>
      <button
        type="button"
        className="inline-flex max-w-full items-center gap-1 rounded-sm hover:text-foreground"
        onClick={() => onSort(field)}
        data-testid={`lead-sort-${field}`}
      >
        <span className="truncate">{children}</span>
        <Icon className="size-3 shrink-0" aria-hidden="true" />
      </button>
    </TableHead>
  );
}
