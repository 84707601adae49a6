import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { englishErrorMessage } from "@contract/error-codes";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** Names proxy-addr (Fastify's trustProxy) accepts in place of addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address through X-Forwarded-For: none (false), the nearest N hops,
 * or proxies at the listed addresses/CIDRs. `true` is refused: it would trust whatever any client sends.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const value = raw.trim();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") {
    ctx.addIssue({
      code: "custom",
      message:
        "true would let any client choose its IP address through X-Forwarded-For (defeating per-IP limits and the audit log). " +
        "Set the number of proxies in front of Leadwell (e.g. TRUST_PROXY=1 behind one reverse proxy) " +
        "or their addresses (e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5), or false",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) {
      ctx.addIssue({ code: "custom", message: "a hop count must be between 0 and 100" });
      return z.NEVER;
    }
    return hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    ctx.addIssue({
      code: "custom",
      message:
        `not a hop count nor a list of proxy addresses: ${invalid.map((entry) => JSON.stringify(entry)).join(", ")} ` +
        "(use e.g. 1, or 127.0.0.1, or 10.0.0.0/8,192.168.1.5)",
    });
    return z.NEVER;
  }
  return entries;
}

/** 1/true or 0/false; unset or empty is undefined, so another variable or the default decides. */
const optionalSwitch = z
  .enum(["", "0", "1", "false", "true"], { error: "must be 1, true, 0 or false" })
  .default("")
  .transform((v) => (v === "" ? undefined : v === "1" || v === "true"));

/** A sender as MAIL_FROM takes it: an address, or a display name and the address in angle brackets. */
const MAILBOX = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/** An http(s) origin written as one: a scheme and a host (and port), nothing after it but an optional "/". */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && text.replace(/\/$/, "").toLowerCase() === url.origin;
  } catch {
    return false;
  }
}

/** Whom to believe about the client's address: nobody, the nearest N hops, or proxies at these addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/**
 * The trustProxy option for Fastify. Fastify 5.12 treats a bare number as "trust nobody", so a hop count
 * becomes the function proxy-addr used to build for one: the socket peer and the next N-1 forwarded hops
 * are proxies, and the address just before them is the client.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// URL" }).optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  ADMIN_NAME: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email("must be an email address").optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, "must be at least 12 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  APP_ORIGIN: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter((o) => o !== ""))
    .refine((origins) => origins.every(isOrigin), "must be origins such as https://crm.example.com, separated by commas (a scheme and a host, no path)"),
  CLIENT_DIR: z.string().min(1).default("./dist/client"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  REFERRAL_LANDING_URL: z
    .string()
    .min(1)
    .refine((v) => v.startsWith("/") || /^https?:\/\//.test(v), "must be a path or an http(s) URL")
    .default("/join"),
  AI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  AI_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(3),
  AI_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  WEBHOOK_SECRET_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  ALLOW_PRIVATE_ADDRESSES: optionalSwitch,
  /** ALLOW_PRIVATE_ADDRESSES's name from before it covered single sign-on too; still read. */
  ALLOW_PRIVATE_WEBHOOKS: optionalSwitch,
  SLA_UPTIME_TARGET_PERCENT: z.coerce.number().min(0).max(100).default(99.9),
  SLA_P95_LATENCY_TARGET_MS: z.coerce.number().positive().max(600_000).default(500),
  SLA_ERROR_RATE_TARGET_PERCENT: z.coerce.number().min(0).max(100).default(1),
  SLA_TIME_TO_PROPOSAL_TARGET_MINUTES: z.coerce.number().positive().max(525_600).default(15),
  SLA_TIME_TO_APPROVAL_TARGET_HOURS: z.coerce.number().positive().max(8_760).default(48),
  SMTP_URL: optionalText.pipe(
    z
      .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL (e.g. smtp://user:password@mail.example.com:587)" })
      .optional(),
  ),
  SSO_OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  SSO_OIDC_CLIENT_ID: optionalText,
  SSO_OIDC_CLIENT_SECRET: optionalText,
  SSO_OIDC_NAME: optionalText.pipe(z.string().max(60, "must be at most 60 characters").optional()),
  SSO_DEFAULT_ROLE: z.enum(["admin", "manager", "agent", "viewer"], { error: "must be admin, manager, agent or viewer" }).default("agent"),
  SSO_ALLOW_HTTP_ISSUER: z
    .enum(["", "0", "1", "false", "true"], { error: "must be 1, true, 0 or false" })
    .default("")
    .transform((v) => v === "1" || v === "true"),
  MIGRATION_MAX_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 ** 3).default(256 * 1024 * 1024),
  MIGRATION_MAX_ACTIVE: z.coerce.number().int().min(1).max(1000).default(4),
  MIGRATION_MAX_ACTIVE_PER_INSTANCE: z.coerce.number().int().min(1).max(100).default(2),
  MIGRATION_UPLOAD_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(30 * 24 * 60).default(24 * 60),
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1024).max(4 * 1024 ** 3).default(25 * 1024 * 1024),
  /** How long a live event stream stays open before the browser reconnects (and its access is checked again). */
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  MAIL_FROM: optionalText.pipe(
    z
      .string()
      .regex(MAILBOX, 'must be an address or "Name <address>" (e.g. "Leadwell <no-reply@example.com>")')
      .default("Leadwell <no-reply@localhost>"),
  ),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** null keeps the embedded database in memory (tests only). */
  dataDir: string | null;
  dbPoolMax: number;
  sessionSecret: string | undefined;
  sessionTtlMs: number;
  admin: { name: string; email: string; password: string } | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustProxy: TrustProxy;
  /**
   * The origins the app is served from as browsers see them (APP_ORIGIN), normalised ("https://crm.example.com"):
   * the only ones whose pages may send writes with the session cookie. Empty: a write's Origin must name the host it
   * was sent to. An https origin also makes every cookie Secure.
   */
  appOrigins: string[];
  clientDir: string;
  shutdownTimeoutMs: number;
  /** Where a referral link forwards after remembering the partner's code. */
  referralLandingUrl: string;
  /** The OpenAI-compatible chat-completions server that writes repair proposals; undefined means retrieval only. */
  ai: AiConfig | undefined;
  /** How proposal jobs retry a timeout, an unreachable server or an invalid answer (pg-boss exponential backoff). */
  aiRetry: { limit: number; delaySeconds: number };
  webhooks: WebhookConfig;
  mail: MailConfig;
  sso: SsoConfig;
  /** The service levels the Enterprise tab measures against (SLA_* variables). */
  serviceLevelTargets: ServiceLevelTargets;
  migration: MigrationConfig;
  /** Lead attachments: the largest file an upload accepts (ATTACHMENT_MAX_BYTES); larger answers 413. */
  attachments: { maxBytes: number };
  /** The live event stream (GET /api/events/stream): ended after streamMaxSeconds, so reconnections re-check access. */
  live: { streamMaxSeconds: number };
}

