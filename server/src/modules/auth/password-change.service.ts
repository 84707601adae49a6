import type { ChangePasswordBody, EndedSessions } from "@contract/auth";
import type { AppContext } from "../../kernel/app-context";
import { recordAudit } from "../../kernel/audit";
import { badRequest, tooManyRequests } from "../../kernel/http/errors";
import { addressKey } from "../../kernel/http/rate-limit";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { reserveSignIn, signInSucceeded } from "../../kernel/http/attempt-throttle.data";
import type { SessionPrincipal } from "../../kernel/principal";
import { inTransaction } from "../../kernel/transaction";
import { hashPassword, verifyPassword } from "../../lib/password";
import { endOtherSessionsOf, setPasswordHash } from "./team.data";
import { findUserByEmail } from "./users.data";


/**
 * A signed-in person changes their own password. The current one is checked as a sign-in checks it: the attempt is
 * reserved against the same lockout first, so the form is no way round it for someone who found an open session, and a
 * wrong one is audited as a failed password. The new password is stored and every other session of the person ends
 * in one transaction (a stolen session stops with the old password); this one goes on.
 */
export async function changeOwnPassword(ctx: AppContext, principal: SessionPrincipal, body: ChangePasswordBody, meta: RequestMeta): Promise<EndedSessions> {
  const user = await findUserByEmail(ctx.db, principal.user.email);
  if (!user?.passwordHash) throw badRequest("currentPassword", "auth.no_password_to_change");
  const gate = await reserveSignIn(ctx.db, "staff", user.email, addressKey(meta.ip));
  if (!gate.allowed) throw tooManyRequests("auth.too_many_sign_ins", gate.retryAfterSeconds, { minutes: Math.ceil(gate.retryAfterSeconds / 60) });
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    await recordAudit(ctx.db, {
      userEmail: user.email,
      userId: user.id,
      action: "auth.password_change_failed",
      message: { code: "auth.wrong_password", params: {} },
      meta,
    });
    throw badRequest("currentPassword", "auth.current_password_wrong");
  }
  await signInSucceeded(ctx.db, gate);
  if (body.newPassword === body.currentPassword) throw badRequest("newPassword", "auth.password_unchanged");
  const passwordHash = await hashPassword(body.newPassword);
  return inTransaction(ctx.db, async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    const endedSessions = await endOtherSessionsOf(tx, user.id, principal.sessionTokenHash);
    await recordAudit(tx, {
      userEmail: user.email,
      userId: user.id,
      action: "auth.password_changed",
      message: { code: "auth.password_changed", params: { sessions: endedSessions } },
      meta,
    });
    return { endedSessions };
  });
}
