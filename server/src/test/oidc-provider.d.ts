// oidc-provider ships no type declarations; these cover what the test provider (oidc-test-provider.ts) uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface OidcContext {
    oidc: { client?: { clientId: string }; session?: { accountId?: string } };
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  interface InteractionDetails {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
  }

  export interface ProviderConfiguration {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, sub: string) => Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url(ctx: unknown, interaction: { uid: string }): string };
    loadExistingGrant?: (ctx: OidcContext) => Promise<GrantInstance | undefined>;
    pkce?: { required?: () => boolean };
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
    jwks?: { keys: Record<string, unknown>[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    Grant: new (init: { clientId: string; accountId: string }) => GrantInstance;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
