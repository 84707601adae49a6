import { z } from "zod";
import { isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";

export { ssoErrorMessages, ssoRedirectErrorCodes, type SsoRedirectErrorCode } from "./sso-errors";

/**
 * Single sign-on through OpenID Connect (authorization code with PKCE, state and nonce). Each provider is a slot
 * with its own callback path; the generic `oidc` slot may also be configured by the server's environment (SSO_OIDC_*).
 */
export const ssoProviderIds = ["oidc", "google", "microsoft", "okta"] as const;
export type SsoProviderId = (typeof ssoProviderIds)[number];

/** The name each slot shows until an administrator names it. */
export const defaultSsoProviderNames: Record<SsoProviderId, string> = {
  oidc: "OpenID Connect",
  google: "Google",
  microsoft: "Microsoft",
  okta: "Okta",
};

/** The issuer each slot suggests in the form; `{tenant}` and `{org}` stand for the organisation's own part. */
export const ssoIssuerExamples: Record<SsoProviderId, string> = {
  oidc: "https://id.example.com",
  google: "https://accounts.google.com",
  microsoft: "https://login.microsoftonline.com/{tenant}/v2.0",
  okta: "https://{org}.okta.com",
};

/** How long a started sign-in may take at the provider before its state is refused. */
export const SSO_ATTEMPT_TTL_MINUTES = 10;

/** The query parameter that carries a failed sign-in's code to the sign-in page. */
export const SSO_ERROR_PARAM = "ssoError";

export const ssoProviderParamsSchema = z.object({
  provider: z.enum(ssoProviderIds, { error: errorMessage("sso.unknown_provider") }),
});

export const ssoProviderSchema = z.object({
  id: z.enum(ssoProviderIds),
  name: z.string().describe("What the sign-in button says: Sign in with <name>"),
  configured: z.boolean().describe("Issuer, client id and client secret are all set"),
  enabled: z.boolean().describe("Shown on the sign-in page and accepted (only a configured provider can be enabled)"),
  source: z.enum(["environment", "settings"]).nullable().describe("Where its settings come from: SSO_OIDC_* or an administrator; null when not configured"),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecretHint: z.string().nullable().describe("The client secret's last 4 characters; the secret itself is never returned"),
  callbackPath: z.string().describe("Register <this server's address> + this path as the redirect URI at the provider"),
  updatedAt: isoDateTime.nullable(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

export const ssoConfigSchema = z.object({
  providers: z.array(ssoProviderSchema),
  defaultRole: z.enum(["admin", "manager", "agent", "viewer"]).describe("The role given to someone signing in for the first time (SSO_DEFAULT_ROLE)"),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export const publicSsoProviderSchema = z.object({ id: z.enum(ssoProviderIds), name: z.string() });
export type PublicSsoProvider = z.infer<typeof publicSsoProviderSchema>;

const issuerUrl = z
  .string()
  .trim()
  .max(500, errorMessage("field.too_long", { max: 500 }))
  .refine((value) => URL.canParse(value) && ["https:", "http:"].includes(new URL(value).protocol), errorMessage("field.invalid_url"))
  .describe(
    "The provider's issuer URL; its /.well-known/openid-configuration is read at each sign-in (https, except where the server allows http for local providers). One on a private, loopback or link-local address, or resolving to one, answers 400 sso.private_address",
  );

export const ssoProviderSettingsBodySchema = z.object({
  name: z.string().trim().min(1, errorMessage("field.required")).max(60, errorMessage("field.too_long", { max: 60 })),
  issuer: issuerUrl,
  clientId: z.string().trim().min(1, errorMessage("field.required")).max(255, errorMessage("field.too_long", { max: 255 })),
  clientSecret: z
    .string()
    .trim()
    .max(500, errorMessage("field.too_long", { max: 500 }))
    .optional()
    .describe("Required the first time; left out or empty keeps the saved one. Stored encrypted, never returned"),
  enabled: z.boolean().default(false),
});
export type SsoProviderSettingsBody = z.input<typeof ssoProviderSettingsBodySchema>;

export const ssoEnabledBodySchema = z.object({ enabled: z.boolean() });

/** What the provider sends back to the callback; anything may be missing, and a missing part is a refused sign-in. */
export const ssoCallbackQuerySchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    iss: z.string().max(500).optional(),
  })
  .loose();

// Endpoints

const tags = ["Single sign-on"];

export const ssoEndpoints = defineEndpoints("sso", {
  config: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/enterprise/sso/config",
    reply: ssoConfigSchema,
    tags,
    summary: "The single sign-on providers with their configured and enabled flags",
  }),
  configure: defineEndpoint({
    method: "PUT",
    permission: "security.manage",
    path: "/enterprise/sso/providers/:provider",
    params: ssoProviderParamsSchema,
    body: ssoProviderSettingsBodySchema,
    reply: ssoProviderSchema,
    errors: [400, 404, 409],
    tags,
    summary: "Save a provider's issuer, client id, client secret and enabled flag (administrators)",
    description: "The client secret is required the first time and kept when left out. A provider configured by environment answers 409.",
  }),
  setEnabled: defineEndpoint({
    method: "PUT",
    permission: "security.manage",
    path: "/enterprise/sso/providers/:provider/enabled",
    params: ssoProviderParamsSchema,
    body: ssoEnabledBodySchema,
    reply: ssoProviderSchema,
    errors: [400, 404, 409],
    tags,
    summary: "Enable or disable a provider (administrators); an unconfigured one cannot be enabled (409)",
  }),
  publicProviders: defineEndpoint({
    method: "GET",
    permission: "public",
    path: "/auth/sso/providers",
    reply: z.array(publicSsoProviderSchema),
    tags,
    summary: "The enabled providers' names, for the sign-in page's buttons",
  }),
  start: defineEndpoint({
    method: "GET",
    permission: "public",
    path: "/auth/sso/:provider/start",
    params: ssoProviderParamsSchema,
    errors: [400],
    tags,
    summary: "Start signing in with a provider: redirects (302) to it with state, nonce and a PKCE challenge",
    description: `Open it in the browser. The attempt is kept ${SSO_ATTEMPT_TTL_MINUTES} minutes in the database and tied to this browser by a cookie. A disabled or unreachable provider redirects to /login?${SSO_ERROR_PARAM}=<code>.`,
  }),
  callback: defineEndpoint({
    method: "GET",
    permission: "public",
    path: "/auth/sso/:provider/callback",
    params: ssoProviderParamsSchema,
    query: ssoCallbackQuerySchema,
    errors: [400],
    tags,
    summary: "Where the provider returns: checks state, nonce and PKCE, signs in (creating the account on first sign-in) and redirects (302) to the app",
    description: `Any failure redirects to /login?${SSO_ERROR_PARAM}=<code> (codes in contract/sso-errors.ts). A first sign-in creates the account with the default role (SSO_DEFAULT_ROLE); a deactivated account is refused.`,
  }),
});
