import { z } from "zod";
import { sortDirections, type LeadFilter, type LeadSortField } from "./leads";

/**
 * The leads table's columns, declared once (issue 26): the table draws them, saved views store which are shown and in
 * what order, and the CSV export of a view writes them. Each column sorts by one of the list's sort fields.
 */
export const leadColumns = [
  { id: "business", sort: "businessName" },
  { id: "owner", sort: "contactName" },
  { id: "email", sort: "email" },
  { id: "industry", sort: "industry" },
  { id: "status", sort: "status" },
  { id: "priority", sort: "priority" },
  { id: "stage", sort: "pipelineStage" },
  { id: "assignee", sort: "assignedTo" },
  { id: "source", sort: "leadSource" },
  { id: "created", sort: "createdAt" },
  { id: "updated", sort: "updatedAt" },
] as const satisfies readonly { id: string; sort: LeadSortField }[];

export type LeadColumnId = (typeof leadColumns)[number]["id"];
export const leadColumnIds = leadColumns.map((column) => column.id) as [LeadColumnId, ...LeadColumnId[]];
export const leadColumnIdSchema = z.enum(leadColumnIds);

/** The columns a table shows before anyone chooses (the table as it was before views). */
export const DEFAULT_LEAD_COLUMNS: readonly LeadColumnId[] = ["business", "email", "industry", "status", "stage", "priority", "assignee"];

/** What a leads table shows: its filters (the list's filter fields, search included), sort and columns. */
export type LeadTableState = {
  filter: LeadFilter;
  sort: LeadSortField;
  dir: (typeof sortDirections)[number];
  columns: LeadColumnId[];
};

export const DEFAULT_LEAD_TABLE_STATE: LeadTableState = {
  filter: {},
  sort: "createdAt",
  dir: "desc",
  columns: [...DEFAULT_LEAD_COLUMNS],
};

/** The column each sort field belongs to; it does not compile while a sort field has no column. */
type SortWithoutColumn = Exclude<LeadSortField, (typeof leadColumns)[number]["sort"]>;
export const leadColumnBySort: Record<LeadSortField, LeadColumnId> = Object.fromEntries(
  leadColumns.map((column) => [column.sort, column.id]),
) as Record<Exclude<LeadSortField, SortWithoutColumn>, LeadColumnId>;
