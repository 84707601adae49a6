import * as oidc from "openid-client";
import type { CurrentUser } from "@contract/auth";
import {
  defaultSsoProviderNames,
  SSO_ATTEMPT_TTL_MINUTES,
  ssoProviderIds,
  type PublicSsoProvider,
  type SsoConfig,
  type SsoProvider,
  type SsoProviderId,
  type SsoProviderSettingsBody,
  type SsoRedirectErrorCode,
} from "@contract/sso";
import type { AppContext } from "../../kernel/app-context";
import type { Database } from "../../db/client";
import { recordAudit } from "../../kernel/audit";
import { badRequest, conflict } from "../../kernel/http/errors";
import type { RequestMeta } from "../../kernel/http/request-meta";
import { addressPolicyOf, RefusedAddressError, vetEndpointUrl, type AddressPolicy } from "../../kernel/outbound/outbound-address";
import { outboundFetch } from "../../kernel/outbound/outbound-fetch";
import { decryptSecret, encryptSecret, webhookEncryptionKey } from "../../kernel/outbound/secrets";
import { inTransaction } from "../../kernel/transaction";
import { sha256Hex } from "../../lib/crypto";
import { startSession, type SignedIn } from "./auth.service";
import {
  findSsoProviderRow,
  insertLoginAttempt,
  listSsoProviderRows,
  takeLoginAttempt,
  upsertSsoProviderEnabled,
  upsertSsoProviderSettings,
  type SsoProviderRow,
} from "./sso.data";
import { findUserByEmail, insertUser, toCurrentUser } from "./users.data";

type Deps = Pick<AppContext, "db" | "config">;

/** A failed single sign-on, by the code the sign-in page shows; `detail` goes to the audit log only. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoRedirectErrorCode,
    readonly detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** A provider as a sign-in uses it: everything needed to talk to it, the secret in clear. */
interface UsableProvider {
  id: SsoProviderId;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  enabled: boolean;
  source: "environment" | "settings";
}

const DISCOVERY_TIMEOUT_SECONDS = 10;
/** The largest answer read from a provider: metadata, key sets, tokens and userinfo are a few kilobytes. */
const MAX_PROVIDER_ANSWER_BYTES = 1024 * 1024;
const callbackPath = (id: SsoProviderId) => `/api/auth/sso/${id}/callback`;
const hintOf = (secret: string) => secret.slice(-4);

function readSecret(key: Buffer, stored: string | null): string | null {
  if (!stored) return null;
  try {
    return decryptSecret(key, stored);
  } catch {
    // The encryption key changed since it was saved: the provider needs its secret entered again.
    return null;
  }
}

/** The environment's provider (SSO_OIDC_*), which is the `oidc` slot; enabled unless an administrator disabled it. */
function environmentProvider(deps: Deps, row: SsoProviderRow | undefined): UsableProvider | undefined {
  const env = deps.config.sso.environmentProvider;
  if (!env) return undefined;
  return {
    id: "oidc",
    name: env.name ?? defaultSsoProviderNames.oidc,
    issuer: env.issuer,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    enabled: row?.enabled ?? true,
    source: "environment",
  };
}

