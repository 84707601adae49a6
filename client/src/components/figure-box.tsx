import type { ReactNode } from "react";

/**
 * One headline figure in its box, label above value (a KPI record's YTD revenue, a partner's balance): each is an
 * entry of the <dl> its caller lays out as a grid.
 */
export function FigureBox({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
