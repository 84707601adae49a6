import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { migrationEndpoints } from "@contract/migration";
import type { EndpointSpec } from "@contract/endpoint";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { sendCsv } from "../../kernel/http/csv-export";
import { endpointRoute, endpointSchema, routeConfig } from "../../kernel/http/endpoint-route";
import { HttpError } from "../../kernel/http/errors";
import { requestMeta } from "../../kernel/http/request-meta";
import { appOriginOf } from "../../kernel/http/app-origin";
import { previewMigration } from "./migration.preview";
import { errorReport, fileTooLarge, getMigration, listMigrations, receiveUpload, reportPage, startMigration, UploadSlots, type UploadPart } from "./migration.service";

/** Room for the multipart framing and the small fields around the file, beyond the file's own limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function migrationRoutes(app: ZodApp, ctx: AppContext) {
  const deps = { db: ctx.db, config: ctx.config, jobs: ctx.jobs };
  const uploadDeps = { ...deps, uploads: new UploadSlots(ctx.config.migration.maxActivePerInstance) };

  /** An upload route: multipart only, the size refused from Content-Length before anything is read, then streamed. */
  const uploadRoute = (scoped: ZodApp, endpoint: EndpointSpec, start: boolean) =>
    scoped.route({
      method: "POST",
      url: endpoint.path,
      config: routeConfig(endpoint),
      schema: { ...endpointSchema(endpoint), consumes: ["multipart/form-data"] },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const principal = signedIn(request);
        if (!request.isMultipart()) throw new HttpError(415, "migration.multipart_required");
        const declared = Number(request.headers["content-length"]);
        if (Number.isFinite(declared) && declared > ctx.config.migration.maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(ctx.config);
        const parts = request.parts({ limits: { fileSize: ctx.config.migration.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
        const migration = await receiveUpload(uploadDeps, parts as AsyncIterable<UploadPart>, { principal, meta: requestMeta(request) }, start);
        return reply.status(endpoint.status ?? 200).send(migration);
      },
    });

  // Multipart parsing only where a file is expected: every other route keeps taking JSON alone.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, { limits: { fileSize: ctx.config.migration.maxBytes, files: 1, fields: 10, fieldSize: 1024, headerPairs: 100 } });
    const zodScoped: ZodApp = scoped.withTypeProvider<ZodTypeProvider>();
    uploadRoute(zodScoped, migrationEndpoints.importCsv, true);
    uploadRoute(zodScoped, migrationEndpoints.upload, false);
  });

  endpointRoute(app, migrationEndpoints.start, async (request) =>
    startMigration(deps, request.params.id, request.body, { principal: signedIn(request), meta: requestMeta(request) }),
  );

  endpointRoute(app, migrationEndpoints.preview, async (request) => previewMigration(ctx.db, request.params.id, request.body));

  endpointRoute(app, migrationEndpoints.status, async () => listMigrations(deps));

  endpointRoute(app, migrationEndpoints.get, async (request) => getMigration(deps, request.params.id));

  endpointRoute(app, migrationEndpoints.report, async (request) => reportPage(ctx.db, request.params.id, request.query));

  const report = migrationEndpoints.errorReport;
  const reportSchema = endpointSchema(report);
  app.get(
    report.path,
    {
      config: routeConfig(report),
      schema: { ...reportSchema, summary: `${reportSchema.summary}, as a CSV download (UTF-8 with BOM, formula-safe cells)`, produces: ["text/csv"] },
    },
    async (request, reply) => sendCsv(reply, await errorReport(ctx.db, (request.params as { id: number }).id, appOriginOf(request, ctx.config.appOrigins))),
  );
}
