import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the test provider knows, by subject. */
export interface TestIdentity {
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every request it received, in order: which client sent what (the browser's and the app's are told apart by user-agent). */
  requests: { method: string; path: string; userAgent: string | undefined }[];
  /** Who the next sign-in at the provider is: the interaction logs them in without a form. */
  signInAs(sub: string, identity: TestIdentity): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider) on a local port, for tests: one confidential client with the given redirect
 * URIs, PKCE required, and an interaction that logs in whoever signInAs named (no login form) with every scope granted
 * (no consent screen). Everything else (discovery, keys, codes, ID tokens, nonce, userinfo) is the real provider.
 */
export async function startOidcTestProvider(redirectUris: string[]): Promise<OidcTestProvider> {
  const identities = new Map<string, TestIdentity>();
  let currentSub: string | undefined;
  const clientId = "leadwell-test";
  const clientSecret = "a-test-client-secret-0123456789abcdef";

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const requests: OidcTestProvider["requests"] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: (req.url ?? "").split("?")[0]!, userAgent: req.headers["user-agent"] });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: Provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: identity.email, email_verified: identity.emailVerified ?? true, name: identity.name }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token itself carries email and name, as from most providers (the userinfo fallback is for the others).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Every scope the client asks for is granted: no consent screen.
    async loadExistingGrant(ctx) {
      const clientIdOfRequest = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientIdOfRequest || !accountId) return undefined;
      const grant = new provider.Grant({ clientId: clientIdOfRequest, accountId });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name"]);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    cookies: { keys: ["oidc-test-provider-cookie-key"] },
    jwks: { keys: [{ ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" }] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  // The provider logs server errors through this event; a test would otherwise only see a 500 at the provider.
  provider.on("server_error", (_ctx, error) => console.error("oidc test provider:", error));
  const callback = provider.callback();

  handle = (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    void (async () => {
      try {
        await provider.interactionDetails(req, res);
        if (!currentSub) throw new Error("signInAs was not called");
        await provider.interactionFinished(req, res, { login: { accountId: currentSub } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    requests,
    signInAs(sub, identity) {
      identities.set(sub, identity);
      currentSub = sub;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
