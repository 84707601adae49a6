// features/issues's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { issueReviewPath } from "./issue-labels";
export { IssueReportForm } from "./issue-report-form";
export { IssueStatusBadge } from "./issue-status-badge";
