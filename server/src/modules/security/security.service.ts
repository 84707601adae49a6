import type { AuditListQuery, AuditRow, SecurityOverview } from "@contract/security";
import type { Database } from "../../db/client";
import { actorLabel } from "../../kernel/actor";
import { recordAudit } from "../../kernel/audit";
import type { ListPage } from "../../kernel/http/endpoint-route";
import { badRequest, notFound } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { Principal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { decodeCursor, encodeCursor } from "../../lib/page-cursor";
import {
  countFailedSignIns,
  deleteSessionByPublicId,
  selectActiveSessions,
  selectApiKeysInUse,
  selectAuditPage,
  selectDisabledWebhooks,
  selectLockedSignIns,
  selectRecentSecurityEvents,
} from "./security.data";

const RECENT_EVENTS = 20;
const CURSOR_SORT = "audit-newest";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function securityOverview(db: Database, principal: Principal): Promise<SecurityOverview> {
  const currentSessionId = principal.kind === "session" ? principal.sessionId : null;
  // PGlite serves one statement at a time anyway; on PostgreSQL these are small indexed reads.
  const failedSignIns = await countFailedSignIns(db);
  const lockedSignIns = await selectLockedSignIns(db);
  const activeSessions = await selectActiveSessions(db, currentSessionId);
  const apiKeys = await selectApiKeysInUse(db);
  const disabledWebhooks = await selectDisabledWebhooks(db);
  const recentEvents = await selectRecentSecurityEvents(db, RECENT_EVENTS);
  return { failedSignIns, lockedSignIns, activeSessions, apiKeys, disabledWebhooks, recentEvents };
}

/** Ends someone's session at once (their next request is signed out), with an audit row in the same transaction. */
export async function revokeSession(db: Database, publicId: string, actor: { principal: Principal; meta: RequestMeta }): Promise<void> {
  if (!UUID.test(publicId)) throw notFound("security.session_not_found");
  await inTransaction(db, async (tx) => {
    const ended = await deleteSessionByPublicId(tx, publicId.toLowerCase());
    if (!ended) throw notFound("security.session_not_found");
    await recordAudit(tx, {
      userEmail: actorLabel(actor.principal),
      action: "security.session_revoked",
      message: ended.ipAddress
        ? { code: "security.session_revoked_from", params: { sessionId: publicId.toLowerCase(), person: ended.email ?? `#${ended.userId}`, address: ended.ipAddress } }
        : { code: "security.session_revoked", params: { sessionId: publicId.toLowerCase(), person: ended.email ?? `#${ended.userId}` } },
      meta: actor.meta,
    });
  });
}

export async function listAuditTrail(db: Database, query: AuditListQuery): Promise<ListPage<AuditRow>> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && cursor?.sort !== CURSOR_SORT) throw badRequest("cursor", "list.cursor_mismatch");
  const page = await selectAuditPage(db, query, query.limit, cursor);
  return { rows: page.rows, total: page.total, nextCursor: page.next && encodeCursor({ sort: CURSOR_SORT, ...page.next }) };
}
