import type { ReactNode } from "react";

/** A labelled figure: its label, then what it reads. */
export type FigureRow = readonly [label: string, value: ReactNode];

/** Labelled figures one a line, the label muted on the left and the figure on the right (a panel's metrics). */
export function FigureRows({ rows, gap = "gap-1" }: { rows: readonly FigureRow[]; gap?: "gap-1" | "gap-1.5" | "gap-2" }) {
  return (
    <dl className={`grid ${gap} text-sm`}>
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