function toSsoProvider(deps: Deps, id: SsoProviderId, row: SsoProviderRow | undefined, key: Buffer): SsoProvider {
  const env = id === "oidc" ? environmentProvider(deps, row) : undefined;
  if (env) {
    return {
      id,
      name: env.name,
      configured: true,
      enabled: env.enabled,
      source: "environment",
      issuer: env.issuer,
      clientId: env.clientId,
      clientSecretHint: hintOf(env.clientSecret),
      callbackPath: callbackPath(id),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }
  const configured = Boolean(row?.issuer && row.clientId && readSecret(key, row.clientSecretEncrypted));
  return {
    id,
    name: row?.displayName ?? defaultSsoProviderNames[id],
    configured,
    enabled: configured && Boolean(row?.enabled),
    source: configured ? "settings" : null,
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    clientSecretHint: configured ? (row?.clientSecretHint ?? null) : null,
    callbackPath: callbackPath(id),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function usableProvider(deps: Deps, id: SsoProviderId): Promise<UsableProvider | undefined> {
  const row = await findSsoProviderRow(deps.db, id);
  const env = id === "oidc" ? environmentProvider(deps, row) : undefined;
  if (env) return env;
  if (!row?.issuer || !row.clientId) return undefined;
  const clientSecret = readSecret(await webhookEncryptionKey(deps.db, deps.config.webhooks), row.clientSecretEncrypted);
  if (!clientSecret) return undefined;
  return { id, name: row.displayName ?? defaultSsoProviderNames[id], issuer: row.issuer, clientId: row.clientId, clientSecret, enabled: row.enabled, source: "settings" };
}

export async function ssoConfig(deps: Deps): Promise<SsoConfig> {
  const [rows, key] = [await listSsoProviderRows(deps.db), await webhookEncryptionKey(deps.db, deps.config.webhooks)];
  return {
    providers: ssoProviderIds.map((id) => toSsoProvider(deps, id, rows.find((row) => row.provider === id), key)),
    defaultRole: deps.config.sso.defaultRole,
  };
}

/** The enabled providers' names, which anyone may see: the sign-in page's buttons. */
export async function publicSsoProviders(deps: Deps): Promise<PublicSsoProvider[]> {
  const { providers } = await ssoConfig(deps);
  return providers.filter((p) => p.enabled).map(({ id, name }) => ({ id, name }));
}

interface Actor {
  user: CurrentUser;
  meta: RequestMeta;
}

export async function configureSsoProvider(deps: Deps, id: SsoProviderId, body: SsoProviderSettingsBody, actor: Actor): Promise<SsoProvider> {
  if (id === "oidc" && deps.config.sso.environmentProvider) throw conflict("sso.managed_by_environment");
  // The same rule as webhooks: anyone can make the server fetch the issuer (sign-in starts need no account).
  if (!(await vetEndpointUrl(body.issuer, addressPolicyOf(deps.config.webhooks)))) throw badRequest("issuer", "sso.private_address");
  const key = await webhookEncryptionKey(deps.db, deps.config.webhooks);
  return inTransaction(deps.db, async (tx) => {
    const existing = await findSsoProviderRow(tx, id);
    const secret = body.clientSecret || readSecret(key, existing?.clientSecretEncrypted ?? null);
    if (!secret) throw badRequest("clientSecret", "sso.secret_required");
    const row = await upsertSsoProviderSettings(tx, {
      provider: id,
      displayName: body.name,
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecretEncrypted: encryptSecret(key, secret),
      clientSecretHint: hintOf(secret),
      enabled: body.enabled ?? false,
      updatedBy: actor.user.id,
    });
    await recordAudit(tx, {
      userEmail: actor.user.email,
      action: "sso.provider_configured",
      message: {
        code: body.clientSecret ? "sso.provider_configured_new_secret" : "sso.provider_configured",
        params: { provider: id, issuer: body.issuer, clientId: body.clientId, state: row.enabled ? "enabled" : "disabled" },
      },
      meta: actor.meta,
    });
    return toSsoProvider(deps, id, row, key);
  });
}

export async function setSsoProviderEnabled(deps: Deps, id: SsoProviderId, enabled: boolean, actor: Actor): Promise<SsoProvider> {
  const key = await webhookEncryptionKey(deps.db, deps.config.webhooks);
  return inTransaction(deps.db, async (tx) => {
    const current = toSsoProvider(deps, id, await findSsoProviderRow(tx, id), key);
    if (enabled && !current.configured) throw conflict("sso.not_configured");
    const row = await upsertSsoProviderEnabled(tx, id, enabled, actor.user.id);
    await recordAudit(tx, { userEmail: actor.user.email, action: enabled ? "sso.provider_enabled" : "sso.provider_disabled", message: { code: "sso.provider_switched", params: { provider: id } }, meta: actor.meta });
    return toSsoProvider(deps, id, row, key);
  });
}

/** The address refusal behind an error, however deep openid-client wrapped it. */
function refusedAddressIn(error: unknown): RefusedAddressError | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 6 && typeof cause === "object" && cause !== null; depth++) {
    if (cause instanceof RefusedAddressError) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A provider's failure: refused by the address rule (sso.private_address), or the code given. */
function providerFailure(error: unknown, code: SsoRedirectErrorCode, what: string): SsoFailure {
  const refused = refusedAddressIn(error);
  if (refused) return new SsoFailure("sso.private_address", `${what}: ${refused.message}`);
  return new SsoFailure(code, `${what}: ${describeError(error)}`);
}

/**
 * Every endpoint the metadata names (token, userinfo, key set, authorization, and the rest), which must pass the address
 * rule like the issuer: a provider on a public address cannot send the server, or the browser, inward.
 */
function metadataEndpoints(metadata: oidc.ServerMetadata): [string, string][] {
  const endpoints: [string, string][] = [];
  for (const [name, value] of Object.entries(metadata)) {
    if ((name.endsWith("_endpoint") || name === "jwks_uri") && typeof value === "string") endpoints.push([name, value]);
  }
  const aliases: unknown = metadata.mtls_endpoint_aliases;
  if (typeof aliases === "object" && aliases !== null) {
    for (const [name, value] of Object.entries(aliases)) if (typeof value === "string") endpoints.push([`mtls_endpoint_aliases.${name}`, value]);
  }
  return endpoints;
}

async function vetMetadataEndpoints(metadata: oidc.ServerMetadata, policy: AddressPolicy): Promise<void> {
  const checks = metadataEndpoints(metadata)
    .filter(([, url]) => URL.canParse(url) && ["http:", "https:"].includes(new URL(url).protocol))
    .map(async ([name, url]) => ((await vetEndpointUrl(url, policy)) ? undefined : `${name} ${url.slice(0, 200)}`));
  const refused = (await Promise.all(checks)).filter((entry) => entry !== undefined);
  if (refused.length > 0) {
    throw new SsoFailure("sso.private_address", `the discovered ${refused.join(", ")} is or resolves to a private, loopback or link-local address`);
  }
}

/**
 * The provider's metadata, read at each sign-in so a changed key set or endpoint is picked up without a restart. Every
 * request openid-client makes for this sign-in (discovery, token, key set, userinfo) goes through the outbound address
 * rule, checked when each socket connects; the endpoints discovery names are checked before any is used.
 */
async function discover(deps: Deps, provider: UsableProvider): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  if (issuer.protocol !== "https:" && !deps.config.sso.allowHttpIssuer) {
    throw new SsoFailure("sso.provider_unreachable", `issuer ${provider.issuer} is not https (SSO_ALLOW_HTTP_ISSUER is off)`);
  }
  const policy = addressPolicyOf(deps.config.webhooks);
  const fetch = outboundFetch({
    policy,
    timeoutMs: DISCOVERY_TIMEOUT_SECONDS * 1000,
    maxResponseBytes: MAX_PROVIDER_ANSWER_BYTES,
    userAgent: "Leadwell-SSO/1",
  });
  const execute = deps.config.sso.allowHttpIssuer ? [oidc.allowInsecureRequests] : [];
  let discovered: oidc.Configuration;
  try {
    discovered = await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      execute,
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      [oidc.customFetch]: fetch,
    });
  } catch (error) {
    throw providerFailure(error, "sso.provider_unreachable", "discovery failed");
  }
  await vetMetadataEndpoints(discovered.serverMetadata(), policy);
  // The client authenticates as the provider prefers: HTTP Basic is the standard's default, the form body otherwise.
  const methods = discovered.serverMetadata().token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes("client_secret_basic") ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.ClientSecretPost(provider.clientSecret);
  const config = new oidc.Configuration(discovered.serverMetadata(), provider.clientId, provider.clientSecret, auth);
  for (const step of execute) step(config);
  config.timeout = DISCOVERY_TIMEOUT_SECONDS;
  config[oidc.customFetch] = fetch;
  return config;
}

