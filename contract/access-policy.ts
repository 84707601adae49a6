import type { UserRole } from "./auth";

/** Everything a role may be refused, named once; the server enforces it and the client disables what is refused. */
export type Permission = "apiKeys.manage" | "notifications.readAnyone";

const grants: Record<UserRole, readonly Permission[]> = {
  admin: ["apiKeys.manage", "notifications.readAnyone"],
  staff: [],
};

export function can(role: UserRole, permission: Permission): boolean {
  return grants[role].includes(permission);
}

export const roleBadgeKey: Record<UserRole, string> = {
  admin: "roles.admin",
  staff: "roles.staff",
};