export interface SsoConfig {
  /** The `oidc` provider as SSO_OIDC_* configure it; undefined when they are not set. */
  environmentProvider: { issuer: string; clientId: string; clientSecret: string; name: string | undefined } | undefined;
  /** The role given to someone whose first sign-in is through single sign-on. */
  defaultRole: "admin" | "manager" | "agent" | "viewer";
  /** Lets issuers on plain http through (local providers and tests); otherwise only https issuers are used. */
  allowHttpIssuer: boolean;
}

export interface ServiceLevelTargets {
  uptimePercent: number;
  p95LatencyMs: number;
  errorRatePercent: number;
  timeToProposalMinutes: number;
  timeToApprovalHours: number;
}

export interface MigrationConfig {
  /** The largest CSV an import accepts (bytes); larger answers 413. */
  maxBytes: number;
  /** Rows per staged chunk, which is also one batch (one transaction) of the import. */
  chunkRows: number;
  /** Imports uploading or running at once across every instance (counted in the database); more answer 429. */
  maxActive: number;
  /** Uploads one instance receives at once (each holds a parser and a chunk in memory); more answer 429. */
  maxActivePerInstance: number;
  /** How long an upload may wait for its mapping to be confirmed before it and its staged rows are discarded (ms). */
  uploadExpiryMs: number;
}

export interface MailConfig {
  /** The SMTP server that sends mail; undefined holds every message in the outbox (Settings shows it). */
  smtpUrl: string | undefined;
  /** The From of every message. */
  from: string;
  /** How the mail.send job retries a refused or unreachable server (pg-boss exponential backoff). */
  retry: { limit: number; delaySeconds: number };
}

