import { z } from "zod";
import { errorMessage } from "./error-message";
import { isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { permissions, userRoles } from "./access-policy";

// The roles are named in access-policy.ts, beside what each may do; they are offered here too, where they always were.
export { userRoles, type UserRole } from "./access-policy";
export const userRoleSchema = z.enum(userRoles);

export const MIN_STAFF_PASSWORD = 12;

const email = z.string().trim().toLowerCase().max(150).pipe(z.email(errorMessage("field.email_required")));

/** A staff member's name as people read it, wherever it is set (set-up, an invitation, a correction). */
export const personNameSchema = z.string().trim().min(1, errorMessage("auth.name_required")).max(100);
/** A new name for a staff member: one's own (PUT /api/auth/name) or, for an administrator, anyone's. */
export const nameBodySchema = z.object({ name: personNameSchema });
export type NameBody = z.infer<typeof nameBodySchema>;

export const setupBodySchema = z.object({
  name: personNameSchema,
  email,
  password: z
    .string()
    .min(MIN_STAFF_PASSWORD, errorMessage("auth.password_too_short", { min: MIN_STAFF_PASSWORD }))
    .max(200),
  setupToken: z
    .string({ error: errorMessage("field.required") })
    .trim()
    .min(1, errorMessage("field.required"))
    .max(200, errorMessage("field.too_long", { max: 200 }))
    .describe("The one-time set-up token the server prints in its log at start while no user exists"),
});
export type SetupBody = z.infer<typeof setupBodySchema>;

export const loginBodySchema = z.object({
  email,
  password: z.string().min(1, errorMessage("auth.password_required")).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * A signed-in person's new password, given with the current one. The current one is checked as a sign-in is (the same
 * lockout counts the wrong ones), and the new one follows the same rule as every staff password.
 */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, errorMessage("auth.password_required")).max(200),
  newPassword: z
    .string()
    .min(MIN_STAFF_PASSWORD, errorMessage("auth.password_too_short", { min: MIN_STAFF_PASSWORD }))
    .max(200),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** What changing one's password, or signing out everywhere else, ended. */
export const endedSessionsSchema = z.object({
  endedSessions: z.number().int().describe("How many of the person's other sessions (other browsers and devices) were signed out"),
});
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  permissions: z.array(z.enum(permissions)).describe("What this person may do: their role's permissions"),
  lastLoginAt: isoDateTime.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const setupStatusSchema = z.object({
  needsSetup: z.boolean().describe("True while no staff user exists: the client then shows the one-time setup screen"),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

// Endpoints

const authTags = ["Staff sign-in"];

export const authEndpoints = defineEndpoints("auth", {
  setupStatus: defineEndpoint({
    method: "GET",
    permission: "public",
    path: "/auth/setup",
    reply: setupStatusSchema,
    tags: authTags,
    summary: "Whether the one-time set-up of the first administrator is still open",
  }),
  setup: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/setup",
    body: setupBodySchema,
    reply: currentUserSchema,
    status: 201,
    errors: [400, 403, 409, 429],
    tags: authTags,
    summary: "Create the first administrator (only while no user exists) and sign them in",
    description:
      "Needs `setupToken`: the one-time token the server prints in its log at start (`Set-up token: …`) " +
      "while no user exists. A wrong token answers 403 and changes nothing; the token is deleted once set-up completes.",
  }),
  login: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/login",
    body: loginBodySchema,
    reply: currentUserSchema,
    errors: [400, 401, 429],
    tags: authTags,
    summary: "Sign in with email and password; sets the session cookie",
    description:
      "8 failed sign-ins for one email from one client address within 15 minutes lock that email for that address for " +
      "15 minutes, and 50 from all addresses together lock it everywhere (429 with Retry-After; a locked attempt is refused " +
      "without checking the password).",
  }),
  logout: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/auth/logout",
    reply: okSchema,
    errors: [429],
    tags: authTags,
    summary: "End the current session (answers ok even when there was none)",
  }),
  me: defineEndpoint({
    method: "GET",
    permission: "signedIn",
    path: "/auth/me",
    reply: currentUserSchema,
    errors: [401],
    tags: authTags,
    summary: "The signed-in user",
  }),
  changePassword: defineEndpoint({
    method: "PUT",
    permission: "signedIn",
    path: "/auth/password",
    body: changePasswordBodySchema,
    reply: endedSessionsSchema,
    errors: [400, 401, 403, 429],
    tags: authTags,
    summary: "Change your own password; your other sessions are signed out",
    description:
      "Only from a signed-in session (an API key is refused). A wrong `currentPassword` answers 400 naming it and counts " +
      "as a failed sign-in for the person's email, so the sign-in lockout applies (429 with Retry-After). A person who " +
      "signs in only through single sign-on has no password here to change (400).",
  }),
  changeName: defineEndpoint({
    method: "PUT",
    permission: "signedIn",
    path: "/auth/name",
    body: nameBodySchema,
    reply: currentUserSchema,
    errors: [400, 401, 403],
    tags: authTags,
    summary: "Correct your own name; the leads assigned to you show the new name",
    description:
      "Only from a signed-in session (an API key is refused). As an administrator's correction does (PUT /api/enterprise/users/{id}/name), each lead assigned to you takes the new name in the same transaction, with a timeline entry and a lead.updated event.",
  }),
  endOtherSessions: defineEndpoint({
    method: "POST",
    permission: "signedIn",
    path: "/auth/sessions/end-others",
    reply: endedSessionsSchema,
    errors: [401, 403],
    tags: authTags,
    summary: "Sign out your other sessions (other browsers and devices); this one stays signed in",
    description: "Only from a signed-in session (an API key is refused).",
  }),
});
