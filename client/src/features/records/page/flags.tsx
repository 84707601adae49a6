import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import type { FamilyRecord } from "@contract/records/schemas";
import { Badge } from "@/components/ui/badge";
import type { FlagDeclaration, FlagVariant } from "./declaration";

/** A flag as drawn: whether it holds, its text, its badge colour. */
export interface Flag {
  on: boolean;
  label: string;
  variant?: FlagVariant;
}

/** Whether a declared flag holds for a record: its own test, or else its field is `true`. */
export function flagHolds(flag: FlagDeclaration, record: FamilyRecord): boolean {
  return flag.when ? flag.when(record) : record[flag.field] === true;
}

/** A record's declared flags as drawn, in declared order. */
export function recordFlags(flags: readonly FlagDeclaration[], record: FamilyRecord, t: TFunction): Flag[] {
  return flags.map((flag) => ({ on: flagHolds(flag, record), label: t(flag.label), variant: flag.variant }));
}

/** A list cell's flags: a badge for each that holds (outline unless it says), or a dash when none does. */
export function Flags({ flags, mutedDash = false }: { flags: readonly Flag[]; mutedDash?: boolean }): ReactNode {
  const shown = flags.filter(({ on }) => on);
  if (shown.length === 0) return mutedDash ? <span className="text-muted-foreground">—</span> : <>—</>;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map(({ label, variant }) => (
        <Badge key={label} variant={variant ?? "outline"}>
          {label}
        </Badge>
      ))}
    </span>
  );
}
