import type { FastifyRequest } from "fastify";
import { forbidden } from "./errors";
import type { ZodApp } from "./zod-app";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyRequest {
    /** servedOverHttps for this request: cookies set on it are Secure. */
    overHttps: boolean;
  }
}

/** One year, the value browsers' preload lists ask for; subdomains are not included (they may be other services). */
const HSTS = "max-age=31536000";

/**
 * The origin people reach the app at, for links and redirects the server writes (invitations, single sign-on's
 * redirect URI, survey links): the first configured one (APP_ORIGIN), else the one this request was sent to.
 */
export function appOriginOf(request: FastifyRequest, appOrigins: readonly string[]): string {
  return appOrigins[0] ?? `${request.protocol}://${request.host}`;
}

/**
 * Whether cookies must be Secure and HSTS sent: the request came over https (as Fastify reads it, proxies included
 * when trusted), or the app is configured to be served over https (a proxy that terminates TLS and is not trusted
 * would otherwise make the session cookie travel without it).
 */
export function servedOverHttps(request: FastifyRequest, appOrigins: readonly string[]): boolean {
  return request.protocol === "https" || appOrigins.some((origin) => origin.startsWith("https:"));
}

/**
 * Whether a browser sent this request from one of the app's own pages. A browser names the page's origin in `Origin`
 * on every write (and `Sec-Fetch-Site` on every request); a request with neither is not a browser's, so no other
 * site can have made it carry the cookie. With APP_ORIGIN configured the Origin must be one of those; without it,
 * its host must be the host the request was sent to (the scheme is not compared: a proxy may terminate TLS).
 */
export function sentFromAppOrigin(request: FastifyRequest, appOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    if (appOrigins.length > 0) return appOrigins.includes(origin.toLowerCase());
    try {
      return new URL(origin).host === request.host.toLowerCase();
    } catch {
      // "null" (a sandboxed frame, a redirect across sites) or anything unreadable
      return false;
    }
  }
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site === "same-origin" || site === "none";
  return true;
}

/**
 * Refuses a state-changing request that authenticates with the session cookie unless it comes from the app's own
 * pages (SameSite=Lax lets a page of the same site on another port or subdomain post with the cookie). API keys and
 * partner tokens are credentials a page cannot make a browser send, so they are not checked. Runs after the auth hook,
 * which found the principal.
 */
export function registerSameOriginCheck(app: ZodApp, appOrigins: readonly string[]) {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || request.principal?.kind !== "session") return;
    if (!sentFromAppOrigin(request, appOrigins)) throw forbidden("auth.cross_origin");
  });
}

/**
 * Marks each request with whether it is served over https (request.overHttps, which cookies follow) and, when it is,
 * answers with Strict-Transport-Security so the browser never comes back over plain http.
 */
export function registerTransportSecurity(app: ZodApp, appOrigins: readonly string[]) {
  app.decorateRequest("overHttps", false);
  app.addHook("onRequest", async (request, reply) => {
    request.overHttps = servedOverHttps(request, appOrigins);
    if (request.overHttps) reply.header("strict-transport-security", HSTS);
  });
}
