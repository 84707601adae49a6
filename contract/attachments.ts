import { z } from "zod";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";

/** The multipart field an upload carries its file in (one file a request: several files are several requests). */
export const ATTACHMENT_FILE_FIELD = "file";
/** ATTACHMENT_MAX_BYTES when it is not set: 25 MB. */
export const ATTACHMENT_DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Content types stored as declared; anything else is stored (and served) as application/octet-stream. HTML and SVG
 * are never on it: a download is never a page or an image a browser would run scripts in.
 */
export const ATTACHMENT_SAFE_CONTENT_TYPES = [
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "text/plain",
  "text/csv",
  "application/zip",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "audio/mpeg",
  "video/mp4",
] as const;

/**
 * The types a preview shows inline (GET /api/attachments/{id}/preview): raster images a browser decodes without
 * running anything, and PDF. Never SVG (an image that can carry scripts) nor HTML. A file is previewed only when its
 * first bytes are what its stored type says (its magic number).
 */
export const ATTACHMENT_PREVIEW_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;
export type AttachmentPreviewType = (typeof ATTACHMENT_PREVIEW_TYPES)[number];
export const isPreviewable = (contentType: string): contentType is AttachmentPreviewType => (ATTACHMENT_PREVIEW_TYPES as readonly string[]).includes(contentType);

export const attachmentSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  fileName: z.string(),
  contentType: z.string().describe("As declared when on the safe list, application/octet-stream otherwise"),
  sizeBytes: z.number().int(),
  sha256: z.string().describe("Hex SHA-256 of the bytes"),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable().describe("null once the uploader's account is gone"),
  createdAt: isoDateTime,
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({
  attachments: z.array(attachmentSchema).describe("Newest first; only files whose upload completed"),
  maxBytes: z.number().int().describe("ATTACHMENT_MAX_BYTES: the largest file an upload accepts"),
});
export type AttachmentList = z.infer<typeof attachmentListSchema>;

const tags = ["Attachments"];

export const attachmentEndpoints = defineEndpoints("attachments", {
  upload: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads/:id/attachments",
    params: idParamsSchema,
    reply: attachmentSchema,
    status: 201,
    errors: [400, 404, 413, 415],
    tags,
    summary: "Attach a file to a lead",
    description:
      "multipart/form-data with the file in `file` (one file a request). A file larger than ATTACHMENT_MAX_BYTES answers 413 " +
      "attachment.file_too_large: from Content-Length before anything is read when the request declares it, otherwise as soon " +
      "as the stream passes the limit; a failed upload leaves nothing stored. The bytes are kept in the database, streamed " +
      "in chunks, with their SHA-256. A content type off the safe list is stored as application/octet-stream.",
  }),
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id/attachments",
    params: idParamsSchema,
    reply: attachmentListSchema,
    errors: [404, 410],
    tags,
    summary: "A lead's attachments, newest first, and the size limit of an upload",
  }),
  download: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/attachments/:id",
    params: idParamsSchema,
    errors: [404],
    tags,
    summary: "Download an attachment's bytes",
    description:
      "Always `Content-Disposition: attachment` (filename* in UTF-8) with `X-Content-Type-Options: nosniff`; HTML and SVG are " +
      "never served as such (application/octet-stream). Streamed from the database a chunk at a time.",
  }),
  preview: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/attachments/:id/preview",
    params: idParamsSchema,
    errors: [404, 415],
    tags,
    summary: "Show an image or PDF attachment inline, for a thumbnail or a preview",
    description:
      "Only PNG, JPEG, GIF, WebP and PDF, and only when the file's first bytes are that type's signature as well as its stored " +
      "type; anything else (SVG, HTML, a .png name with other bytes) answers 415 attachment.preview_unsupported: download " +
      "it instead. Served with `Content-Disposition: inline`, `X-Content-Type-Options: nosniff`, " +
      "`Cross-Origin-Resource-Policy: same-origin` and a Content-Security-Policy of its own: an image is a sandboxed " +
      "document that may load nothing but itself; a PDF may load nothing else and may not be framed (not sandboxed, " +
      "since browsers refuse to show a PDF in a sandbox).",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "leads.write",
    path: "/attachments/:id",
    params: idParamsSchema,
    status: 204,
    errors: [403, 404],
    tags,
    summary: "Delete an attachment (its uploader, or a manager or administrator); audited",
  }),
});
