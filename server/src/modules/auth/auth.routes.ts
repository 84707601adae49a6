import { currentUserSchema, loginBodySchema, setupBodySchema, setupStatusSchema } from "@contract/auth";
import { okSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import type { AppContext, ZodApp } from "../../app-context";
import { requestMeta } from "../../http/request-meta";
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
      config: { public: true },
      schema: {
        tags,
        summary: "Create the first administrator (only while no user exists) and sign them in",
        body: setupBodySchema,
        response: { 201: currentUserSchema, 400: apiErrorSchema, 409: apiErrorSchema },
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
      config: { public: true },
      schema: {
        tags,
        summary: "Sign in with email and password; sets the session cookie",
        description: "8 failed sign-ins for one email within 15 minutes lock that email for 15 minutes (429).",
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
      config: { public: true },
      schema: { tags, summary: "End the current session (answers ok even when there was none)", response: { 200: okSchema } },
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
