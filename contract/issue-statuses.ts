// Kept free of zod so the client's first chunk (the header's Export Data button) can use them without the schema library.
export const issueStatuses = ["open", "awaiting_review", "approved", "rejected", "failed"] as const;
export type IssueStatus = (typeof issueStatuses)[number];
