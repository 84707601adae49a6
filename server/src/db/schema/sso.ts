import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A single sign-on provider an administrator configured in the app (contract/sso.ts lists the slots). A provider
 * configured by environment (SSO_OIDC_*) takes its settings from there; its row, if any, only holds the enabled flag.
 */
export const ssoProviders = pgTable(
  "sso_providers",
  {
    provider: varchar("provider", { length: 20 }).primaryKey(),
    displayName: varchar("display_name", { length: 60 }),
    issuer: text("issuer"),
    clientId: varchar("client_id", { length: 255 }),
    /** AES-GCM encrypted like the integrations' secrets (kernel/outbound/secrets.ts); never sent back. */
    clientSecretEncrypted: text("client_secret_encrypted"),
    /** The secret's last 4 characters, so administrators can tell which one is saved. */
    clientSecretHint: varchar("client_secret_hint", { length: 8 }),
    enabled: boolean("enabled").notNull().default(false),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [check("sso_providers_provider_check", sql`${t.provider} IN ('oidc', 'google', 'microsoft', 'okta')`)],
);

/**
 * One sign-in started at a provider and not yet finished: the state (only its SHA-256 is kept), the nonce and the
 * PKCE verifier the callback checks. In the database so any instance may receive the callback; deleted when used,
 * and useless after expires_at.
 */
export const ssoLoginAttempts = pgTable(
  "sso_login_attempts",
  {
    stateHash: varchar("state_hash", { length: 64 }).primaryKey(),
    provider: varchar("provider", { length: 20 }).notNull(),
    nonce: varchar("nonce", { length: 128 }).notNull(),
    codeVerifier: varchar("code_verifier", { length: 128 }).notNull(),
    redirectUri: text("redirect_uri").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("sso_login_attempts_expires_idx").on(t.expiresAt)],
);