async function enabledProvider(deps: Deps, id: SsoProviderId): Promise<UsableProvider> {
  const provider = await usableProvider(deps, id);
  if (!provider?.enabled) throw new SsoFailure("sso.unavailable", `${id} is not configured or not enabled`);
  return provider;
}

/**
 * Starts a sign-in: stores the attempt (state by its hash, nonce, PKCE verifier, redirect URI) for the callback on
 * any instance, and answers where to send the browser and the state for the cookie that ties the attempt to it.
 */
export async function startSsoSignIn(deps: Deps, id: SsoProviderId, origin: string): Promise<{ authorizationUrl: string; state: string }> {
  const provider = await enabledProvider(deps, id);
  const config = await discover(deps, provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  // Normalised (a default port dropped) as openid-client will rebuild it at the callback, so both sides send the same string.
  const redirectUri = new URL(callbackPath(id), origin).href;
  await insertLoginAttempt(deps.db, { stateHash: sha256Hex(state), provider: id, nonce, codeVerifier, redirectUri, ttlMs: SSO_ATTEMPT_TTL_MINUTES * 60_000 });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { authorizationUrl: url.href, state };
}

interface CallbackInput {
  /** The query string exactly as the provider sent it. */
  search: URLSearchParams;
  /** The state the browser's cookie holds: the attempt must have been started by this browser. */
  cookieState: string | null;
  meta: RequestMeta;
}

type Claims = Record<string, unknown>;

/** The library's message, with the claim it was about when a cause names one (a wrong nonce reads "... (claim nonce)"). */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && typeof cause === "object" && cause !== null; depth++) {
    const claim = (cause as { claim?: unknown }).claim;
    if (typeof claim === "string") return `${message} (claim ${claim})`;
    cause = (cause as { cause?: unknown }).cause;
  }
  return message;
}
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

