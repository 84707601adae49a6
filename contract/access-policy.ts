/** Each role is a set of permissions (roleGrants below); a person has one role everywhere. */
export const userRoles = ["admin", "manager", "agent", "viewer"] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Everything a role may be granted, named once. Every API endpoint declares the one it needs (contract/endpoint.ts),
 * the server enforces it before validation, and the client hides or disables what the signed-in person lacks.
 *
 * Reads of the product's data need `crm.read`; each kind of change has its own permission so a role can be given
 * work without being given the keys. Administrators alone hold the permissions that manage people, credentials,
 * outside connections and money.
 */
export const permissions = [
  // Reading the product's data (every screen); viewers hold only this.
  "crm.read",
  // Day-to-day work (agents and up).
  "leads.write",
  "kpi.write",
  "tasks.write",
  "issues.write",
  "feedback.write",
  "customers.write",
  "knowledge.write",
  // Every lead, even when agents work only on their own (lead access setting): managers and up. The setting limits those
  // who work leads (leads.write) without this; a viewer works none and reads every lead as before.
  "leads.readAll",
  // Shaping the work (managers and up).
  "leads.delete",
  "pipeline.manage",
  "issues.review",
  "automations.manage",
  "affiliates.manage",
  "records.write",
  "migration.run",
  "audit.read",
  "data.export",
  // Administrators only: people, credentials, outside connections, money and the system's own settings.
  "users.manage",
  "apiKeys.manage",
  "webhooks.manage",
  "integrations.manage",
  "commissions.manage",
  "brands.manage",
  "security.manage",
  "settings.manage",
  "mail.readOutbox",
  "notifications.readAnyone",
] as const;
export type Permission = (typeof permissions)[number];

/**
 * Who may call an endpoint: a permission, or "signedIn" (any signed-in person acting on their own things: their
 * session, their notifications, their password), or "public" (no credentials: sign-in, partner sign-up, the
 * public lead form; each such route is rate-limited per address).
 */
export type EndpointAccess = Permission | "signedIn" | "public";

const agentPermissions: readonly Permission[] = [
  "crm.read",
  "leads.write",
  "kpi.write",
  "tasks.write",
  "issues.write",
  "feedback.write",
  "customers.write",
  "knowledge.write",
];

const managerPermissions: readonly Permission[] = [
  ...agentPermissions,
  "leads.readAll",
  "leads.delete",
  "pipeline.manage",
  "issues.review",
  "automations.manage",
  "affiliates.manage",
  "records.write",
  "migration.run",
  "audit.read",
  "data.export",
];

/** Each role's permissions: what user_roles stores for a person given that role. */
export const roleGrants: Record<UserRole, readonly Permission[]> = {
  admin: permissions,
  manager: managerPermissions,
  agent: agentPermissions,
  viewer: ["crm.read"],
};

export function can(role: UserRole, permission: Permission): boolean {
  return roleGrants[role].includes(permission);
}

/**
 * Whether an API key may ever use a permission its creator holds. Permissions that manage people, credentials,
 * outside connections or money need a signed-in person: a leaked key must not mint more keys, read someone else's
 * inbox, redirect webhooks or pay anyone. Every permission has to be decided here (the Record makes a missing one a
 * type error).
 */
export const apiKeyMayUse: Record<Permission, boolean> = {
  "crm.read": true,
  "leads.write": true,
  "kpi.write": true,
  "tasks.write": true,
  "issues.write": true,
  "feedback.write": true,
  "customers.write": true,
  "knowledge.write": true,
  "leads.readAll": true,
  "leads.delete": true,
  "pipeline.manage": true,
  "issues.review": true,
  "automations.manage": true,
  "affiliates.manage": true,
  "records.write": true,
  "migration.run": true,
  "audit.read": true,
  "data.export": true,
  "users.manage": false,
  "apiKeys.manage": false,
  // Outgoing mail carries sign-in and reset links meant for one person: only a signed-in administrator reads it.
  "mail.readOutbox": false,
  "notifications.readAnyone": false,
  // Webhooks and integrations hold signing secrets and send data to outside addresses: a leaked key must not redirect them.
  "webhooks.manage": false,
  "integrations.manage": false,
  "commissions.manage": false,
  "brands.manage": false,
  "security.manage": false,
  "settings.manage": false,
};

export function canWithApiKey(role: UserRole, permission: Permission): boolean {
  return apiKeyMayUse[permission] && can(role, permission);
}

export const roleBadgeKey: Record<UserRole, string> = {
  admin: "roles.admin",
  manager: "roles.manager",
  agent: "roles.agent",
  viewer: "roles.viewer",
};