export interface WebhookConfig {
  /** Encrypts endpoint secrets at rest; undefined: a key generated once and kept in the database. */
  secretKey: string | undefined;
  /**
   * Lets every outbound call (webhooks, automation calls, Slack, single sign-on) reach private, loopback and link-local
   * addresses (ALLOW_PRIVATE_ADDRESSES: tests and local receivers).
   */
  allowPrivateAddresses: boolean;
  /** Tests only: which addresses count as refused, in place of the built-in rule and allowPrivateAddresses. */
  refusedAddress?: (address: string) => boolean;
  /** Seconds before each retry of a failed delivery; after the last one the delivery has failed. */
  retryDelaysSeconds: readonly number[];
}

/** 5 s, 5 min, 30 min, 2 h, 5 h, 10 h: a failing receiver gets about 18 hours to recover. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000] as const;

export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${englishErrorMessage(i.message)}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if ((e.AI_BASE_URL === undefined) !== (e.AI_MODEL === undefined)) {
    throw new ConfigError("Invalid configuration:\n  AI_BASE_URL and AI_MODEL must be set together");
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  if (e.ALLOW_PRIVATE_ADDRESSES !== undefined && e.ALLOW_PRIVATE_WEBHOOKS !== undefined && e.ALLOW_PRIVATE_ADDRESSES !== e.ALLOW_PRIVATE_WEBHOOKS) {
    throw new ConfigError("Invalid configuration:\n  ALLOW_PRIVATE_ADDRESSES and ALLOW_PRIVATE_WEBHOOKS (its former name) disagree; set only ALLOW_PRIVATE_ADDRESSES");
  }
  const ssoParts = [e.SSO_OIDC_ISSUER, e.SSO_OIDC_CLIENT_ID, e.SSO_OIDC_CLIENT_SECRET];
  if (ssoParts.some((v) => v === undefined) && ssoParts.some((v) => v !== undefined)) {
    throw new ConfigError("Invalid configuration:\n  SSO_OIDC_ISSUER, SSO_OIDC_CLIENT_ID and SSO_OIDC_CLIENT_SECRET must be set together");
  }
  return {
    serviceLevelTargets: {
      uptimePercent: e.SLA_UPTIME_TARGET_PERCENT,
      p95LatencyMs: e.SLA_P95_LATENCY_TARGET_MS,
      errorRatePercent: e.SLA_ERROR_RATE_TARGET_PERCENT,
      timeToProposalMinutes: e.SLA_TIME_TO_PROPOSAL_TARGET_MINUTES,
      timeToApprovalHours: e.SLA_TIME_TO_APPROVAL_TARGET_HOURS,
    },
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    dbPoolMax: e.DB_POOL_MAX,
    sessionSecret: e.SESSION_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { name: e.ADMIN_NAME ?? "Administrator", email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    appOrigins: e.APP_ORIGIN.map((o) => new URL(o).origin),
    clientDir: path.resolve(e.CLIENT_DIR),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    referralLandingUrl: e.REFERRAL_LANDING_URL,
    ai: e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS } : undefined,
    aiRetry: { limit: e.AI_RETRY_LIMIT, delaySeconds: e.AI_RETRY_DELAY_SECONDS },
    webhooks: { secretKey: e.WEBHOOK_SECRET_KEY, allowPrivateAddresses: e.ALLOW_PRIVATE_ADDRESSES ?? e.ALLOW_PRIVATE_WEBHOOKS ?? false, retryDelaysSeconds: WEBHOOK_RETRY_DELAYS_SECONDS },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, retry: { limit: 5, delaySeconds: 30 } },
    sso: {
      environmentProvider:
        e.SSO_OIDC_ISSUER && e.SSO_OIDC_CLIENT_ID && e.SSO_OIDC_CLIENT_SECRET
          ? { issuer: e.SSO_OIDC_ISSUER, clientId: e.SSO_OIDC_CLIENT_ID, clientSecret: e.SSO_OIDC_CLIENT_SECRET, name: e.SSO_OIDC_NAME }
          : undefined,
      defaultRole: e.SSO_DEFAULT_ROLE,
      allowHttpIssuer: e.SSO_ALLOW_HTTP_ISSUER,
    },
    migration: {
      maxBytes: e.MIGRATION_MAX_BYTES,
      chunkRows: 2_000,
      maxActive: e.MIGRATION_MAX_ACTIVE,
      maxActivePerInstance: e.MIGRATION_MAX_ACTIVE_PER_INSTANCE,
      uploadExpiryMs: e.MIGRATION_UPLOAD_EXPIRY_MINUTES * 60_000,
    },
    attachments: { maxBytes: e.ATTACHMENT_MAX_BYTES },
    live: { streamMaxSeconds: e.LIVE_STREAM_MAX_SECONDS },
  };
}