function personName(claims: Claims, email: string): string {
  const full = text(claims.name) ?? [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(" ");
  return (full || email.split("@")[0] || email).slice(0, 100);
}

/** Checks the provider's answer against the stored attempt and reads who signed in. */
async function verifiedClaims(deps: Deps, id: SsoProviderId, input: CallbackInput): Promise<Claims> {
  const state = input.search.get("state");
  if (!state || !input.cookieState || state !== input.cookieState) {
    throw new SsoFailure("sso.invalid_state", state ? "state does not match this browser's attempt" : "no state");
  }
  const attempt = await takeLoginAttempt(deps.db, sha256Hex(state), id);
  if (!attempt) throw new SsoFailure("sso.invalid_state", "no unexpired attempt has this state (used, expired or never started)");
  const providerError = input.search.get("error");
  if (providerError) {
    throw new SsoFailure("sso.denied", `${providerError}: ${(input.search.get("error_description") ?? "").slice(0, 300)}`);
  }
  const provider = await enabledProvider(deps, id);
  const config = await discover(deps, provider);
  const currentUrl = new URL(attempt.redirectUri);
  currentUrl.search = input.search.toString();
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw providerFailure(error, "sso.failed", "code exchange or ID token check failed");
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new SsoFailure("sso.failed", "no ID token");
  let claims: Claims = { ...idClaims };
  // Some providers put email and name only in the userinfo answer: ask it, for the same subject, when they are missing.
  if (!text(claims.email) && tokens.access_token) {
    try {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
    } catch (error) {
      throw providerFailure(error, "sso.failed", "userinfo failed");
    }
  }
  return claims;
}

/**
 * Finishes a sign-in at the callback: verifies state (single use, this browser's), PKCE and nonce through
 * openid-client, then signs in the account with the ID token's email, creating it with the default role on a first
 * sign-in. A deactivated account is refused. Every outcome leaves an audit row.
 */
export async function finishSsoSignIn(deps: Deps, id: SsoProviderId, input: CallbackInput): Promise<SignedIn> {
  try {
    const claims = await verifiedClaims(deps, id, input);
    const email = text(claims.email)?.toLowerCase();
    if (!email || email.length > 150) throw new SsoFailure("sso.email_missing", "the provider shared no usable email");
    if (claims.email_verified === false) throw new SsoFailure("sso.email_unverified", `${email} is not verified at the provider`);
    return await signInByEmail(deps, id, email, personName(claims, email), input.meta);
  } catch (error) {
    const failure = error instanceof SsoFailure ? error : new SsoFailure("sso.failed", (error as Error).message);
    await recordAudit(deps.db, { userEmail: null, action: "auth.sso_failed", message: { code: "auth.sso_failed", params: { provider: id, code: failure.code, detail: (failure.detail ?? "").slice(0, 900) } }, meta: input.meta });
    throw failure;
  }
}

async function signInByEmail(deps: Deps, id: SsoProviderId, email: string, name: string, meta: RequestMeta): Promise<SignedIn> {
  return inTransaction(deps.db, async (tx: Database) => {
    let user = await findUserByEmail(tx, email);
    if (user?.deactivatedAt) throw new SsoFailure("auth.account_deactivated", `${email} is deactivated`);
    if (!user) {
      user = await insertUser(tx, { name, email, passwordHash: null, role: deps.config.sso.defaultRole });
      await recordAudit(tx, { userEmail: email, action: "auth.sso_user_created", message: { code: "auth.sso_user_created", params: { provider: id, role: deps.config.sso.defaultRole } }, meta });
    }
    const sessionToken = await startSession(tx, deps.config.sessionTtlMs, user.id, meta);
    await recordAudit(tx, { userEmail: email, action: "auth.sso_login", message: { code: "auth.sso_signed_in", params: { provider: id } }, meta });
    return { user: toCurrentUser({ ...user, lastLoginAt: new Date() }), sessionToken };
  });
}
