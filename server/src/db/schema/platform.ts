import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
// Relative, not @contract: drizzle-kit loads the schema without the project's path aliases.
import type { MessageParams } from "../../../../contract/server-messages";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 150 }).notNull(),
    /** Null for someone who only signs in through single sign-on. */
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** Set when an administrator deactivates the account: its sessions and API keys end, and it cannot sign in. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

/**
 * A person's role and the permissions it grants (contract/access-policy.ts), as enforced on every route. The row
 * without a brand is the person's role everywhere; `permissions` is the role's set when it was given, brought up to
 * date at start-up when a role's definition changes.
 */
export const userRoles = pgTable(
  "user_roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 20 }).notNull(),
    brandId: integer("brand_id"),
    permissions: jsonb("permissions").$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_roles_everywhere_idx").on(t.userId).where(sql`${t.brandId} IS NULL`),
    uniqueIndex("user_roles_brand_idx").on(t.userId, t.brandId).where(sql`${t.brandId} IS NOT NULL`),
    check("user_roles_role_check", sql`${t.role} IN ('admin', 'manager', 'agent', 'viewer')`),
  ],
);

/**
 * An administrator's invitation: a one-time link (only its SHA-256 is kept) that lets the invited person create their
 * account with the given role. Inviting the same email again revokes the earlier link.
 */
export const userInvitations = pgTable(
  "user_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: varchar("email", { length: 150 }).notNull(),
    name: varchar("name", { length: 100 }),
    role: varchar("role", { length: 20 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: integer("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("user_invitations_email_idx").on(sql`lower(${t.email})`),
    check("user_invitations_role_check", sql`${t.role} IN ('admin', 'manager', 'agent', 'viewer')`),
  ],
);

/** A password reset an administrator started: a one-time link (only its SHA-256 is kept) for one person. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Server-side sessions; the cookie carries a random token whose SHA-256 is the id here. `publicId` names a session
 * where it may be seen (the security screen, the audit trail, revoking it): it is random and tells nothing about the
 * token, so showing it to an administrator lends nobody the session.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    publicId: uuid("public_id").notNull().unique().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * A key acts for the staff member who made it, within its scope (see contract/api-keys.ts), and dies with that
 * person's account: nobody is left to answer for a key whose creator is gone.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    label: varchar("label", { length: 100 }).notNull(),
    keyHash: varchar("key_hash", { length: 64 }).notNull().unique(),
    keyPrefix: varchar("key_prefix", { length: 12 }).notNull(),
    scope: text("scope").notNull().default("leads:write"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsed: timestamp("last_used", { withTimezone: true }),
  },
  (t) => [check("api_keys_scope_check", sql`${t.scope} IN ('leads:write', 'read', 'full')`)],
);

export const auditLogs = pgTable(
  "audit_logs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The staff member who acted (null for a sign-in attempt by an unknown email, a partner, or a removed account). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: varchar("user_email", { length: 150 }),
    action: varchar("action", { length: 100 }).notNull(),
    /** What happened, in English (for the CSV export and API clients); the same as code and params when those are set. */
    details: text("details"),
    /** What happened as a code of auditMessages (contract/audit-messages.ts); null on rows written as text. */
    code: varchar("code", { length: 80 }),
    params: jsonb("params").$type<MessageParams>(),
    ipAddress: varchar("ip_address", { length: 64 }),
    userAgent: text("user_agent"),
    /** The brand chosen in the browser that sent the request (the x-leadwell-brand header), as sent. */
    brand: varchar("brand", { length: 100 }),
    /** The public id of the session that acted (sessions.public_id), never its token; null for API keys. */
    sessionId: uuid("session_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt, t.id),
    index("audit_logs_email_idx").on(t.userEmail, t.createdAt),
    index("audit_logs_action_idx").on(t.action, t.createdAt),
    index("audit_logs_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * What each app instance measured of its API traffic in one minute: request and server-error counts and a latency
 * histogram over fixed buckets (kernel/http/service-level-meter.ts). Instances add up by summing rows of the same
 * minute; a row is written every minute an instance runs, even with no traffic, so a minute with no row at all is a
 * minute no instance was up.
 */
export const requestMetrics = pgTable(
  "request_metrics",
  {
    minute: timestamp("minute", { withTimezone: true }).notNull(),
    instanceId: varchar("instance_id", { length: 64 }).notNull(),
    requests: integer("requests").notNull().default(0),
    serverErrors: integer("server_errors").notNull().default(0),
    /** Request counts per latency bucket, in the order of LATENCY_BUCKETS_MS (the last one: slower than all). */
    latencyBuckets: integer("latency_buckets").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.instanceId] })],
);

/** Proof of each cookie choice: who (or which anonymous visitor), what, when, from where. */
export const consentRecords = pgTable("consent_records", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  email: varchar("email", { length: 150 }).notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  consentType: varchar("consent_type", { length: 50 }).notNull(),
  granted: boolean("granted").notNull(),
  preferences: jsonb("preferences"),
  ipAddress: varchar("ip_address", { length: 64 }),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
});

export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userEmail: varchar("user_email", { length: 150 }).notNull(),
    type: varchar("type", { length: 50 }).notNull(),
    /** What it says as a code of notificationMessages (contract/server-messages.ts); null on rows stored before codes. */
    code: varchar("code", { length: 80 }),
    params: jsonb("params").$type<MessageParams>(),
    /** What it says, in English (for API clients; all that rows stored before codes have). */
    message: text("message").notNull(),
    link: text("link"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userEmail, t.createdAt)],
);

/** Failed sign-ins per key (e.g. "staff:<email>"), so lockouts hold across app instances. */
export const loginThrottle = pgTable("login_throttle", {
  key: varchar("key", { length: 200 }).primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** Secrets generated on first start (e.g. the session signing secret) shared by every app instance. */
export const appSecrets = pgTable("app_secrets", {
  name: varchar("name", { length: 100 }).primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
