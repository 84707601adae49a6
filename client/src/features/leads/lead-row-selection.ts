import { useState } from "react";
import type { LeadFilter } from "@contract/leads";
import type { LeadSelection } from "./lead-selection";

/** The rows ticked in the leads table, or every lead matching its filters ("select all N matching"). */
type Ticked = { kind: "ids"; ids: ReadonlySet<number> } | { kind: "matching" };

const NONE: Ticked = { kind: "ids", ids: new Set() };

/**
 * The leads table's row selection. It lives in the table, which is remounted when the filters or sort change, so a
 * change of view starts with nothing selected. Ticks are kept across pages; "all matching" covers every page.
 */
export function useLeadRowSelection() {
  const [ticked, setTicked] = useState<Ticked>(NONE);
  const matching = ticked.kind === "matching";
  const ids = ticked.kind === "ids" ? ticked.ids : new Set<number>();

  return {
    matching,
    /** How many rows are ticked (0 when all matching are selected: count those with the page's total). */
    tickedCount: ids.size,
    isSelected: (id: number) => matching || ids.has(id),
    /** Ticks or unticks one row; unticking one while all matching are selected keeps the rest of `pageIds`. */
    toggle: (id: number, on: boolean, pageIds: readonly number[]) =>
      setTicked((now) => {
        const next = new Set(now.kind === "ids" ? now.ids : pageIds);
        if (on) next.add(id);
        else next.delete(id);
        return { kind: "ids", ids: next };
      }),
    /** Ticks or unticks every row of the page shown (the header checkbox). */
    togglePage: (pageIds: readonly number[], on: boolean) =>
      setTicked((now) => {
        const next = new Set(now.kind === "ids" ? now.ids : []);
        for (const id of pageIds) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { kind: "ids", ids: next };
      }),
    /** Whether every row of the page is selected (none on the page: false). */
    pageState: (pageIds: readonly number[]): boolean | "indeterminate" => {
      if (matching) return pageIds.length > 0;
      const on = pageIds.filter((id) => ids.has(id)).length;
      return on === 0 ? false : on === pageIds.length ? true : "indeterminate";
    },
    selectMatching: () => setTicked({ kind: "matching" }),
    clear: () => setTicked(NONE),
    /** What a bulk action acts on, or null when nothing is selected. */
    selection: (filter: LeadFilter, total: { total: number; exact: boolean }): LeadSelection | null =>
      matching ? { kind: "filter", filter, total: total.total, exact: total.exact } : ids.size ? { kind: "ids", ids: [...ids] } : null,
  };
}

export type LeadRowSelection = ReturnType<typeof useLeadRowSelection>;
