import type { ConsentUpdateBody } from "@contract/consent";
import type { Database } from "../../db/client";
import { consentRecords } from "../../db/schema";
import type { RequestMeta } from "../../kernel/http/request-meta";

export async function insertConsent(db: Database, body: ConsentUpdateBody, userId: number | null, meta: RequestMeta) {
  const [row] = await db
    .insert(consentRecords)
    .values({
      email: body.email,
      userId,
      consentType: body.consentType,
      granted: body.granted,
      preferences: body.preferences ?? null,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    })
    .returning({ id: consentRecords.id, createdAt: consentRecords.createdAt });
  return { id: row!.id, recordedAt: row!.createdAt.toISOString() };
}
