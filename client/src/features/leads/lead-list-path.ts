import { DEFAULT_LEAD_TABLE_STATE } from "@contract/lead-table";
import { leadTableToSearch } from "./lead-table-url";

/** Lead Management narrowed to one person's leads (the table's assignee filter), as a link from elsewhere. */
export function assigneeLeadsPath(userId: number): string {
  return `/leads?${leadTableToSearch({ state: { ...DEFAULT_LEAD_TABLE_STATE, filter: { assignee: [String(userId)] } } })}`;
}
