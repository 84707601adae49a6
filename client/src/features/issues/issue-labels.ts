import type { TFunction } from "i18next";
import { issueStatuses, type IssueStatus } from "@contract/issue-statuses";

export function isIssueStatus(value: string): value is IssueStatus {
  return (issueStatuses as readonly string[]).includes(value);
}

/** The status in the current language; an unknown value (e.g. from an older server) is shown as sent. */
export function issueStatusLabel(t: TFunction, status: string): string {
  return isIssueStatus(status) ? t(`issueStatus.${status}`) : status;
}

/** Where an issue's review opens: notification links and reloads land on the same screen. */
export function issueReviewPath(id: number): string {
  return `/issues?tab=review&id=${id}`;
}
