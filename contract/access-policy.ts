import type { UserRole } from "./auth";

/** Everything a role may be refused, named once; the server enforces it and the client disables what is refused. */
export type Permission = "apiKeys.manage" | "notifications.readAnyone" | "mail.readOutbox" | "webhooks.manage";

const grants: Record<UserRole, readonly Permission[]> = {
  admin: ["apiKeys.manage", "notifications.readAnyone", "mail.readOutbox", "webhooks.manage"],
  staff: [],
};

export function can(role: UserRole, permission: Permission): boolean {
  return grants[role].includes(permission);
}

/**
 * Whether an API key may ever use a permission its creator holds. Permissions that manage credentials or act on
 * other people need a signed-in person: a leaked key must not mint more keys or read someone else's inbox. Every new
 * permission has to be decided here (the Record makes a missing one a type error).
 */
const apiKeyMayUse: Record<Permission, boolean> = {
  "apiKeys.manage": false,
  "notifications.readAnyone": false,
  // Outgoing mail carries sign-in and reset links meant for one person: only a signed-in administrator reads it.
  "mail.readOutbox": false,
  // Webhooks hold signing secrets and send data to outside addresses: a leaked key must not redirect them.
  "webhooks.manage": false,
};

export function canWithApiKey(role: UserRole, permission: Permission): boolean {
  return apiKeyMayUse[permission] && can(role, permission);
}

export const roleBadgeKey: Record<UserRole, string> = {
  admin: "roles.admin",
  staff: "roles.staff",
};
