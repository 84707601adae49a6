import { StatCard, type StatCardProps } from "@/components/stat-card";
import { cn } from "@/lib/utils";

/** One figure of the grid; its test id (on the figure) also tells the cards apart. */
export type StatCardItem = Omit<StatCardProps, "loading" | "data-testid"> & { "data-testid": string };

type StatCardGridProps = {
  cards: readonly StatCardItem[];
  /** The figures are on their way: every card shows a placeholder instead of a figure nobody measured. */
  loading?: boolean;
  /** A newer set of figures is loading while these show. */
  busy?: boolean;
  "data-testid"?: string;
};

/** Three cards sit side by side from a small screen; four go two by two, then in one row on a wide one. */
function columns(count: number): string {
  return count === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2 xl:grid-cols-4";
}

/** A row of figure cards (dashboard, KPI totals, referral figures, the partner's own figures). */
export function StatCardGrid({ cards, loading, busy, ...rest }: StatCardGridProps) {
  return (
    <div className={cn("grid gap-4", columns(cards.length))} aria-busy={busy} data-testid={rest["data-testid"]}>
      {cards.map((card) => (
        <StatCard key={card["data-testid"]} loading={loading} {...card} />
      ))}
    </div>
  );
}
