import { apiKeyMayUse, type Permission } from "@contract/access-policy";
import type { ApiKeyScope } from "@contract/api-keys";
import type { CurrentUser } from "@contract/auth";
import type { LeadAccessValue } from "@contract/lead-access";

/** Who is making a request: a signed-in staff member, or an API client acting for the staff member who made its key. */
export type Principal = (
  | { kind: "session"; user: CurrentUser; sessionTokenHash: string; /** sessions.public_id: how the audit trail names it. */ sessionId: string }
  | { kind: "apiKey"; user: CurrentUser; apiKeyId: number; scope: ApiKeyScope }
) & {
  /**
   * The lead access setting as the credential's own lookup read it, in the same statement (kernel/lead-scope.ts):
   * an agent's request then needs no statement of its own to learn its scope. Absent: read when needed.
   */
  leadAccess?: LeadAccessValue;
};

/** A signed-in person's own session: what the routes that change one's own account act on (no API key may). */
export type SessionPrincipal = Extract<Principal, { kind: "session" }>;

/**
 * Whether this principal may use a permission: the person's stored role must grant it (user_roles), and an API key
 * never gets the ones that need a signed-in person.
 */
export function hasPermission(principal: Principal, permission: Permission): boolean {
  if (principal.kind === "apiKey" && !apiKeyMayUse[permission]) return false;
  return principal.user.permissions.includes(permission);
}

/** The member of staff a domain event names as having acted (an API key's changes name the person who made it). */
export const eventActor = (principal: Principal): { id: number; name: string; email: string } => ({
  id: principal.user.id,
  name: principal.user.name,
  email: principal.user.email,
});

/** A partner signed in to the partner portal; never a staff principal. */
export interface AffiliatePrincipal {
  id: number;
  name: string;
  uniqueCode: string;
  tokenHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    affiliate: AffiliatePrincipal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session or API key. */
    public?: boolean;
    /**
     * A declared API endpoint (contract's defineEndpoint, mounted by endpointRoute or csvExportRoute): its answers
     * count for the service level, and its credentials are read even when it is public (an API key is held to its
     * scope everywhere). Pages, assets and the API documentation are routes too, but not endpoints.
     */
    endpoint?: boolean;
    /**
     * What a staff principal needs to call the route (the endpoint's declared permission; "signedIn" needs none
     * beyond signing in). Checked by the auth hook before validation.
     */
    permission?: Permission | "signedIn";
    /** Also reachable with an affiliate's partner-portal token (the handler still checks whose data it is). */
    affiliateAccess?: boolean;
    /**
     * Which API-key scopes may call the route. Without it, GET/HEAD take `read` or `full` and other methods `full`;
     * an empty list refuses every key (key management, routes that act on people).
     */
    apiKeyScopes?: readonly ApiKeyScope[];
  }
}

/** Who may call a route, as it declared: anyone, anyone signed in, or a staff member with a permission. */
export type RouteAccess = "public" | "signedIn" | Permission;

/**
 * A route's declared access, or undefined when it declared none: the auth hook refuses such a route rather than
 * guess, and the app refuses to start with one (app.ts).
 */
export function declaredAccess(config: { public?: boolean; permission?: Permission | "signedIn" } | undefined): RouteAccess | undefined {
  if (config?.public) return "public";
  return config?.permission;
}
