import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

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
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
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
  trustProxy: boolean;
  clientDir: string;
  shutdownTimeoutMs: number;
  /** Where a referral link forwards after remembering the partner's code. */
  referralLandingUrl: string;
  /** The OpenAI-compatible chat-completions server that writes repair proposals; undefined means retrieval only. */
  ai: AiConfig | undefined;
  /** How proposal jobs retry a timeout, an unreachable server or an invalid answer (pg-boss exponential backoff). */
  aiRetry: { limit: number; delaySeconds: number };
}

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
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if ((e.AI_BASE_URL === undefined) !== (e.AI_MODEL === undefined)) {
    throw new ConfigError("Invalid configuration:\n  AI_BASE_URL and AI_MODEL must be set together");
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  return {
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
    clientDir: path.resolve(e.CLIENT_DIR),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    referralLandingUrl: e.REFERRAL_LANDING_URL,
    ai: e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS } : undefined,
    aiRetry: { limit: e.AI_RETRY_LIMIT, delaySeconds: e.AI_RETRY_DELAY_SECONDS },
  };
}
