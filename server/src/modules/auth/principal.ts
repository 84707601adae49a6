import type { CurrentUser } from "@contract/auth";

/** Who is making a request: a signed-in staff member, or an API client acting for the staff member who made its key. */
export type Principal =
  | { kind: "session"; user: CurrentUser; sessionTokenHash: string }
  | { kind: "apiKey"; user: CurrentUser; apiKeyId: number };

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session or API key. */
    public?: boolean;
  }
}
