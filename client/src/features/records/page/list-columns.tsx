import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import type { RecordFamily } from "@contract/records/family";
import type { FamilyRecord } from "@contract/records/schemas";
import { Badge } from "@/components/ui/badge";
import { valueLabel } from "../record-labels";
import { statusTone } from "../score-tones";
import type { ColumnDeclaration } from "./declaration";
import { formatFigure } from "./figures";
import { Flags, recordFlags } from "./flags";

/** A column as RecordListCard draws it. */
export type ListColumn = { field: string; label?: string; render?: (record: FamilyRecord) => ReactNode };

/** Kinds too long for a table cell: the full list leaves them to the form. */
const LONG_KINDS = new Set<string>(["longText", "markdown", "list"]);
/** How many of a family's fields the full list shows when nothing declares its columns. */
export const DEFAULT_COLUMNS = 6;

/** The columns of a family's full list when no card declares them: its first short fields, in declared order. */
export function defaultColumns(family: RecordFamily): ColumnDeclaration[] {
  return Object.entries(family.fields)
    .filter(([, spec]) => !LONG_KINDS.has(spec.kind))
    .slice(0, DEFAULT_COLUMNS)
    .map(([field]) => ({ field }));
}

/** Declared columns as the list draws them: a format writes the field as a figure, a badge colours its status, flags show the yes-flags that hold. */
export function listColumns(columns: readonly ColumnDeclaration[], t: TFunction, language: string): ListColumn[] {
  return columns.map(({ field, label, format, badge, flags, flagsMutedDash, render }) => ({
    field,
    label: label ? t(label) : undefined,
    render: render
      ? (record: FamilyRecord) => render(record, t, language)
      : format
        ? (record: FamilyRecord) => formatFigure(t, language, format, record[field] as number | string | null)
        : badge
          ? (record: FamilyRecord) =>
              record[field] === null || record[field] === undefined ? (
                "—"
              ) : (
                <Badge variant={statusTone(badge.scheme, String(record[field]))} data-testid={badge.testId} data-status={String(record[field])}>
                  {valueLabel(t, String(record[field]))}
                </Badge>
              )
          : flags
            ? (record: FamilyRecord) => <Flags flags={recordFlags(flags, record, t)} mutedDash={flagsMutedDash} />
            : undefined,
  }));
}
