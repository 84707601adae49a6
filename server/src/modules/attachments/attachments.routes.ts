import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { attachmentEndpoints } from "@contract/attachments";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../../kernel/http/auth-hook";
import { endpointRoute, endpointSchema, routeConfig } from "../../kernel/http/endpoint-route";
import { HttpError } from "../../kernel/http/errors";
import { requestMeta } from "../../kernel/http/request-meta";
import { checkLead, contentDisposition, fileTooLarge, listAttachments, openDownload, openPreview, receiveAttachment, removeAttachment, servedContentType, type UploadPart } from "./attachments.service";

/** Room for the multipart framing (boundaries, part headers) beyond the file's own limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * A preview's own Content-Security-Policy (the app's is kept off it). An image opened on its own is a sandboxed document
 * that loads nothing but itself; a PDF loads nothing else either, but is not sandboxed: browsers refuse to show a PDF
 * in a sandbox, and its bytes were checked to be a PDF, which nosniff keeps from being read as anything else. Neither
 * may be framed.
 */
const PREVIEW_POLICY = {
  image: "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  pdf: "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
} as const;

/** What an upload may carry besides its file: a few small fields, never many parts. */
const PART_LIMITS = { files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 } as const;

export function attachmentRoutes(app: ZodApp, ctx: AppContext) {
  const deps = { db: ctx.db, config: ctx.config };
  const maxBytes = () => ctx.config.attachments.maxBytes;

  // Multipart parsing only where a file is expected: every other route keeps taking JSON alone.
  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, { limits: { fileSize: maxBytes(), ...PART_LIMITS } });
    const zodScoped: ZodApp = scoped.withTypeProvider<ZodTypeProvider>();
    const upload = attachmentEndpoints.upload;
    zodScoped.route({
      method: "POST",
      url: upload.path,
      config: routeConfig(upload),
      schema: { ...endpointSchema(upload), consumes: ["multipart/form-data"] },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const principal = signedIn(request);
        const leadId = (request.params as { id: number }).id;
        // An unknown lead is not found whatever was sent, as on every :id route.
        await checkLead(deps, leadId);
        if (!request.isMultipart()) throw new HttpError(415, "attachment.multipart_required");
        // Refused from the declared length before any of the file is read or stored.
        const declared = Number(request.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes() + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(ctx.config);
        const parts = request.parts({ limits: { fileSize: maxBytes(), ...PART_LIMITS } });
        const attachment = await receiveAttachment(deps, leadId, parts as AsyncIterable<UploadPart>, { principal, meta: requestMeta(request) });
        return reply.status(upload.status).send(attachment);
      },
    });
  });

  endpointRoute(app, attachmentEndpoints.list, async (request) => listAttachments(deps, request.params.id));

  const download = attachmentEndpoints.download;
  const downloadSchema = endpointSchema(download);
  app.get(
    download.path,
    { config: routeConfig(download), schema: { ...downloadSchema, produces: ["application/octet-stream"] } },
    async (request, reply) => {
      const { attachment, body } = await openDownload(deps, (request.params as { id: number }).id);
      return reply
        .header("content-type", servedContentType(attachment.contentType))
        .header("content-length", String(attachment.sizeBytes))
        .header("content-disposition", contentDisposition(attachment.fileName))
        .header("x-content-type-options", "nosniff")
        .send(body);
    },
  );

  const preview = attachmentEndpoints.preview;
  const previewSchema = endpointSchema(preview);
  app.get(
    preview.path,
    { config: routeConfig(preview), schema: { ...previewSchema, produces: ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] } },
    async (request, reply) => {
      const { attachment, type, body } = await openPreview(deps, (request.params as { id: number }).id);
      return reply
        .header("content-type", type)
        .header("content-length", String(attachment.sizeBytes))
        .header("content-disposition", contentDisposition(attachment.fileName, "inline"))
        .header("x-content-type-options", "nosniff")
        .header("cross-origin-resource-policy", "same-origin")
        .header("content-security-policy", type === "application/pdf" ? PREVIEW_POLICY.pdf : PREVIEW_POLICY.image)
        .send(body);
    },
  );

  endpointRoute(app, attachmentEndpoints.remove, async (request) => {
    await removeAttachment(deps, request.params.id, { principal: signedIn(request), meta: requestMeta(request) });
    return undefined;
  });
}
