import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OpenRecords, type RecordsRef } from "./open-records";

/** Where a figure of a row comes from: its records (opened from the figure) and the test id of the figure. */
export type FigureRowRecords = RecordsRef & { testId?: string };

/** A labelled figure: its label, then what it reads, and the records it is computed from when it is over a family. */
export type FigureRow = readonly [label: string, value: ReactNode, records?: FigureRowRecords];

/**
 * Labelled figures one a line, the label muted on the left and the figure on the right (a panel's metrics). A row
 * that names its records draws its figure as a button opening them (the family's full list), so it can be checked.
 */
export function FigureRows({ rows, gap = "gap-1" }: { rows: readonly FigureRow[]; gap?: "gap-1" | "gap-1.5" | "gap-2" }) {
  const { t } = useTranslation();
  return (
    <dl className={`grid ${gap} text-sm`}>
      {rows.map(([label, value, records]) => (
        <div key={label} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular-nums">
            {records ? (
              <OpenRecords
                records={records}
                testId={records.testId}
                label={typeof value === "string" || typeof value === "number" ? t("records.page.openFigure", { label, value }) : undefined}
              >
                {value}
              </OpenRecords>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A step of a checklist (a phase, a pillar): done or not, said in words, not by colour alone. */
export function DoneMark({ done }: { done: boolean }) {
  const { t } = useTranslation();
  return <span className={done ? "text-emerald-700" : "text-muted-foreground"}>{done ? t("records.page.done") : t("records.page.notDone")}</span>;
}
