import type { ReactNode } from "react";

/** One headline figure of a KPI record in its box (YTD revenue, MRR, last updated): inside a <dl>. */
export function KpiFigure({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
