import type { FastifyReply, FastifyRequest } from "fastify";
import { SSO_ATTEMPT_TTL_MINUTES, SSO_ERROR_PARAM, ssoEndpoints, type SsoRedirectErrorCode } from "@contract/sso";
import type { EndpointSpec } from "@contract/endpoint";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { appOriginOf } from "../../kernel/http/app-origin";
import { endpointRoute, endpointSchema, routeConfig, type EndpointRequestOf, type EndpointRouteOptions } from "../../kernel/http/endpoint-route";
import { PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { setSessionCookie } from "./auth.hook";
import { configureSsoProvider, finishSsoSignIn, publicSsoProviders, setSsoProviderEnabled, SsoFailure, ssoConfig, startSsoSignIn } from "./sso.service";

/** Ties a started sign-in to the browser that started it, so nobody can hand someone else a callback link of theirs. */
const STATE_COOKIE = "leadwell_sso_state";
const STATE_COOKIE_PATH = "/api/auth/sso";
const SIGN_IN_PATH = "/login";

const actor = (request: FastifyRequest) => ({ user: signedIn(request).user, meta: requestMeta(request) });
const ssoLimit: EndpointRouteOptions = { config: { rateLimit: PUBLIC_LIMITS.sso } };

function failedSignIn(reply: FastifyReply, code: SsoRedirectErrorCode) {
  return reply.header("cache-control", "no-store").redirect(`${SIGN_IN_PATH}?${SSO_ERROR_PARAM}=${encodeURIComponent(code)}`, 302);
}

/**
 * A declared endpoint that answers with a redirect rather than JSON: same access config, validation and OpenAPI text
 * as endpointRoute gives, the handler sends the answer itself.
 */
function redirectRoute<E extends EndpointSpec>(
  app: ZodApp,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: (request: EndpointRequestOf<E>, reply: FastifyReply) => Promise<FastifyReply>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    config: routeConfig(endpoint, options.config),
    schema: endpointSchema(endpoint, options),
    handler: (request, reply) => handler(request as EndpointRequestOf<E>, reply),
  });
}

export function ssoRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, ssoEndpoints.config, async () => ssoConfig(ctx));
  endpointRoute(app, ssoEndpoints.configure, async (request) => configureSsoProvider(ctx, request.params.provider, request.body, actor(request)));
  endpointRoute(app, ssoEndpoints.setEnabled, async (request) => setSsoProviderEnabled(ctx, request.params.provider, request.body.enabled, actor(request)));
  endpointRoute(app, ssoEndpoints.publicProviders, async () => publicSsoProviders(ctx));

  redirectRoute(app, ssoEndpoints.start, ssoLimit, async (request, reply) => {
    if (request.overRateLimit) return failedSignIn(reply, "request.rate_limited");
    try {
      const { authorizationUrl, state } = await startSsoSignIn(ctx, request.params.provider, appOriginOf(request, ctx.config.appOrigins));
      reply.setCookie(STATE_COOKIE, state, {
        path: STATE_COOKIE_PATH,
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
        sameSite: "lax",
        secure: request.overHttps,
        signed: true,
        maxAge: SSO_ATTEMPT_TTL_MINUTES * 60,
      });
      return reply.header("cache-control", "no-store").redirect(authorizationUrl, 302);
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      request.log.warn({ provider: request.params.provider, code: error.code, detail: error.detail }, "single sign-on could not start");
      return failedSignIn(reply, error.code);
    }
  });

  redirectRoute(app, ssoEndpoints.callback, ssoLimit, async (request, reply) => {
    if (request.overRateLimit) return failedSignIn(reply, "request.rate_limited");
    const raw = request.cookies[STATE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: "lax", secure: request.overHttps });
    // The query exactly as the provider sent it (openid-client checks iss and state from it), not the parsed copy.
    const search = new URLSearchParams(request.url.split("?")[1] ?? "");
    try {
      const { sessionToken } = await finishSsoSignIn(ctx, request.params.provider, {
        search,
        cookieState: unsigned?.valid ? unsigned.value : null,
        meta: requestMeta(request),
      });
      setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
      return reply.header("cache-control", "no-store").redirect("/", 302);
    } catch (error) {
      const code = error instanceof SsoFailure ? error.code : "sso.failed";
      request.log.warn({ provider: request.params.provider, code, detail: error instanceof SsoFailure ? error.detail : String(error) }, "single sign-on refused");
      return failedSignIn(reply, code);
    }
  });
}
