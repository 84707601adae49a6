import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../kernel/app-context";
import type { Principal } from "../../kernel/principal";
import { userForSession } from "./auth.service";

export const SESSION_COOKIE = "leadwell_session";

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.overHttps,
    signed: true,
    maxAge: Math.floor(ttlMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: request.overHttps });
}

/**
 * The auth area's credential for the kernel's auth hook (app.ts wires it): the staff member behind the signed session
 * cookie, extending the session while it is in use.
 */
export async function sessionPrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const found = await userForSession(ctx, token);
  return found ? { kind: "session", user: found.user, sessionTokenHash: found.tokenHash, sessionId: found.sessionId, leadAccess: found.leadAccess } : null;
}

// Transitional: route files still import these from here; they live in the floor (kernel/http/auth-hook.ts), and this
// line goes once every route file imports them from there.
