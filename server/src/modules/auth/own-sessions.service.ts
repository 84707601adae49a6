import type { EndedSessions } from "@contract/auth";
import type { Database } from "../../db/client";
import { recordAudit } from "../../kernel/audit";
import type { RequestMeta } from "../../kernel/http/request-meta";
import type { SessionPrincipal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { endOtherSessionsOf } from "./team.data";

/**
 * "Sign out everywhere else": a person who left a session open on another computer, or lost a phone, ends every
 * session of theirs but this one, with an audit row saying how many.
 */
export async function endOwnOtherSessions(db: Database, principal: SessionPrincipal, meta: RequestMeta): Promise<EndedSessions> {
  return inTransaction(db, async (tx) => {
    const endedSessions = await endOtherSessionsOf(tx, principal.user.id, principal.sessionTokenHash);
    await recordAudit(tx, {
      userEmail: principal.user.email,
      userId: principal.user.id,
      action: "auth.other_sessions_ended",
      message: { code: "auth.other_sessions_ended", params: { sessions: endedSessions } },
      meta,
    });
    return { endedSessions };
  });
}
