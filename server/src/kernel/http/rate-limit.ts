import { isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import type { ZodApp } from "./zod-app";
import { reserveAttempt } from "./attempt-throttle.data";
import { tooManyRequests } from "./errors";

/** How many requests one client address (or one signed-in caller) may make to a route per window. */
export interface RateLimit {
  max: number;
  windowMs: number;
  /**
   * Whom the count is kept for: "address" (the default; every public route) or "caller", the signed-in staff member
   * or API key, so that colleagues behind one office address do not share an allowance (a request without a
   * credential is still counted by its address).
   */
  per?: "address" | "caller";
  /**
   * "refuse" (the default) answers 429 with Retry-After before the handler runs. "flag" lets the request through
   * with `request.overRateLimit` set, for a route that must still answer but should stop writing (the referral
   * link keeps redirecting but stops recording clicks).
   */
  whenExceeded?: "refuse" | "flag";
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Per client address or signed-in caller, counted in the database so the limit holds across app instances. */
    rateLimit?: RateLimit;
  }
  interface FastifyRequest {
    /** Set on a `whenExceeded: "flag"` route when this address is over the route's limit. */
    overRateLimit: boolean;
  }
}

const minutes = (n: number) => n * 60_000;

/**
 * The limits of the routes anyone can call, per client address. Every public write has one (a test walks the
 * route table); each stays far above what a person needs and far below what a script wants.
 */
export const PUBLIC_LIMITS = {
  /** Set-up succeeds once; this only bounds guessing at the set-up token. */
  setup: { max: 10, windowMs: minutes(15) },
  /** All sign-ins from one address (an office behind one address included); per email the lockout is tighter. */
  staffLogin: { max: 100, windowMs: minutes(15) },
  logout: { max: 30, windowMs: minutes(1) },
  /** Each sign-up notifies every administrator. */
  affiliateSignup: { max: 5, windowMs: minutes(60) },
  affiliateLogin: { max: 100, windowMs: minutes(15) },
  consent: { max: 30, windowMs: minutes(10) },
  join: { max: 10, windowMs: minutes(10) },
  referralClick: { max: 30, windowMs: minutes(60), whenExceeded: "flag" },
  /** Invitation and password-reset links: looking one up and using it (each link is 256 random bits; this bounds guessing). */
  teamLink: { max: 30, windowMs: minutes(15) },
  /** NPS survey links sent to leads: looking one up and answering it (each link is 256 random bits; this bounds guessing). */
  surveyLink: { max: 30, windowMs: minutes(15) },
  /** Single sign-on's start and callback (each its own count): a sign-in needs one of each; past it they redirect to the sign-in page with an error. */
  sso: { max: 30, windowMs: minutes(15), whenExceeded: "flag" },
} satisfies Record<string, RateLimit>;

const windowText = (ms: number) => (ms % minutes(60) === 0 ? `${ms / minutes(60)} hour${ms === minutes(60) ? "" : "s"}` : `${ms / 60_000} minute${ms === 60_000 ? "" : "s"}`);

/** The sentence each limited route adds to its OpenAPI description. */
export const describeRateLimit = (limit: RateLimit) => {
  const per = limit.per === "caller" ? "signed-in caller (staff member or API key)" : "client address";
  return limit.whenExceeded === "flag"
    ? `At most ${limit.max} per ${per} are recorded per ${windowText(limit.windowMs)}; later ones still answer but record nothing.`
    : `Limited to ${limit.max} requests per ${per} per ${windowText(limit.windowMs)}; beyond that it answers 429 with Retry-After and does nothing.`;
};

/**
 * The part of a client address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network,
 * since one subscriber usually holds a whole /64 and could otherwise step through its addresses.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip.slice(0, 64);
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]!.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = ip.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = ip.includes("::") ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

export interface LimitedRoute {
  method: string;
  url: string;
  public: boolean;
  rateLimit?: RateLimit;
}

const routeTables = new WeakMap<FastifyInstance, LimitedRoute[]>();

/** Every route registered after `registerRateLimits`, with its limit: the rate-limit test walks it. */
export const limitedRoutes = (app: FastifyInstance): LimitedRoute[] => routeTables.get(app) ?? [];

/**
 * Enforces each route's `config.rateLimit`. It runs as a pre-handler, after the body passed validation, so a
 * malformed request (which writes nothing) does not use up a person's allowance while they fix a typo.
 */
export function registerRateLimits(app: ZodApp, db: Database) {
  const table: LimitedRoute[] = [];
  routeTables.set(app, table);
  app.decorateRequest("overRateLimit", false);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      table.push({ method, url: route.url, public: Boolean(route.config?.public), rateLimit: route.config?.rateLimit });
    }
  });
  app.addHook("preHandler", async (request) => {
    const limit = request.routeOptions.config?.rateLimit;
    if (!limit) return;
    // HEAD shares its GET route's count.
    const method = request.method === "HEAD" ? "GET" : request.method;
    const principal = request.principal;
    const who =
      limit.per === "caller" && principal ? (principal.kind === "apiKey" ? `key:${principal.apiKeyId}` : `user:${principal.user.id}`) : addressKey(request.ip);
    const key = `route:${method} ${request.routeOptions.url}|${who}`;
    const reservation = await reserveAttempt(db, key, { maxAttempts: limit.max, windowMs: limit.windowMs });
    if (reservation.allowed) return;
    if (limit.whenExceeded === "flag") {
      request.overRateLimit = true;
      return;
    }
    const wait = Math.max(1, Math.ceil(reservation.retryAfterSeconds / 60));
    throw tooManyRequests("request.too_many", reservation.retryAfterSeconds, { minutes: wait });
  });
}
