import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { ATTACHMENT_FILE_FIELD, ATTACHMENT_SAFE_CONTENT_TYPES, isPreviewable, type Attachment, type AttachmentList, type AttachmentPreviewType } from "@contract/attachments";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import { badRequest, forbidden, HttpError, notFound } from "../../kernel/http/errors";
import { requireLeadInScope } from "../../kernel/lead-gone";
import { isMultipartFormError } from "../../kernel/http/multipart-failure";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { hasPermission, type Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import {
  chunksAfter,
  completeAttachment,
  completeAttachmentsOf,
  deleteAbandonedUploads,
  deleteAttachmentRow,
  findCompleteAttachment,
  insertChunk,
  insertPendingAttachment,
  type AttachmentRow,
} from "./attachments.data";
import { leadExistsInScope } from "../../db/queries/lead-record";

/** The bytes of one attachment_chunks row: an upload is stored, and a download read, this much at a time. */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;
/** An upload still incomplete after this long was cut off by a stopped instance; the lead's next upload removes it. */
const ABANDONED_UPLOAD_HOURS = 24;
/** Chunks read per query while a download streams (1 MB). */
const CHUNKS_PER_READ = 4;

export interface AttachmentDeps {
  db: Database;
  config: AppConfig;
}

export interface Actor {
  principal: Principal;
  meta: RequestMeta;
}

/** One part of a multipart upload, as the route hands it over. */
export type UploadPart =
  | { type: "field"; fieldname: string; value: unknown }
  | { type: "file"; fieldname: string; filename: string; mimetype: string; file: Readable & { truncated?: boolean } };

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
export const fileTooLarge = (config: AppConfig) =>
  new HttpError(413, "attachment.file_too_large", { params: { maxMegabytes: megabytes(config.attachments.maxBytes) } });

const SAFE_TYPES = new Set<string>(ATTACHMENT_SAFE_CONTENT_TYPES);
const OCTET_STREAM = "application/octet-stream";

/** The declared type without its parameters, when it is on the safe list; application/octet-stream otherwise. */
export function storedContentType(declared: string | undefined): string {
  const type = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  return SAFE_TYPES.has(type) ? type : OCTET_STREAM;
}

/** What a download is served as: never a type a browser would render as a page or a scriptable image. */
export function servedContentType(stored: string): string {
  return SAFE_TYPES.has(stored) ? stored : OCTET_STREAM;
}

/**
 * The name a file is kept under: its last path segment (some browsers send a whole path), without control
 * characters, at most 255 characters; "file" when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return [...(cleaned || "file")].slice(0, 255).join("").slice(0, 255);
}

/** Content-Disposition for a download (or an inline preview): an ASCII fallback name and the UTF-8 name as RFC 5987/6266 encode it. */
export function contentDisposition(fileName: string, disposition: "attachment" | "inline" = "attachment"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    leadId: row.leadId,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: Number(row.sizeBytes),
    sha256: row.sha256 ?? "",
    uploadedBy: row.uploadedById !== null && row.uploadedByName !== null ? { id: row.uploadedById, name: row.uploadedByName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function requireLead(db: Database, leadId: number) {
  if (!(await leadExistsInScope(db, leadId))) throw notFound("lead.not_found");
}

export async function listAttachments(deps: AttachmentDeps, leadId: number): Promise<AttachmentList> {
  // A lead merged into another answers 410 with mergedInto: its files are the kept lead's now.
  await requireLeadInScope(deps.db, leadId);
  const rows = await completeAttachmentsOf(deps.db, leadId);
  return { attachments: rows.map(toAttachment), maxBytes: deps.config.attachments.maxBytes };
}

/** Checked before the body is read: the lead must exist. */
export const checkLead = (deps: AttachmentDeps, leadId: number) => requireLead(deps.db, leadId);

const isTooLarge = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE";

/**
 * Stores the file part as it streams in: ATTACHMENT_CHUNK_BYTES a row, hashed on the way, never held whole. Past the
 * limit it stops with 413. The caller deletes the row (and so its chunks) on any failure.
 */
async function storeChunks(deps: AttachmentDeps, attachmentId: number, file: Readable & { truncated?: boolean }) {
  const hash = createHash("sha256");
  const max = deps.config.attachments.maxBytes;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  let size = 0;
  const flush = async (all: boolean) => {
    while (pendingBytes >= ATTACHMENT_CHUNK_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending, pendingBytes);
      const chunk = joined.subarray(0, Math.min(ATTACHMENT_CHUNK_BYTES, joined.length));
      const rest = joined.subarray(chunk.length);
      await insertChunk(deps.db, attachmentId, seq++, Buffer.from(chunk));
      pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
    }
  };
  for await (const data of file) {
    const buffer = data as Buffer;
    size += buffer.length;
    if (size > max) throw fileTooLarge(deps.config);
    hash.update(buffer);
    pending.push(buffer);
    pendingBytes += buffer.length;
    if (pendingBytes >= ATTACHMENT_CHUNK_BYTES) await flush(false);
  }
  if (file.truncated) throw fileTooLarge(deps.config);
  await flush(true);
  return { size, sha256: hash.digest("hex") };
}

/**
 * Receives an upload to a lead: the first part named `file` is stored (others are drained), then marked complete with
 * its audit row in one transaction (the timeline's trigger writes the lead's entry there). Any failure deletes what
 * was stored, so a failed upload leaves nothing.
 */
export async function receiveAttachment(deps: AttachmentDeps, leadId: number, parts: AsyncIterable<UploadPart>, actor: Actor): Promise<Attachment> {
  let attachmentId: number | null = null;
  let stored: { size: number; sha256: string; fileName: string } | null = null;
  await deleteAbandonedUploads(deps.db, leadId, ABANDONED_UPLOAD_HOURS);
  try {
    for await (const part of parts) {
      if (part.type === "field") continue;
      if (part.fieldname !== ATTACHMENT_FILE_FIELD || attachmentId !== null) {
        part.file.resume();
        continue;
      }
      const fileName = cleanFileName(part.filename);
      try {
        attachmentId = await insertPendingAttachment(deps.db, {
          leadId,
          fileName,
          contentType: storedContentType(part.mimetype),
          uploadedBy: actor.principal.user.id,
        });
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const { size, sha256 } = await storeChunks(deps, attachmentId, part.file);
      stored = { size, sha256, fileName };
    }
    if (attachmentId === null || stored === null) throw badRequest(ATTACHMENT_FILE_FIELD, "attachment.file_required");
    if (stored.size === 0) throw badRequest(ATTACHMENT_FILE_FIELD, "attachment.file_empty");
    const id = attachmentId;
    const done = stored;
    await inTransaction(deps.db, async (tx) => {
      // The lead may have been deleted meanwhile (its attachments with it).
      if (!(await completeAttachment(tx, id, { sizeBytes: done.size, sha256: done.sha256 }))) throw notFound("lead.not_found");
      await recordAudit(tx, {
        userEmail: actorLabel(actor.principal),
        action: "attachment.upload",
        message: { code: "attachment.uploaded", params: { leadId, attachmentId: id, fileName: done.fileName, sizeBytes: done.size } },
        meta: actor.meta,
      });
    });
    const row = await findCompleteAttachment(deps.db, id);
    if (!row) throw notFound("attachment.not_found");
    return toAttachment(row);
  } catch (error) {
    if (attachmentId !== null) await deleteAttachmentRow(deps.db, attachmentId).catch(() => undefined);
    throw uploadError(deps.config, error);
  }
}

/**
 * What a failed upload answers: our own refusals as they are; the multipart reader's (no boundary, a body cut off,
 * too many parts) as 400 about the form, or 413 for the size; anything else (the database) as it is.
 */
function uploadError(config: AppConfig, error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (isTooLarge(error)) return fileTooLarge(config);
  return isMultipartFormError(error) ? new HttpError(400, "attachment.multipart_required") : error;
}

/** A download: the attachment's row and a stream of its bytes, read a few chunks at a time by seq. */
export async function openDownload(deps: AttachmentDeps, id: number): Promise<{ attachment: Attachment; body: Readable }> {
  const row = await findCompleteAttachment(deps.db, id);
  if (!row) throw notFound("attachment.not_found");
  async function* bytes() {
    let after = -1;
    for (;;) {
      const chunks = await chunksAfter(deps.db, id, after, CHUNKS_PER_READ);
      for (const chunk of chunks) {
        yield Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
        after = chunk.seq;
      }
      if (chunks.length < CHUNKS_PER_READ) return;
    }
  }
  return { attachment: toAttachment(row), body: Readable.from(bytes(), { objectMode: false }) };
}

/** The signatures (magic numbers) a previewable file starts with: a type is previewed only when its bytes agree. */
const SIGNATURES: Record<AttachmentPreviewType, (head: Buffer) => boolean> = {
  "image/png": (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  "image/gif": (head) => ["GIF87a", "GIF89a"].includes(head.subarray(0, 6).toString("latin1")),
  "image/webp": (head) => head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP",
  "application/pdf": (head) => head.subarray(0, 5).toString("latin1") === "%PDF-",
};

/** Whether a file's first bytes are the signature of `type`. */
export const hasSignature = (type: AttachmentPreviewType, head: Buffer) => SIGNATURES[type](head);

/**
 * An inline preview: only an image or PDF whose stored type is previewable and whose first bytes carry that type's
 * signature; anything else is refused with 415 (download it instead), so a file named .png holding HTML never is
 * shown as anything.
 */
export async function openPreview(deps: AttachmentDeps, id: number): Promise<{ attachment: Attachment; type: AttachmentPreviewType; body: Readable }> {
  const row = await findCompleteAttachment(deps.db, id);
  if (!row) throw notFound("attachment.not_found");
  const type = row.contentType;
  if (!isPreviewable(type)) throw new HttpError(415, "attachment.preview_unsupported");
  const [first] = await chunksAfter(deps.db, id, -1, 1);
  const head = first ? Buffer.from(first.data.buffer, first.data.byteOffset, Math.min(first.data.byteLength, 16)) : Buffer.alloc(0);
  if (!hasSignature(type, head)) throw new HttpError(415, "attachment.preview_unsupported");
  const { attachment, body } = await openDownload(deps, id);
  return { attachment, type, body };
}

/** Deletes an attachment: its uploader may, and anyone who may delete leads (managers and administrators). Audited. */
export async function removeAttachment(deps: AttachmentDeps, id: number, actor: Actor): Promise<void> {
  const row = await findCompleteAttachment(deps.db, id);
  if (!row) throw notFound("attachment.not_found");
  const own = row.uploadedById !== null && row.uploadedById === actor.principal.user.id;
  if (!own && !hasPermission(actor.principal, "leads.delete")) throw forbidden("attachment.delete_forbidden");
  await inTransaction(deps.db, async (tx) => {
    if (!(await deleteAttachmentRow(tx, id))) throw notFound("attachment.not_found");
    await recordAudit(tx, {
      userEmail: actorLabel(actor.principal),
      action: "attachment.delete",
      message: { code: "attachment.deleted", params: { leadId: row.leadId, attachmentId: id, fileName: row.fileName, sizeBytes: Number(row.sizeBytes) } },
      meta: actor.meta,
    });
  });
}
