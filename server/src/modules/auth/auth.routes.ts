import { currentUserSchema, loginBodySchema, setupBodySchema, setupStatusSchema } from "@contract/auth";
import { okSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { describeRateLimit, PUBLIC_LIMITS } from "../../kernel/http/rate-limit";
import { requestMeta } from "../../kernel/http/request-meta";
import { needsSetup, setupFirstAdmin, signIn, signOut } from "./auth.service";
import { clearSessionCookie, readSessionToken, setSessionCookie, signedIn } from "./auth.hook";

const tags = ["Staff sign-in"];

export function authRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/auth/setup",
    {
      config: { public: true },
      schema: { tags, summary: "Whether the one-time set-up of the first administrator is still open", response: { 200: setupStatusSchema } },
    },
    async () => ({ needsSetup: await needsSetup(ctx.db) }),
  );

  app.post(
    "/auth/setup",
    {
      config: { public: true, rateLimit: PUBLIC_LIMITS.setup },
      schema: {
        tags,
        summary: "Create the first administrator (only while no user exists) and sign them in",
        description:
          "Needs `setupToken`: the one-time token the server prints in its log at start (`Set-up token: …`) " +
          "while no user exists. A wrong token answers 403 and changes nothing; the token is deleted once set-up completes. " +
          describeRateLimit(PUBLIC_LIMITS.setup),
        body: setupBodySchema,
        response: { 201: currentUserSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await setupFirstAdmin(ctx, request.body, requestMeta(request));
      setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
      return reply.status(201).send(user);
    },
  );

  app.post(
    "/auth/login",
    {
      config: { public: true, rateLimit: PUBLIC_LIMITS.staffLogin },
      schema: {
        tags,
        summary: "Sign in with email and password; sets the session cookie",
        description:
          "8 failed sign-ins for one email from one client address within 15 minutes lock that email for that address for " +
          "15 minutes, and 50 from all addresses together lock it everywhere (429 with Retry-After; a locked attempt is refused " +
          `without checking the password). ${describeRateLimit(PUBLIC_LIMITS.staffLogin)}`,
        body: loginBodySchema,
        response: { 200: currentUserSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await signIn(ctx, request.body, requestMeta(request));
      setSessionCookie(request, reply, sessionToken, ctx.config.sessionTtlMs);
      return user;
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { public: true, rateLimit: PUBLIC_LIMITS.logout },
      schema: {
        tags,
        summary: "End the current session (answers ok even when there was none)",
        description: describeRateLimit(PUBLIC_LIMITS.logout),
        response: { 200: okSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await signOut(ctx, readSessionToken(request), requestMeta(request));
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    "/auth/me",
    { schema: { tags, summary: "The signed-in user", response: { 200: currentUserSchema, 401: apiErrorSchema } } },
    async (request) => signedIn(request).user,
  );
}
