import { z } from "zod";
import { apiKeyScopeSchema } from "./api-keys";
import { codedMessageSchema, MAX_ROW_ID, isoDate, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "./list-reply";

/**
 * The Enterprise page's Security tab (spec §2, §7): a dashboard of what threatens the accounts (failed sign-ins,
 * locks, sessions, keys, disabled webhooks, security events), refreshed every 60 s, and the audit trail of every staff
 * change, refreshed every 30 s, with a full filterable view and a CSV export.
 */

/** How often the screen asks again (spec §7). */
export const SECURITY_REFRESH_MS = 60_000;
export const AUDIT_TRAIL_REFRESH_MS = 30_000;
/** How far back the dashboard counts failed sign-ins. */
export const FAILED_SIGN_IN_WINDOW_HOURS = 24;
/** Audit actions that count as security events on the dashboard (prefixes: "auth." covers sign-ins and sign-outs). */
export const SECURITY_EVENT_PREFIXES = ["auth.", "team.", "api_key.", "webhook.", "integration.", "security.", "affiliate.login"] as const;

export const lockedSignInSchema = z.object({
  email: z.string(),
  /** staff: the CRM's sign-in; affiliate: the partner portal's. */
  scope: z.enum(["staff", "affiliate"]),
  /** The address the lock applies to, or null when the email is locked from every address. */
  address: z.string().nullable(),
  lockedUntil: isoDateTime,
});

export const activeSessionSchema = z.object({
  /** The session's public id: names it here and in the audit trail; it is not the session's token. */
  id: z.string().uuid(),
  userId: z.number().int(),
  userName: z.string(),
  userEmail: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  expiresAt: isoDateTime,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session that asked (revoking it signs you out). */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const apiKeyInUseSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  keyPrefix: z.string(),
  scope: apiKeyScopeSchema,
  createdBy: z.string().describe("The creator's email: the key acts with their role"),
  createdAt: isoDateTime,
  lastUsed: isoDateTime.nullable(),
});

export const disabledWebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  event: z.string(),
  /** Why the server disabled it, in English; null when a person did. */
  disabledReason: z.string().nullable(),
  /** The same as a code of webhookDisableReasons with params; null when a person did or before codes. */
  disabledReasonCode: codedMessageSchema.nullable(),
  createdAt: isoDateTime,
});

export const auditRowSchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTime,
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  details: z.string().nullable().describe("What happened, in English"),
  detailsCode: codedMessageSchema
    .nullable()
    .describe("The same as a code of auditMessages (contract/audit-messages.ts) with params, for the reader's language; null on rows written as text"),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  brand: z.string().nullable(),
  /** The public id of the session that acted; null for API keys and sign-in attempts. */
  sessionId: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const securityOverviewSchema = z.object({
  failedSignIns: z.object({
    /** Failed staff and partner sign-ins in the last 24 hours, refused-while-locked attempts included. */
    last24h: z.number().int(),
    /** Distinct emails they were for. */
    emails: z.number().int(),
    /** Distinct client addresses they came from. */
    addresses: z.number().int(),
  }),
  lockedSignIns: z.array(lockedSignInSchema),
  activeSessions: z.array(activeSessionSchema),
  apiKeys: z.array(apiKeyInUseSchema),
  disabledWebhooks: z.array(disabledWebhookSchema),
  /** The latest security events from the audit log, newest first (at most 20). */
  recentEvents: z.array(auditRowSchema),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const sessionParamsSchema = z.object({
  // Anything that is not a session id names no session: the route answers 404, like an unknown one.
  id: z.string().max(100).describe("The session's public id (a UUID)"),
});

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const auditFilterFields = z.object({
  user: blankIsAbsent(z.string().trim().max(150)).describe("Part of the acting person's email, in any letter case"),
  userId: blankIsAbsent(z.coerce.number().int().positive().max(MAX_ROW_ID, errorMessage("field.invalid_id"))),
  action: blankIsAbsent(z.string().trim().max(100)).describe("An action, or its start: 'lead.' matches every lead action"),
  from: blankIsAbsent(isoDate("from")).describe("First day included (UTC)"),
  to: blankIsAbsent(isoDate("to")).describe("Last day included (UTC)"),
});

const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const rangeReversed = { message: errorMessage("audit.range_reversed"), path: ["to"] };

export const auditFilterSchema = auditFilterFields.refine(rangeInOrder, rangeReversed);
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterFields
  .extend({
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
    cursor: z.string().max(200).optional().describe(`${NEXT_CURSOR_HEADER} of the previous page`),
  })
  .refine(rangeInOrder, rangeReversed);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof auditListQuerySchema>;

const tags = ["Enterprise"];

export const securityEndpoints = defineEndpoints("security", {
  overview: defineEndpoint({
    method: "GET",
    permission: "security.manage",
    path: "/enterprise/security",
    reply: securityOverviewSchema,
    tags,
    summary: "The security dashboard: failed sign-ins, locks, active sessions, API keys, disabled webhooks, latest security events",
  }),
  revokeSession: defineEndpoint({
    method: "DELETE",
    permission: "security.manage",
    path: "/enterprise/sessions/:id",
    params: sessionParamsSchema,
    reply: okSchema,
    errors: [404],
    tags,
    summary: "Ends a session at once, by its public id (revoking your own signs you out)",
  }),
  auditTrail: defineEndpoint({
    method: "GET",
    permission: "audit.read",
    path: "/enterprise/audit-trail",
    query: auditListQuerySchema,
    reply: z.array(auditRowSchema),
    paged: true,
    errors: [400],
    tags,
    summary: "A page of the audit trail, newest first",
    description: `Every staff change and sign-in. Filters combine. ${TOTAL_COUNT_HEADER} holds the number matching; ${NEXT_CURSOR_HEADER} the cursor of the next page.`,
  }),
  auditTrailCsv: defineEndpoint({
    method: "GET",
    permission: "audit.read",
    path: "/enterprise/audit-trail/export.csv",
    query: auditFilterSchema,
    download: "csv",
    errors: [400],
    tags,
    summary: "Every audit row matching the filters, newest first",
  }),
});
