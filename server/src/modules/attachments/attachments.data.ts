import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { attachmentChunks, leadAttachments, users } from "../../db/schema";
import { leadInScope } from "../../kernel/lead-scope";

const attachmentColumns = {
  id: leadAttachments.id,
  leadId: leadAttachments.leadId,
  fileName: leadAttachments.fileName,
  contentType: leadAttachments.contentType,
  sizeBytes: leadAttachments.sizeBytes,
  sha256: leadAttachments.sha256,
  uploadedById: leadAttachments.uploadedBy,
  uploadedByName: users.name,
  createdAt: leadAttachments.createdAt,
};

export type AttachmentRow = {
  id: number;
  leadId: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string | null;
  uploadedById: number | null;
  uploadedByName: string | null;
  createdAt: Date;
};

/** A lead's complete attachments, newest first. */
export function completeAttachmentsOf(db: Database, leadId: number): Promise<AttachmentRow[]> {
  return db
    .select(attachmentColumns)
    .from(leadAttachments)
    .leftJoin(users, eq(users.id, leadAttachments.uploadedBy))
    .where(
      and(
        eq(leadAttachments.leadId, leadId),
        eq(leadAttachments.complete, true),
        sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${leadId} AND ${leadInScope(sql`l.assignee_id`)})`,
      ),
    )
    .orderBy(desc(leadAttachments.id));
}

/**
 * One complete attachment of a lead within the request's lead scope; an upload still under way (or failed) is none,
 * and so is a file of a lead the reader may not see.
 */
export async function findCompleteAttachment(db: Database, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(leadAttachments)
    .leftJoin(users, eq(users.id, leadAttachments.uploadedBy))
    .where(
      and(
        eq(leadAttachments.id, id),
        eq(leadAttachments.complete, true),
        sql`EXISTS (SELECT 1 FROM leads l WHERE l.id = ${leadAttachments.leadId} AND ${leadInScope(sql`l.assignee_id`)})`,
      ),
    )
    .limit(1);
  return row;
}

/** Opens an upload: a row that stays incomplete (listed nowhere) until its last chunk is stored. */
export async function insertPendingAttachment(db: Database, values: { leadId: number; fileName: string; contentType: string; uploadedBy: number }): Promise<number> {
  const [row] = await db.insert(leadAttachments).values(values).returning({ id: leadAttachments.id });
  return row!.id;
}

export async function insertChunk(db: Database, attachmentId: number, seq: number, data: Buffer): Promise<void> {
  await db.insert(attachmentChunks).values({ attachmentId, seq, data });
}

/** Marks an upload complete with its size and hash (the timeline's trigger fires on this); false if it is gone. */
export async function completeAttachment(db: Database, id: number, values: { sizeBytes: number; sha256: string }): Promise<boolean> {
  const rows = await db
    .update(leadAttachments)
    .set({ ...values, complete: true })
    .where(and(eq(leadAttachments.id, id), eq(leadAttachments.complete, false)))
    .returning({ id: leadAttachments.id });
  return rows.length > 0;
}

/** Deletes an attachment and (by cascade) its chunks. */
export async function deleteAttachmentRow(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(leadAttachments).where(eq(leadAttachments.id, id)).returning({ id: leadAttachments.id });
  return rows.length > 0;
}

/** The next chunks of an attachment after `afterSeq`, in order (keyset on the primary key). */
export async function chunksAfter(db: Database, attachmentId: number, afterSeq: number, limit: number): Promise<{ seq: number; data: Uint8Array }[]> {
  return db
    .select({ seq: attachmentChunks.seq, data: attachmentChunks.data })
    .from(attachmentChunks)
    .where(and(eq(attachmentChunks.attachmentId, attachmentId), gt(attachmentChunks.seq, afterSeq)))
    .orderBy(asc(attachmentChunks.seq))
    .limit(limit);
}

/**
 * Deletes the lead's uploads left incomplete for longer than any upload takes (their instance stopped mid-way): a
 * failed upload deletes its own rows, so these are only what a crash left behind.
 */
export async function deleteAbandonedUploads(db: Database, leadId: number, olderThanHours: number): Promise<void> {
  await db
    .delete(leadAttachments)
    .where(
      and(
        eq(leadAttachments.leadId, leadId),
        eq(leadAttachments.complete, false),
        lt(leadAttachments.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`),
      ),
    );
}
