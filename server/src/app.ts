import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { errorText } from "@contract/error-codes";
import type { ApiError } from "@contract/errors";
import type { Permission } from "@contract/access-policy";
import { currentFile } from "./lib/current-file";
import { declaredAccess } from "./kernel/principal";
import type { AppContext, ZodApp } from "./kernel/app-context";
import { fastifyTrustProxy } from "./config";
import { registerActorContext } from "./kernel/http/actor-hook";
import { bearerToken, declareRouteAccess, registerAuthHook, registerCanonicalPathCheck, routeByCanonicalPath, type CredentialResolvers } from "./kernel/http/auth-hook";
import { registerAuditFallback } from "./kernel/http/audit-fallback";
import { registerSameOriginCheck, registerTransportSecurity } from "./kernel/http/app-origin";
import { registerServiceLevelMeter, ServiceLevelMeter } from "./kernel/http/service-level-meter";
import { answerFrameworkError, registerErrorHandling } from "./kernel/http/error-handler";
import { loggableError } from "./kernel/http/error-log";
import { MAX_INPUT_DEPTH, registerInputGuard } from "./kernel/http/input-guard";
import { openApiTransform } from "./kernel/http/openapi-schema";
import { registerRateLimits } from "./kernel/http/rate-limit";
import { affiliateForBearer } from "./modules/affiliates/affiliate-tokens";
import { affiliateRoutes } from "./modules/affiliates/affiliates.routes";
import { apiKeyRoutes } from "./modules/api-keys/api-keys.routes";
import { mailRoutes } from "./modules/mail/mail.routes";
import { apiKeyPrincipal } from "./modules/api-keys/api-keys.service";
import { sessionPrincipal } from "./modules/auth/auth.hook";
import { authRoutes } from "./modules/auth/auth.routes";
import { teamRoutes } from "./modules/auth/team.routes";
import { ssoRoutes } from "./modules/auth/sso.routes";
import { consentRoutes } from "./modules/consent/consent.routes";
import { feedbackRoutes } from "./modules/feedback/feedback.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { issueRoutes } from "./modules/issues/issues.routes";
import { pipelineRoutes } from "./modules/pipeline/pipeline.routes";
import { taskRoutes } from "./modules/tasks/tasks.routes";
import { noteRoutes } from "./modules/notes/notes.routes";
import { joinRoutes } from "./modules/leads/join.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { kpiRoutes } from "./modules/kpi/kpi.routes";
import { leadRoutes } from "./modules/leads/leads.routes";
import { leadBulkRoutes } from "./modules/leads/lead-bulk.routes";
import { leadDuplicateRoutes } from "./modules/leads/lead-duplicates.routes";
import { leadViewRoutes } from "./modules/leads/lead-views.routes";
import { referralLinkRoutes } from "./modules/referrals/referral-link.routes";
import { referralRoutes } from "./modules/referrals/referrals.routes";
import { reportRoutes } from "./modules/reports/reports.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { timelineRoutes } from "./modules/timeline/timeline.routes";
import { notificationRoutes } from "./modules/notifications/notifications.routes";
import { webhookRoutes } from "./modules/webhooks/webhooks.routes";
import { automationRoutes } from "./modules/automations/automations.routes";
import { integrationRoutes } from "./modules/integrations/integrations.routes";
import { insightRoutes } from "./modules/insights/insights.routes";
import { securityRoutes } from "./modules/security/security.routes";
import { serviceLevelRoutes } from "./modules/service-level/service-level.routes";
import { whiteLabelRoutes } from "./modules/white-label/white-label.routes";
import { leadAccessRoutes } from "./modules/lead-access/lead-access.routes";
import { businessHealthRoutes } from "./modules/records/business-health.routes";
import { perpetualInnovationRoutes } from "./modules/records/perpetual-innovation.routes";
import { perpetualStewardshipRoutes } from "./modules/records/perpetual-stewardship.routes";
import { futureStewardshipRoutes } from "./modules/records/future-stewardship.routes";
import { finalStewardshipRoutes } from "./modules/records/final-stewardship.routes";
import { innovationRoutes } from "./modules/records/innovation.routes";
import { customerSuccessRoutes } from "./modules/customer-success/customer-success.routes";
import { familyLister, recordFamilyRoutes } from "./modules/records/records.routes";
import { analyticsByKey } from "./record-family-analytics";
import { migrationRoutes } from "./modules/migration/migration.routes";
import { attachmentRoutes } from "./modules/attachments/attachments.routes";
import { liveRoutes } from "./modules/live/live.routes";

