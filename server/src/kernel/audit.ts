import { auditMessages, englishText, type AuditMessage } from "@contract/server-messages";
import { auditLogs } from "../db/schema";
import type { Database } from "../db/client";
import type { RequestMeta } from "./http/request-meta";

export interface AuditEntry {
  userEmail: string | null;
  action: string;
  /**
   * What happened, as a code of auditMessages with its params: the audit trail shows it in the reader's language, and
   * its English is stored as the row's details (the CSV export, API clients). Leave it out for a row that says nothing
   * more than its action.
   */
  message?: AuditMessage;
  meta?: RequestMeta | null;
  /** Who acted, when the request had no principal yet (a sign-in names the person it signed in). */
  userId?: number | null;
}

/**
 * Writes one audit row: who (the staff member, and the public id of their session), what, and from where (address,
 * user agent, the brand their browser had chosen). Called inside the mutation's transaction, so the row commits with
 * the change it describes; it also tells the request it was audited, so the fallback (kernel/http/audit-fallback.ts)
 * records nothing more.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  const meta = entry.meta ?? null;
  await db.insert(auditLogs).values({
    userId: entry.userId ?? meta?.userId ?? null,
    userEmail: entry.userEmail,
    action: entry.action,
    details: entry.message ? englishText(auditMessages[entry.message.code], entry.message.params) : null,
    code: entry.message?.code ?? null,
    params: entry.message?.params ?? null,
    ipAddress: meta?.ip ?? null,
    userAgent: meta?.userAgent ?? null,
    brand: meta?.brand ?? null,
    sessionId: meta?.sessionId ?? null,
  });
  meta?.onAudited?.();
}
