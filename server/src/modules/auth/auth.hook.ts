import type { FastifyReply, FastifyRequest } from "fastify";
import type { Permission } from "@contract/access-policy";
import type { ApiKeyScope } from "@contract/api-keys";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { forbidden, unauthorized } from "../../kernel/http/errors";
import { affiliateForToken, AFFILIATE_TOKEN_PREFIX } from "../affiliates/affiliate-tokens";
import { userForApiKey } from "../api-keys/api-keys.service";
import { userForSession } from "./auth.service";
import { hasPermission, type AffiliatePrincipal, type Principal } from "../../kernel/principal";

export const SESSION_COOKIE = "leadwell_session";

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    signed: true,
    maxAge: Math.floor(ttlMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" });
}

async function resolvePrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal | null> {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) {
    const token = authorization.slice("Bearer ".length).trim();
    if (token.startsWith(AFFILIATE_TOKEN_PREFIX)) return null;
    const found = await userForApiKey(ctx.db, token);
    return found ? { kind: "apiKey", user: found.user, apiKeyId: found.apiKeyId, scope: found.scope } : null;
  }
  const token = readSessionToken(request);
  if (!token) return null;
  const found = await userForSession(ctx, token);
  return found ? { kind: "session", user: found.user, sessionTokenHash: found.tokenHash } : null;
}

async function resolveAffiliate(ctx: AppContext, request: FastifyRequest): Promise<AffiliatePrincipal | null> {
  const authorization = request.headers.authorization;
  if (!authorization?.startsWith(`Bearer ${AFFILIATE_TOKEN_PREFIX}`)) return null;
  return affiliateForToken(ctx.db, authorization.slice("Bearer ".length).trim());
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
  if (accepted.length === 0) throw forbidden("API keys cannot be used for this request; sign in instead");
  if (!accepted.includes(scope)) throw forbidden(`This API key's scope (${scope}) does not allow this request`);
}

/**
 * Every /api route needs a session or an API key unless its config says `public: true`; routes marked
 * `affiliateAccess` also take a partner-portal token, and nothing else does. An API key is held to its scope on
 * every route, public ones included: "leads:write" means that one route and nothing else.
 */
export function registerAuthHook(app: ZodApp, ctx: AppContext) {
  app.decorateRequest("principal", null);
  app.decorateRequest("affiliate", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    request.principal = await resolvePrincipal(ctx, request);
    if (request.routeOptions.config?.affiliateAccess) request.affiliate = await resolveAffiliate(ctx, request);
    // Unknown paths fall through to the 404 handler.
    if (!request.routeOptions.url) return;
    if (request.principal?.kind === "apiKey") checkApiKeyScope(request, request.principal.scope);
    if (request.routeOptions.config.public) return;
    if (!request.principal && !request.affiliate) {
      throw unauthorized(
        request.headers.authorization ? "The API key is not valid" : "Please sign in to continue",
      );
    }
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
    throw forbidden(principal.kind === "apiKey" ? "API keys cannot be used for this request; sign in instead" : undefined);
  }
  return principal;
}
