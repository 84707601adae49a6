import type { FastifyRequest } from "fastify";
import type { Permission } from "@contract/access-policy";
import type { ApiKeyScope } from "@contract/api-keys";
import { hasPermission, type AffiliatePrincipal, type Principal } from "../principal";
import type { ZodApp } from "./zod-app";
import { forbidden, unauthorized } from "./errors";

/**
 * How the hook learns who sent a request. The floor knows no credential: app.ts hands it the auth area's (session
 * cookie, API key) and the affiliates area's (partner-portal token) resolvers. Each answers null for a request
 * without its credential or with one that is not valid.
 */
export interface CredentialResolvers {
  /** The staff member behind the request, signed in or acting through one of their API keys. */
  resolveStaff(request: FastifyRequest): Promise<Principal | null>;
  /** The partner behind a partner-portal token; asked only on routes marked `affiliateAccess`. */
  resolveAffiliate(request: FastifyRequest): Promise<AffiliatePrincipal | null>;
}

/** The token of an `Authorization: Bearer …` header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  return authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length).trim() : null;
}

const READ_METHODS = new Set(["GET", "HEAD"]);
const READ_SCOPES: readonly ApiKeyScope[] = ["read", "full"];
const WRITE_SCOPES: readonly ApiKeyScope[] = ["full"];

/**
 * Refuses an API key whose scope the route does not accept, before validation or the handler run, so a key learns
 * nothing from a route it may not call. Routes list the scopes they accept in `config.apiKeyScopes` (an empty list:
 * no key at all); otherwise reads take `read` or `full` and everything else `full`.
 */
function checkApiKeyScope(request: FastifyRequest, scope: ApiKeyScope): void {
  const accepted = request.routeOptions.config.apiKeyScopes ?? (READ_METHODS.has(request.method) ? READ_SCOPES : WRITE_SCOPES);
  if (accepted.length === 0) throw forbidden("auth.api_key_not_allowed");
  if (!accepted.includes(scope)) throw forbidden("auth.api_key_scope", { params: { scope } });
}

/**
 * Refuses a staff principal whose role lacks the route's declared permission (an API key also needs a permission
 * keys may use), before validation, so a refused caller learns nothing from the route. A partner-portal token on a
 * route that takes one is checked by the handler instead (it may only see its own partner's data).
 */
function checkPermission(request: FastifyRequest, principal: Principal): void {
  const permission = request.routeOptions.config.permission;
  if (permission === undefined || permission === "signedIn") return;
  if (hasPermission(principal, permission)) return;
  if (principal.kind === "apiKey" && principal.user.permissions.includes(permission)) throw forbidden("auth.api_key_not_allowed");
  throw forbidden("auth.permission_required", { params: { permission } });
}

/**
 * Every /api route needs a session or an API key unless its endpoint is declared `permission: "public"`; routes marked
 * `affiliateAccess` also take a partner-portal token, and nothing else does. An API key is held to its scope on
 * every route, public ones included: "leads:write" means that one route and nothing else.
 */
export function registerAuthHook(app: ZodApp, resolvers: CredentialResolvers) {
  app.decorateRequest("principal", null);
  app.decorateRequest("affiliate", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    request.principal = await resolvers.resolveStaff(request);
    if (request.routeOptions.config?.affiliateAccess) request.affiliate = await resolvers.resolveAffiliate(request);
    // Unknown paths fall through to the 404 handler.
    if (!request.routeOptions.url) return;
    if (request.principal?.kind === "apiKey") checkApiKeyScope(request, request.principal.scope);
    if (request.routeOptions.config.public) return;
    if (!request.principal && !request.affiliate) {
      throw unauthorized(request.headers.authorization ? "auth.api_key_invalid" : "request.unauthorized");
    }
    if (request.principal) checkPermission(request, request.principal);
  });
}

/** The principal of a route that the hook already guarded. */
export function signedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requirePermission(request: FastifyRequest, permission: Permission): Principal {
  const principal = signedIn(request);
  if (!hasPermission(principal, permission)) {
    throw principal.kind === "apiKey" ? forbidden("auth.api_key_not_allowed") : forbidden();
  }
  return principal;
}
