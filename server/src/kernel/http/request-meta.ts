import type { FastifyRequest } from "fastify";

/** The header the client sends with the brand chosen in that browser (kept in its local storage), URI-encoded. */
export const BRAND_HEADER = "x-leadwell-brand";
const BRAND_MAX_LENGTH = 100;

/** Who sent a request and from where, as an audit row records it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The staff member behind the request (a session or one of their API keys), when there is one. */
  userId?: number | null;
  /** The public id of the session (sessions.public_id), never its token; null for API keys and anonymous requests. */
  sessionId?: string | null;
  /** The brand the sending browser had chosen, when it said. */
  brand?: string | null;
  /** Called by recordAudit: the request's mutation left its own audit row (see kernel/http/audit-fallback.ts). */
  onAudited?: () => void;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the request wrote an audit row itself; the fallback then records nothing more. */
    audited: boolean;
  }
}

/** The brand header as text: decoded, trimmed and cut to the column's length; anything undecodable is ignored. */
export function brandOf(request: FastifyRequest): string | null {
  const raw = request.headers[BRAND_HEADER];
  if (typeof raw !== "string" || raw.trim() === "") return null;
  try {
    const brand = decodeURIComponent(raw).trim().slice(0, BRAND_MAX_LENGTH);
    return brand === "" ? null : brand;
  } catch {
    return null;
  }
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers["user-agent"];
  const principal = request.principal;
  return {
    ip: request.ip,
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, 500) : null,
    userId: principal?.user.id ?? null,
    sessionId: principal?.kind === "session" ? principal.sessionId : null,
    brand: brandOf(request),
    onAudited: () => {
      request.audited = true;
    },
  };
}
