import type { EndpointAccess, Permission } from "@contract/access-policy";
import type { EndpointSpec } from "@contract/endpoint";
import { useCurrentUser } from "./session";

// What the signed-in person may do, from the same stored permissions the server checks (lib/authorization in
// bulletproof-react's terms): screens hide or disable what their role may not use.

/**
 * Whether the signed-in person's role grants a permission: the same stored set the server checks on every route.
 * undefined while the session is still loading, so nothing flashes as refused.
 */
export function useCan(permission: Permission): boolean | undefined {
  const user = useCurrentUser().data;
  if (user === undefined) return undefined;
  return user !== null && user.permissions.includes(permission);
}

/** Whether a set of permissions allows an endpoint's declared access ("signedIn" and "public" need none). */
export function allows(granted: readonly Permission[], access: EndpointAccess): boolean {
  return access === "signedIn" || access === "public" || granted.includes(access);
}

/**
 * Whether the signed-in person may call a declared endpoint: screens hide or disable the buttons that would call one
 * they may not (the server refuses it with 403 all the same). undefined while the session is loading.
 */
export function useMayCall(endpoint: Pick<EndpointSpec, "permission">): boolean | undefined {
  const user = useCurrentUser().data;
  if (user === undefined) return undefined;
  return user !== null && allows(user.permissions, endpoint.permission);
}
