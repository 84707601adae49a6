import type { LeadColumnId } from "@contract/lead-table";

/** Each column's width in rem; Contact (email) has none: it takes what is left, and never less than CONTACT_MIN_REM. */
export const LEAD_COLUMN_REM: Record<Exclude<LeadColumnId, "email">, number> = {
  business: 10,
  owner: 9,
  industry: 8,
  status: 6.5,
  stage: 6.5,
  priority: 5.5,
  assignee: 7.5,
  source: 8,
  created: 7,
  updated: 7,
};
/** Business is wider where the card has this much room. */
export const WIDE_BUSINESS = { from: 72, rem: 13 };
/** The row checkbox and the row's actions (w-8 and w-30 in lead-list.tsx). */
export const SELECT_REM = 2;
export const ACTIONS_REM = 7.5;
/** Contact keeps at least this much beside the other columns, or the least needed go. */
export const CONTACT_MIN_REM = 12.5;
/** Below this the table scrolls sideways inside its card rather than squeeze Contact further. */
const CONTACT_SCROLL_REM = 8;
/**
 * The columns a narrow card drops, least needed first: Industry (the filter still offers it), then Stage (the pipeline
 * shows it), then Assignee, then Priority. The others stay: Business, Contact and Status always, and any column the
 * person added (the table scrolls inside its card instead).
 */
export const DROPPED_FIRST: readonly LeadColumnId[] = ["industry", "stage", "assignee", "priority"];

export type LeadColumnFit = {
  /** The columns drawn, in the person's order. */
  shown: LeadColumnId[];
  /** Each drawn column's width in rem (none for Contact). */
  widths: Partial<Record<LeadColumnId, number>>;
  /** The table's least width in rem: below it the table scrolls inside its card. */
  minWidth: number;
};

/**
 * Which of the chosen columns a card `cardRem` wide draws, and how wide: every column appears only where Contact
 * keeps at least 12.5rem beside it (a 1280 px window gives the card about 61rem: every default column but Industry).
 */
export function fitLeadColumns(columns: readonly LeadColumnId[], cardRem: number | null, selectable: boolean): LeadColumnFit {
  const business = cardRem !== null && cardRem >= WIDE_BUSINESS.from ? WIDE_BUSINESS.rem : LEAD_COLUMN_REM.business;
  const widthOf = (id: LeadColumnId) => (id === "email" ? 0 : id === "business" ? business : LEAD_COLUMN_REM[id]);
  const frame = ACTIONS_REM + (selectable ? SELECT_REM : 0);
  let shown = [...columns];
  const fixed = () => frame + shown.reduce((sum, id) => sum + widthOf(id), 0);
  if (cardRem !== null) {
    for (const id of DROPPED_FIRST) {
      if (fixed() + CONTACT_MIN_REM <= cardRem) break;
      shown = shown.filter((each) => each !== id);
    }
  }
  const widths = Object.fromEntries(shown.filter((id) => id !== "email").map((id) => [id, widthOf(id)]));
  return { shown, widths, minWidth: fixed() + (shown.includes("email") ? CONTACT_SCROLL_REM : 0) };
}
