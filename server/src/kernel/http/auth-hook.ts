import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Permission } from "@contract/access-policy";
import type { ApiKeyScope } from "@contract/api-keys";
import { declaredAccess, hasPermission, type AffiliatePrincipal, type Principal, type SessionPrincipal } from "../principal";
import { canonicalPath, pathSpellingProblem } from "../../lib/canonical-path";
import type { ZodApp } from "./zod-app";
import { badRequest, forbidden, unauthorized } from "./errors";

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
  const permission = declaredAccess(request.routeOptions.config);
  if (permission === undefined || permission === "public" || permission === "signedIn") return;
  if (hasPermission(principal, permission)) return;
  if (principal.kind === "apiKey" && principal.user.permissions.includes(permission)) throw forbidden("auth.api_key_not_allowed");
  throw forbidden("auth.permission_required", { params: { permission } });
}

/**
 * Decides from the route that matched, never from the request's text: the router matches the decoded path, so
 * `/%61pi/leads` is the same route as `/api/leads` and meets the same check. Every route declares its access (an
 * endpoint's permission, or the site's pages, assets and docs as app.ts declares them); one that declares none is
 * refused. A route declared `public` needs no credentials; routes marked `affiliateAccess` also take a
 * partner-portal token, and nothing else does. An API key is held to its scope on every endpoint, public ones
 * included: "leads:write" means that one route and nothing else. A path that matches no route falls through to the
 * not-found handler.
 */
export function registerAuthHook(app: ZodApp, resolvers: CredentialResolvers) {
  app.decorateRequest("principal", null);
  app.decorateRequest("affiliate", null);
  app.addHook("onRequest", async (request) => {
    if (!request.routeOptions.url) return;
    const config = request.routeOptions.config;
    const access = declaredAccess(config);
    if (access === undefined) throw forbidden("request.undeclared_access");
    // A public page or asset reads no credential: nothing it answers depends on who asks.
    if (access === "public" && !config.endpoint) return;
    request.principal = await resolvers.resolveStaff(request);
    if (config.affiliateAccess) request.affiliate = await resolvers.resolveAffiliate(request);
    if (request.principal?.kind === "apiKey") checkApiKeyScope(request, request.principal.scope);
    if (access === "public") return;
    if (!request.principal && !request.affiliate) {
      throw unauthorized(request.headers.authorization ? "auth.api_key_invalid" : "request.unauthorized");
    }
    if (request.principal) checkPermission(request, request.principal);
  });
}

/**
 * The router's input: every request is routed by its canonical path (canonicalPath), so however a path is spelled the
 * route it reaches, and therefore the access, audit and metering decided from that route, is the one its canonical
 * spelling names. Fastify keeps the spelling that was sent as request.originalUrl.
 */
export const routeByCanonicalPath = (request: { url?: string }) => canonicalPath(request.url ?? "/");

/**
 * Refuses a path that was not sent in its canonical spelling (an escaped letter, `//`, `/./`, `/../`, a trailing dot, a
 * backslash) with 400, after the auth hook and before anything else: such a spelling of a guarded route still answers
 * 401 without credentials, and with them it never reaches rate limits, validation, a handler or the audit.
 */
export function registerCanonicalPathCheck(app: ZodApp) {
  app.addHook("onRequest", async (request) => {
    if (pathSpellingProblem(request.originalUrl) !== null) throw badRequest("path", "request.non_canonical_path");
  });
}

/**
 * Declares the access of every route a plugin registers in `scope` without our config (the built client's files,
 * the API documentation): the auth hook then treats them like any declared route.
 */
export function declareRouteAccess(scope: FastifyInstance, access: { public: true } | { permission: "signedIn" }) {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, ...access };
  });
}

/** The principal of a route that the hook already guarded. */
export function signedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * The session of a route declared with `apiKeyScopes: []` (the hook refuses every key there before the handler runs):
 * narrows the principal to what those routes act on, the person's own sign-in.
 */
export function signedInBySession(request: FastifyRequest): SessionPrincipal {
  const principal = signedIn(request);
  if (principal.kind !== "session") throw forbidden("auth.api_key_not_allowed");
  return principal;
}

export function requirePermission(request: FastifyRequest, permission: Permission): Principal {
  const principal = signedIn(request);
  if (!hasPermission(principal, permission)) {
    throw principal.kind === "apiKey" ? forbidden("auth.api_key_not_allowed") : forbidden();
  }
  return principal;
}
