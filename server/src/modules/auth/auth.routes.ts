import { authEndpoints } from "@contract/auth";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { needsSetup, refuseOnceSetUp, setupFirstAdmin, signIn, signOut } from "./auth.service";
import { signedIn, signedInBySession } from "../../kernel/http/auth-hook";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./auth.hook";
import { endOwnOtherSessions } from "./own-sessions.service";
import { changeOwnPassword } from "./password-change.service";
import { renameMember } from "./team.service";

export function authRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, authEndpoints.setupStatus, async () => ({ needsSetup: await needsSetup(ctx.db) }));

  endpointRoute(app, authEndpoints.setup, { config: { rateLimit: PUBLIC_LIMITS.setup }, preValidation: () => refuseOnceSetUp(ctx.db) }, async (request, reply) => {
    const { user, sessionToken } = await setupFirstAdmin(ctx, request.body, requestMeta(request));
    setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
    return user;
  });

  endpointRoute(app, authEndpoints.login, { config: { rateLimit: PUBLIC_LIMITS.staffLogin } }, async (request, reply) => {
    const { user, sessionToken } = await signIn(ctx, request.body, requestMeta(request));
    setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
    return user;
  });

  endpointRoute(app, authEndpoints.logout, { config: { rateLimit: PUBLIC_LIMITS.logout } }, async (request, reply) => {
    await signOut(ctx, readSessionToken(request), requestMeta(request));
    clearSessionCookie(request, reply);
    return { ok: true as const };
  });

  endpointRoute(app, authEndpoints.me, async (request) => signedIn(request).user);

  // A person's own password and sessions are changed from their session only: an API key acting for them is refused (403).
  endpointRoute(app, authEndpoints.changePassword, { config: { apiKeyScopes: [] } }, async (request) => {
    const principal = signedInBySession(request);
    return changeOwnPassword(ctx, principal, request.body, requestMeta(request));
  });

  endpointRoute(app, authEndpoints.changeName, { config: { apiKeyScopes: [] } }, async (request) => {
    const principal = signedInBySession(request);
    const { name } = await renameMember(ctx.db, principal.user.id, request.body.name, { principal, meta: requestMeta(request) });
    return { ...principal.user, name };
  });

  endpointRoute(app, authEndpoints.endOtherSessions, { config: { apiKeyScopes: [] } }, async (request) => {
    const principal = signedInBySession(request);
    return endOwnOtherSessions(ctx.db, principal, requestMeta(request));
  });
}
