import { auditLogs } from "../db/schema";
import type { Database } from "../db/client";
import type { RequestMeta } from "./http/request-meta";

export interface AuditEntry {
  userEmail: string | null;
  action: string;
  details?: string | null;
  meta?: RequestMeta | null;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    userEmail: entry.userEmail,
    action: entry.action,
    details: entry.details ?? null,
    ipAddress: entry.meta?.ip ?? null,
    userAgent: entry.meta?.userAgent ?? null,
  });
}
