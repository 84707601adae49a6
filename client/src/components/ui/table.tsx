import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A table in a scroll box that is also a size container: columns can hide below a card width with `@2xl:table-cell`
 * and the like, so a table follows the card it sits in, not the window. Tables that must fit their card use
 * `table-fixed` with widths on the header cells and a `min-w-*` below which the box scrolls sideways.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="@container relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("h-9 truncate px-3 text-left align-middle text-xs font-medium text-muted-foreground", className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}

/** One full-width row for a table's loading, empty or error message, so the header stays in place. */
export function TableMessageRow({ colSpan, className, ...props }: ComponentProps<"td"> & { colSpan: number }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn("px-3 py-10 text-center text-sm text-muted-foreground", className)} {...props} />
    </tr>
  );
}