/** Each area's routes, mounted under /api. A new area adds one line here. */
const apiModules: ((app: ZodApp, ctx: AppContext) => void)[] = [
  healthRoutes,
  authRoutes,
  teamRoutes,
  ssoRoutes,
  apiKeyRoutes,
  mailRoutes,
  notificationRoutes,
  consentRoutes,
  leadRoutes,
  leadBulkRoutes,
  leadDuplicateRoutes,
  leadViewRoutes,
  timelineRoutes,
  kpiRoutes,
  dashboardRoutes,
  reportRoutes,
  searchRoutes,
  affiliateRoutes,
  referralRoutes,
  joinRoutes,
  feedbackRoutes,
  issueRoutes,
  taskRoutes,
  noteRoutes,
  pipelineRoutes,
  webhookRoutes,
  automationRoutes,
  integrationRoutes,
  insightRoutes,
  securityRoutes,
  serviceLevelRoutes,
  whiteLabelRoutes,
  leadAccessRoutes,
  recordFamilyRoutes(analyticsByKey),
  businessHealthRoutes,
  perpetualInnovationRoutes,
  perpetualStewardshipRoutes,
  futureStewardshipRoutes,
  finalStewardshipRoutes,
  innovationRoutes,
  // Customer Success answers its business reviews under the spec's path too, through the generic engine's list.
  (app, ctx) => customerSuccessRoutes(app, ctx, familyLister(ctx.db, analyticsByKey)),
  migrationRoutes,
  attachmentRoutes,
  liveRoutes,
];

/**
 * Who sent a request, as the kernel's auth hook asks it: a bearer token is an API key (a partner token is none, and
 * answers no staff member), otherwise the session cookie; partner tokens only where a route takes them.
 */
const credentialResolvers = (ctx: AppContext): CredentialResolvers => ({
  async resolveStaff(request) {
    const token = bearerToken(request);
    return token === null ? sessionPrincipal(ctx, request) : apiKeyPrincipal(ctx.db, token);
  },
  resolveAffiliate: (request) => affiliateForBearer(ctx.db, bearerToken(request)),
});

/** Routes outside /api that still belong to the server (not the single-page app). */
const siteModules: ((app: ZodApp, ctx: AppContext) => void)[] = [referralLinkRoutes];

/**
 * Sent with every response (pages, static files, Swagger UI, the API's JSON). Scripts only from our own
 * files: neither the built client nor Swagger UI has an inline script. Styles also allow inline ones:
 * index.html carries a <style> for the boot spinner, and Radix's scroll lock injects <style> elements.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Brand logos (Enterprise → White Label) are https:// images on the brand's own site.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** The permission a staff member needs (the endpoint's declaration); undefined for routes outside the declarations (the API docs). */
  permission?: Permission | "signedIn";
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every API route with whether it is public: the auth test walks this table. */
  routes: RegisteredRoute[];
  /** This instance's request measurements for the service level, flushed to the database by the runtime. */
  serviceLevelMeter: ServiceLevelMeter;
}

