import type { LeadFilter } from "@contract/leads";

/**
 * What a bulk action acts on (issue 26.3): the rows ticked in the table, or every lead matching the table's filters
 * (with the total the table showed, confirmed before the action starts).
 */
export type LeadSelection =
  | { kind: "ids"; ids: number[] }
  | { kind: "filter"; filter: LeadFilter; total: number; exact: boolean };

/** What the table gives a bulk action bar: the selection, and a way to clear it once the action has started. */
export type LeadBulkActionsProps = { selection: LeadSelection; onStarted: () => void };
