import { z } from "zod";
import { permissions, roleGrants } from "./access-policy";
import { currentUserSchema, MIN_STAFF_PASSWORD, nameBodySchema, personNameSchema, userRoleSchema, userRoles, type UserRole } from "./auth";
import { idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";

/**
 * The team: administrators invite staff with a one-time link, change their role, reset their password with a
 * one-time link, and deactivate or reactivate them. Roles are sets of permissions (access-policy.ts).
 */

/** How long an invitation link and a password-reset link stay usable. */
export const INVITATION_TTL_DAYS = 7;
export const PASSWORD_RESET_TTL_HOURS = 24;

/** What each role is for, in the API's English; the screens show their own translation by role name. */
export const roleDescriptions: Record<UserRole, string> = {
  admin: "Everything, including people, API keys, webhooks, integrations, money, security and system settings",
  manager: "Runs the team's work: deletes leads, manages the pipeline, automations, partners, records and imports, reviews AI fixes, reads the audit trail and exports",
  agent: "Works leads, KPIs, tasks, issues, feedback, customers and knowledge articles",
  viewer: "Reads every screen and changes nothing",
};

export const roleSummarySchema = z.object({
  name: userRoleSchema,
  description: z.string(),
  permissionCount: z.number().int(),
  permissions: z.array(z.enum(permissions)),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

/** The roles as the Enterprise tab lists them (spec: name, description, permission count). */
export const roleSummaries = (): RoleSummary[] =>
  userRoles.map((name) => ({ name, description: roleDescriptions[name], permissionCount: roleGrants[name].length, permissions: [...roleGrants[name]] }));

export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  active: z.boolean().describe("False once an administrator deactivated the account"),
  hasPassword: z.boolean().describe("False for someone who only signs in through single sign-on"),
  activeSessions: z.number().int(),
  assignedLeads: z.number().int().describe("Leads assigned to the person: a deactivated person's stay theirs until reassigned"),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  deactivatedAt: isoDateTime.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: userRoleSchema,
  invitedBy: z.string().nullable().describe("The administrator's email"),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type Invitation = z.infer<typeof invitationSchema>;

const email = z.string().trim().toLowerCase().max(150).pipe(z.email(errorMessage("field.email_required")));
const newPassword = z
  .string()
  .min(MIN_STAFF_PASSWORD, errorMessage("auth.password_too_short", { min: MIN_STAFF_PASSWORD }))
  .max(200);
/** A link's secret part: base64url, as the server makes them. */
const linkToken = z
  .string({ error: errorMessage("field.required") })
  .trim()
  .min(1, errorMessage("field.required"))
  .max(200, errorMessage("field.too_long", { max: 200 }))
  .describe("The secret from the link (after #)");

export const inviteBodySchema = z.object({
  email,
  name: personNameSchema.optional().describe("Pre-fills the name on the invitation page"),
  role: userRoleSchema,
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/**
 * A one-time link as it leaves the server, the only time it does: the path to open (the secret after #, so it never
 * reaches a server log) and whether it was also mailed.
 */
export const oneTimeLinkSchema = z.object({
  path: z.string().describe("Open this path on Leadwell: /invite#… or /reset-password#…"),
  expiresAt: isoDateTime,
  mail: z.enum(["queued", "held"]).describe("queued: sent through SMTP by a job; held: kept in Sent mail because SMTP_URL is not set"),
});
export type OneTimeLink = z.infer<typeof oneTimeLinkSchema>;

export const createdInvitationSchema = z.object({ invitation: invitationSchema, link: oneTimeLinkSchema });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const roleChangeBodySchema = z.object({ role: userRoleSchema });

export const invitationLookupBodySchema = z.object({ token: linkToken });
export const invitationDetailsSchema = z.object({ email: z.string(), name: z.string().nullable(), role: userRoleSchema, expiresAt: isoDateTime });
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const acceptInvitationBodySchema = z.object({ token: linkToken, name: personNameSchema, password: newPassword });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

export const passwordResetLookupBodySchema = z.object({ token: linkToken });
export const passwordResetDetailsSchema = z.object({ email: z.string(), expiresAt: isoDateTime });
export type PasswordResetDetails = z.infer<typeof passwordResetDetailsSchema>;

export const completePasswordResetBodySchema = z.object({ token: linkToken, password: newPassword });
export type CompletePasswordResetBody = z.infer<typeof completePasswordResetBodySchema>;

// Endpoints

const tags = ["Team and roles"];
const publicTags = ["Staff sign-in"];

export const teamEndpoints = defineEndpoints("team", {
  roles: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/enterprise/permissions",
    reply: z.object({ roles: z.array(roleSummarySchema) }),
    tags,
    summary: "The roles and the permissions each grants (name, description, permission count)",
  }),
  members: defineEndpoint({
    method: "GET",
    permission: "users.manage",
    path: "/enterprise/users",
    reply: z.array(teamMemberSchema),
    tags,
    summary: "Every staff member with their role, status and sessions (administrators)",
  }),
  changeRole: defineEndpoint({
    method: "PUT",
    permission: "users.manage",
    path: "/enterprise/users/:id/role",
    params: idParamsSchema,
    body: roleChangeBodySchema,
    reply: teamMemberSchema,
    errors: [400, 404, 409],
    tags,
    summary: "Give a staff member another role; it applies to their next request",
    description: "The last active administrator cannot lose the role (409).",
  }),
  rename: defineEndpoint({
    method: "PUT",
    permission: "users.manage",
    path: "/enterprise/users/:id/name",
    params: idParamsSchema,
    body: nameBodySchema,
    reply: teamMemberSchema,
    errors: [400, 404],
    tags,
    summary: "Correct a staff member's name; the leads assigned to them show the new name",
    description:
      "Leads hold their assignee's name as well as their id (assignedTo), so each of the person's leads takes the new name in the same transaction, with a timeline entry and a lead.updated event. History (timeline actors, audit rows) keeps the name it was written with.",
  }),
  deactivate: defineEndpoint({
    method: "POST",
    permission: "users.manage",
    path: "/enterprise/users/:id/deactivate",
    params: idParamsSchema,
    reply: teamMemberSchema,
    errors: [404, 409],
    tags,
    summary: "Deactivate a staff member: their sessions and API keys end at once and they cannot sign in",
    description: "Nobody can deactivate themselves or the last active administrator (409).",
  }),
  reactivate: defineEndpoint({
    method: "POST",
    permission: "users.manage",
    path: "/enterprise/users/:id/reactivate",
    params: idParamsSchema,
    reply: teamMemberSchema,
    errors: [404],
    tags,
    summary: "Let a deactivated staff member sign in again (their old API keys stay deleted)",
  }),
  resetPassword: defineEndpoint({
    method: "POST",
    permission: "users.manage",
    path: "/enterprise/users/:id/password-reset",
    params: idParamsSchema,
    reply: oneTimeLinkSchema,
    status: 201,
    errors: [404, 409],
    tags,
    summary: "Start a password reset: ends the person's sessions and answers a one-time link (shown once, also mailed)",
    description: `The link works once, for ${PASSWORD_RESET_TTL_HOURS} hours; an earlier unused one stops working.`,
  }),
  invitations: defineEndpoint({
    method: "GET",
    permission: "users.manage",
    path: "/enterprise/invitations",
    reply: z.array(invitationSchema),
    tags,
    summary: "Invitations not yet accepted, revoked or expired",
  }),
  invite: defineEndpoint({
    method: "POST",
    permission: "users.manage",
    path: "/enterprise/invitations",
    body: inviteBodySchema,
    reply: createdInvitationSchema,
    status: 201,
    errors: [400, 409],
    tags,
    summary: "Invite someone with a role: answers a one-time link (shown once, also mailed)",
    description: `The link works once, for ${INVITATION_TTL_DAYS} days; inviting the same email again replaces the earlier link. An email that already belongs to a staff member answers 409.`,
  }),
  revokeInvitation: defineEndpoint({
    method: "DELETE",
    permission: "users.manage",
    path: "/enterprise/invitations/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404],
    tags,
    summary: "Revoke an invitation: its link stops working",
  }),
  invitationDetails: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/invitations/lookup",
    body: invitationLookupBodySchema,
    reply: invitationDetailsSchema,
    errors: [400, 404, 429],
    tags: publicTags,
    summary: "What an invitation link is for (email, name, role), while it is usable",
    description: "The token travels in the body, never in a URL, so it stays out of logs. Unknown, used, revoked and expired links all answer 404.",
  }),
  acceptInvitation: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/invitations/accept",
    body: acceptInvitationBodySchema,
    reply: currentUserSchema,
    status: 201,
    errors: [400, 404, 409, 429],
    tags: publicTags,
    summary: "Accept an invitation: creates the account with the invited role and signs it in",
  }),
  passwordResetDetails: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/password-reset/lookup",
    body: passwordResetLookupBodySchema,
    reply: passwordResetDetailsSchema,
    errors: [400, 404, 429],
    tags: publicTags,
    summary: "Whose password a reset link sets, while it is usable",
  }),
  completePasswordReset: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/password-reset",
    body: completePasswordResetBodySchema,
    reply: currentUserSchema,
    errors: [400, 404, 429],
    tags: publicTags,
    summary: "Set a new password with a reset link: ends every other session and signs in",
  }),
});
