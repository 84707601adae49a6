import type { TimelineEntry } from "@contract/timeline";

/** A field's value as the timeline shows it: empty as a dash, lists joined, yes/no left to the caller. */
export function changeValueText(value: unknown): string | boolean {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Every sentence an entry can read as (a test holds that each is in en and es). */
export const TIMELINE_TEXT_KEYS = [
  "timeline.text.assignment",
  "timeline.text.assignment_renamed",
  "timeline.text.attachment_added",
  "timeline.text.attachment_deleted",
  "timeline.text.attachment_other",
  "timeline.text.automation",
  "timeline.text.changed",
  "timeline.text.commission_approved",
  "timeline.text.commission_other",
  "timeline.text.commission_paid",
  "timeline.text.commission_pending",
  "timeline.text.commission_voided",
  "timeline.text.created",
  "timeline.text.deleted",
  "timeline.text.email",
  "timeline.text.issue_linked",
  "timeline.text.issue_other",
  "timeline.text.issue_status",
  "timeline.text.issue_unlinked",
  "timeline.text.kpi",
  "timeline.text.merged",
  "timeline.text.note_added",
  "timeline.text.note_deleted",
  "timeline.text.note_edited",
  "timeline.text.note_other",
  "timeline.text.note_pinned",
  "timeline.text.note_unpinned",
  "timeline.text.referral",
  "timeline.text.stage",
  "timeline.text.stage_renamed",
  "timeline.text.survey_answered",
  "timeline.text.survey_other",
  "timeline.text.survey_sent",
  "timeline.text.task_completed",
  "timeline.text.task_created",
  "timeline.text.task_deleted",
  "timeline.text.task_linked",
  "timeline.text.task_other",
  "timeline.text.task_reassigned",
  "timeline.text.task_reopened",
  "timeline.text.task_unlinked",
] as const;
export type TimelineTextKey = (typeof TIMELINE_TEXT_KEYS)[number];
const isTextKey = (key: string): key is TimelineTextKey => (TIMELINE_TEXT_KEYS as readonly string[]).includes(key);

/** The delivery statuses an email entry shows, and the outcomes of an automation run. */
export const EMAIL_STATUSES = ["pending", "sent", "failed", "held"] as const;
export const RUN_OUTCOMES = ["success", "failed", "loop_stopped", "pending"] as const;
export const isEmailStatus = (value: unknown): value is (typeof EMAIL_STATUSES)[number] => (EMAIL_STATUSES as readonly unknown[]).includes(value);
export const isRunOutcome = (value: unknown): value is (typeof RUN_OUTCOMES)[number] => (RUN_OUTCOMES as readonly unknown[]).includes(value);

/**
 * The locale key of the sentence an entry reads as (timeline.text.*): its kind, and for another record's entry what
 * happened to it (a task completed, a note pinned, a commission paid).
 */
export function entryTextKey(entry: TimelineEntry): TimelineTextKey {
  const key = wantedTextKey(entry);
  if (isTextKey(key)) return key;
  const other = `timeline.text.${entry.kind}_other`;
  return isTextKey(other) ? other : "timeline.text.changed";
}

function wantedTextKey(entry: TimelineEntry): string {
  const subject = entry.subject ?? {};
  const event = typeof subject.event === "string" ? subject.event : null;
  switch (entry.kind) {
    case "task":
    case "issue":
    case "survey":
    case "note":
    case "attachment":
      return `timeline.text.${entry.kind}_${event ?? "other"}`;
    case "stage":
    case "assignment":
      return event === "renamed" ? `timeline.text.${entry.kind}_renamed` : `timeline.text.${entry.kind}`;
    case "commission":
      return `timeline.text.commission_${typeof subject.status === "string" ? subject.status : "other"}`;
    default:
      return `timeline.text.${entry.kind}`;
  }
}

/** The subject's text and number fields as the sentence's params (a task's title, an email's subject, an amount). */
export function entryParams(entry: TimelineEntry): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(entry.subject ?? {})) {
    if (typeof value === "string" || typeof value === "number") params[key] = value;
  }
  return params;
}
