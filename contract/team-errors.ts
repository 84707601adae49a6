// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The team area's failures (invitations, roles, deactivation, password resets), by stable code, with their English text. */
export const teamErrorMessages = {
  "team.member_not_found": "No staff member has this id",
  "team.email_taken": "A staff member already has this email",
  "team.invitation_not_found": "Invitation not found",
  "team.invitation_invalid": "This invitation link is not valid: it was used, revoked or has expired. Ask an administrator for a new one.",
  "team.reset_invalid": "This password-reset link is not valid: it was used, replaced or has expired. Ask an administrator for a new one.",
  "team.last_admin": "At least one active administrator must remain",
  "team.cannot_deactivate_self": "You cannot deactivate your own account",
  "team.deactivated": "This staff member is deactivated: reactivate them first",
} as const;
