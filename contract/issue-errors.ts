// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The technical issue area's failures (contract/issues.ts), by stable code, with their English text. */
export const issueErrorMessages = {
  "issue.not_found": "Issue not found",
  "issue.invalid_email": "Invalid email address",
  "issue.invalid_url": "Invalid URL",
  "issue.description_too_short": "Description must be at least {min} characters",
  "issue.no_proposal": "This issue has no proposal to approve yet",
  "issue.no_fix_proposed": "No fix was proposed for this issue (no AI model wrote one), so there is nothing to approve",
  "issue.no_proposal_to_reject": "This issue has no proposal to reject yet",
  "issue.already_approved": "This issue is already approved",
  "issue.approved_cannot_be_rejected": "An approved fix cannot be rejected",
  "issue.already_rejected": "This issue is already rejected",
  "issue.proposal_in_progress": "A proposal is already being prepared",
} as const;
