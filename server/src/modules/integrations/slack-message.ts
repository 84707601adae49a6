import type { DomainEvent } from "@contract/events";

/**
 * Slack's mrkdwn treats &, < and > as markup (<url|label> links, <!channel> mentions): a lead named "<!channel>"
 * must not page a whole channel. Slack asks for exactly these three to be escaped.
 */
export const escapeSlackText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const stage = (name: string | null) => name ?? "the first stage";

/** The line posted to Slack for an event, in English (Slack shows it as is), with every user-typed value escaped. */
export function slackTextFor(event: DomainEvent): string {
  const e = escapeSlackText;
  switch (event.name) {
    case "lead.created":
      return `New lead: ${e(event.payload.businessName)} (${e(event.payload.email)})`;
    case "lead.updated":
      return `Lead updated: ${e(event.payload.businessName)} (${event.payload.changedFields.map(e).join(", ") || "no fields"}), status ${event.payload.status}`;
    case "lead.deleted":
      return `Lead deleted: ${e(event.payload.businessName)}`;
    case "lead.stage_changed":
      return `${e(event.payload.businessName)} moved from ${e(stage(event.payload.fromStage))} to ${e(stage(event.payload.toStage))}${event.payload.movedBy ? ` by ${e(event.payload.movedBy.name)}` : ""}`;
    case "lead.merged":
      return `${e(event.payload.mergedBusinessName)} (lead #${event.payload.mergedId}) merged into ${e(event.payload.businessName)} (lead #${event.payload.leadId})${event.payload.mergedBy ? ` by ${e(event.payload.mergedBy.name)}` : ""}`;
    case "lead.converted":
      return `Lead converted: ${e(event.payload.businessName)}${event.payload.affiliateId ? " (referred by a partner)" : ""}`;
    case "lead.email_status_changed":
      return `Email #${event.payload.emailId} to lead #${event.payload.leadId}: ${event.payload.status}`;
    case "kpi.synced":
      return `KPIs synced for lead #${event.payload.leadId}: YTD revenue ${event.payload.ytdRevenue}, MRR ${event.payload.mrr}`;
    case "affiliate.registered":
      return `New affiliate: ${e(event.payload.name)} (${e(event.payload.businessName)})`;
    case "referral.created":
      return `New referral: lead #${event.payload.leadId} from affiliate #${event.payload.affiliateId} (by ${event.payload.source})`;
    case "commission.created":
      return `Commission owed: ${event.payload.amount} to affiliate #${event.payload.affiliateId} for lead #${event.payload.leadId}`;
    case "issue.created":
      return `New technical issue #${event.payload.issueId}`;
    case "issue.proposal_ready":
      return `Issue #${event.payload.issueId}: a proposed fix is ready for review`;
    case "issue.approved":
      return `Issue #${event.payload.issueId}: fix approved by ${e(event.payload.reviewedBy)}`;
    case "issue.rejected":
      return `Issue #${event.payload.issueId}: proposal rejected by ${e(event.payload.reviewedBy)}`;
    case "issue.reopened":
      return `Issue #${event.payload.issueId}: a fresh proposal was asked for by ${e(event.payload.requestedBy)}`;
    case "issue.proposal_failed":
      return `Issue #${event.payload.issueId}: no fix could be proposed (${event.payload.code}, after ${event.payload.attempts} attempts)`;
    case "task.created":
      return `New task: ${e(event.payload.title)}${event.payload.createdBy ? ` (by ${e(event.payload.createdBy.name)})` : ""}`;
    case "task.completed":
      return `Task completed: ${e(event.payload.title)}`;
    case "feedback.created":
      return `New feedback (${e(event.payload.type)}) #${event.payload.feedbackId}`;
    case "nps.submitted":
      return `New NPS response: ${event.payload.score}/10`;
    default:
      return genericSlackText(event);
  }
}

/**
 * An event without a line of its own (one added later): its name and its scalar fields, so the message still says
 * what happened.
 */
export function genericSlackText(event: { name: string; payload: object }): string {
  const fields = Object.entries(event.payload)
    .filter((entry): entry is [string, string | number | boolean] => ["string", "number", "boolean"].includes(typeof entry[1]))
    .map(([name, value]) => `${name}: ${escapeSlackText(String(value))}`);
  return fields.length > 0 ? `${event.name}: ${fields.join(", ")}` : event.name;
}