export interface BuildOptions {
  /** Where the log is written (a test captures it here); standard output when absent. */
  logStream?: FastifyLoggerOptions["stream"];
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: ctx.config.logLevel,
      stream: options.logStream,
      // Every `{ err }` Fastify or our code logs (a stream that failed mid-export, a failed shutdown...) goes through
      // loggableError: a failed statement's error would otherwise print the statement's parameters.
      serializers: { err: loggableError },
      // Fastify logs no headers or bodies by default; these paths are belt and braces.
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token", "*.key", "*.secret"],
        censor: "[redacted]",
      },
    },
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Keep-alive connections must not hold shutdown open.
    forceCloseConnections: "idle",
    // A malformed % escape in the path fails before routing: answer it in the API's error shape too.
    frameworkErrors: answerFrameworkError,
    // Routed by the canonical spelling of the path; a request that used another is then refused by its check.
    rewriteUrl: routeByCanonicalPath,
    // A plugin that is slow to start (the API documentation renders the whole OpenAPI document) on a loaded two-core
    // machine is slow, not broken: wait up to a minute instead of avvio's 10 s before refusing to start.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies (and later multipart uploads): a cross-site form cannot post text/plain here.
  app.removeContentTypeParser("text/plain");

  // Every route's options as registered, read once all are in: a plugin's own routes get their access declared by a
  // later onRoute hook of their scope (declareRouteAccess), which changes these same objects.
  const registered: { method: string | string[]; url: string; config?: { public?: boolean; permission?: Permission | "signedIn" } }[] = [];
  const serviceLevelMeter = new ServiceLevelMeter();
  registerServiceLevelMeter(app, serviceLevelMeter);
  app.addHook("onRoute", (route) => {
    registered.push(route);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // API answers name people, leads and money: no cache (the browser's, a proxy's) keeps a copy, unless the
    // endpoint chose its own caching.
    if (request.routeOptions.config?.endpoint && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "same-origin");
    reply.header("x-frame-options", "DENY");
    // A route that serves a file inline (an attachment's preview) sets a stricter policy of its own.
    if (!reply.hasHeader("content-security-policy")) reply.header("content-security-policy", CONTENT_SECURITY_POLICY);
    return payload;
  });

  // Before the other plugins, so every route (Swagger UI's too) shares the error shape and the guard;
  // the guard reads cookies, so it comes after the cookie parser.
  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(fastifyCookie, { secret: ctx.sessionSecret });
  registerTransportSecurity(app, ctx.config.appOrigins);
  registerAuthHook(app, credentialResolvers(ctx));
  registerCanonicalPathCheck(app);
  registerSameOriginCheck(app, ctx.config.appOrigins);
  registerAuditFallback(app, ctx.db);
  registerRateLimits(app, ctx.db);
  registerActorContext(app, ctx.db);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      // The API is served from the same origin as the document: paths are absolute (/api/...).
      servers: [{ url: "/" }],
      info: {
        title: "Leadwell API",
        version: "0.1.0",
        description:
          "Internal CRM API. Authenticate with the staff session cookie, or with `Authorization: Bearer <API key>` " +
          "(keys are created under Settings). Every failure answers `{ error, fields? }`. " +
          `Text must not contain the NUL character or unpaired surrogates, and bodies, queries and parameters nest at most ` +
          `${MAX_INPUT_DEPTH} levels: otherwise 400 naming the field.`,
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "leadwell_session" },
          apiKey: { type: "http", scheme: "bearer" },
        },
      },
      security: [{ session: [] }, { apiKey: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(async (docs) => {
    declareRouteAccess(docs, { permission: "signedIn" });
    await docs.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  });

  await app.register(
    async (api) => {
      const scoped = api.withTypeProvider<ZodTypeProvider>();
      scoped.get("/openapi.json", { schema: { hide: true }, config: { permission: "signedIn" } }, async () => app.swagger());
      for (const mount of apiModules) mount(scoped, ctx);
    },
    { prefix: "/api" },
  );
  for (const mount of siteModules) mount(app, ctx);

  await registerClient(app, ctx.config.clientDir);
  await app.ready();
  // The auth hook refuses a route that declares no access; refusing to start with one says so before anyone calls it.
  const undeclared = registered.filter((route) => declaredAccess(route.config) === undefined).map((route) => `${[route.method].flat().join(",")} ${route.url}`);
  if (undeclared.length > 0) throw new Error(`Routes without a declared access: ${undeclared.join("; ")}`);
  const routes = registered
    .filter((route) => route.url.startsWith("/api/"))
    .flatMap((route) => [route.method].flat().filter((method) => method !== "HEAD").map((method) => ({ method, url: route.url, public: Boolean(route.config?.public), permission: route.config?.permission })));
  return { app, routes, serviceLevelMeter };
}

/**
 * Serves the built single-page app; any path that is not an API route or a file gets index.html. The files are routes
 * of their own scope, declared public there; index.html for other paths comes from the not-found handler, which lives
 * at the root, outside that scope. It is kept in memory and read again when the file changes: a build written over
 * a running server (an in-place deploy) replaces the hashed bundles index.html names, and a stale copy would name
 * bundles that are gone, leaving every page on its boot spinner.
 */
async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, "index.html");
  const index = currentFile(indexFile);
  if (index() !== null) {
    await app.register(async (site) => {
      declareRouteAccess(site, { public: true });
      await site.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          // Hashed assets never change; everything else is revalidated.
          res.header("cache-control", filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    if (pathname === "/api" || pathname.startsWith("/api/") || !["GET", "HEAD"].includes(request.method)) {
      const params = { method: request.method, path: pathname };
      return reply.status(404).send({ error: errorText("request.no_route", params), code: "request.no_route", params } satisfies ApiError);
    }
    const indexHtml = index();
    if (!indexHtml) {
      return reply.status(404).type("text/plain").send("The client is not built yet: run `npm run build`.");
    }
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  });
}
