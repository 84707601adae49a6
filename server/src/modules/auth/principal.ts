import type { CurrentUser } from "@contract/auth";

/** Who is making a request: a signed-in staff member, or an API client acting for the staff member who made its key. */
export type Principal =
  | { kind: "session"; user: CurrentUser; sessionTokenHash: string }
  | { kind: "apiKey"; user: CurrentUser; apiKeyId: number };

/** A partner signed in to the partner portal; never a staff principal. */
export interface AffiliatePrincipal {
  id: number;
  name: string;
  uniqueCode: string;
  tokenHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    affiliate: AffiliatePrincipal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session or API key. */
    public?: boolean;
    /** Also reachable with an affiliate's partner-portal token (the handler still checks whose data it is). */
    affiliateAccess?: boolean;
  }
}
