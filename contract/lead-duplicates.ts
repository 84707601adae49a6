import { z } from "zod";
import { idParamsSchema, isoDateTime, rowIdSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { leadFields } from "./lead-fields";
import { leadSchema, leadSummarySchema } from "./leads";

/**
 * Why two leads look like the same business (issue 26.4), strongest first:
 * - same_phone: the phones' digits end in the same PHONE_MATCH_DIGITS digits (so "+1 (555) 123-4567", "555.123.4567"
 *   and "+34 612 345 678" / "612345678" match across national and international writing; a phone with fewer digits matches nothing);
 * - same_email: the same address, letter case ignored;
 * - same_domain_similar_owner: the same email domain, not a free-mail one (FREE_MAIL_DOMAINS), and owner names similar by trigram;
 * - similar_business: business names similar by trigram (pg_trgm similarity at least BUSINESS_SIMILARITY).
 */
export const duplicateReasons = ["same_phone", "same_email", "same_domain_similar_owner", "similar_business"] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

export const PHONE_MATCH_DIGITS = 9;
export const BUSINESS_SIMILARITY = 0.6;
export const OWNER_SIMILARITY = 0.5;

/** What each reason adds to a pair's confidence (capped at 1): an email or phone nearly settles it, a similar name hints. */
export const duplicateReasonWeight = {
  same_email: 0.9,
  same_phone: 0.8,
  same_domain_similar_owner: 0.6,
  similar_business: 0.4,
} as const satisfies Record<DuplicateReason, number>;

/** Domains anyone can have an address at: sharing one says nothing about being the same business. */
export const FREE_MAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.es",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "hotmail.es",
  "outlook.es",
] as const;

/** The fields a merge lets the person choose between the two leads (every writable lead field). */
export const mergeableLeadFields = Object.keys(leadFields) as (keyof typeof leadFields & string)[];

export const duplicateMatchSchema = z.object({
  lead: leadSummarySchema,
  reasons: z.array(z.enum(duplicateReasons)).min(1),
  confidence: z.number().min(0).max(1).describe("0 to 1: the reasons' weights summed, capped at 1"),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

export const DUPLICATE_MATCHES_MAX = 10;

/** The fields of an unsaved lead the check compares (what the Add Lead and edit forms hold). */
export const duplicateCheckBodySchema = z.object({
  email: z.string().trim().max(254, errorMessage("field.too_long", { max: 254 })).optional(),
  phone: z.string().trim().max(40, errorMessage("field.too_long", { max: 40 })).optional(),
  businessName: z.string().trim().max(200, errorMessage("field.too_long", { max: 200 })).optional(),
  firstName: z.string().trim().max(100, errorMessage("field.too_long", { max: 100 })).optional(),
  lastName: z.string().trim().max(100, errorMessage("field.too_long", { max: 100 })).optional(),
  excludeId: rowIdSchema.optional().describe("The lead being edited: never its own duplicate"),
});
export type DuplicateCheckBody = z.input<typeof duplicateCheckBodySchema>;

export const duplicatePairSchema = z.object({
  leadA: leadSummarySchema,
  leadB: leadSummarySchema,
  reasons: z.array(z.enum(duplicateReasons)).min(1),
  confidence: z.number().min(0).max(1),
  computedAt: isoDateTime,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const DUPLICATE_PAIRS_PAGE_DEFAULT = 50;
export const DUPLICATE_PAIRS_PAGE_MAX = 200;

export const duplicatePairsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DUPLICATE_PAIRS_PAGE_MAX).default(DUPLICATE_PAIRS_PAGE_DEFAULT),
  cursor: z.string().max(100).optional().describe("nextCursor of the page before"),
});

export const duplicatePairsPageSchema = z.object({
  pairs: z.array(duplicatePairSchema),
  nextCursor: z.string().nullable().describe("Null on the last page"),
  lastRunAt: isoDateTime.nullable().describe("When the scheduled job last finished walking every lead (null: not yet)"),
  walking: z.boolean().describe("A walk through the leads is under way: pairs are added as it goes"),
});

/** POST /api/leads/duplicates/scan: the check is queued (a walk already under way goes on; it is not started over). */
export const duplicateScanQueuedSchema = z.object({ queued: z.literal(true) });

/** Each chosen field: "this" keeps the kept lead's value, "other" takes the merged-away lead's. Unnamed fields keep the kept lead's. */
export const leadMergeBodySchema = z
  .object({
    otherId: rowIdSchema.describe("The lead merged away into this one"),
    fields: z.record(z.string(), z.enum(["this", "other"])).default({}),
  })
  .superRefine((body, issue) => {
    for (const field of Object.keys(body.fields)) {
      if (!(mergeableLeadFields as string[]).includes(field))
        issue.addIssue({ code: "custom", path: ["fields", field], message: errorMessage("lead_duplicates.unknown_field", { field }) });
    }
  });
export type LeadMergeBody = z.input<typeof leadMergeBodySchema>;

export const leadMergeReplySchema = z.object({
  lead: leadSchema.describe("The kept lead after the merge"),
  mergedId: z.number().int(),
  moved: z.record(z.string(), z.number().int()).describe("How many records of each kind moved to the kept lead"),
});

/** A merged-away lead's id answers GET /api/leads/{id} with 410 and this body (error lead_duplicates.merged_away). */
export const mergedAwaySchema = z.object({ mergedInto: z.number().int() });

const tags = ["Leads"];

/** What one field's choice may be: the kept lead's value ("this") or the merged-away lead's ("other"). */
export const mergeChoices = ["this", "other"] as const;
export type MergeChoice = (typeof mergeChoices)[number];
export type LeadMergeReply = z.infer<typeof leadMergeReplySchema>;

/**
 * The fields a merge page shows side by side, in the lead page's order (the fields with a label; the quiz's raw history
 * and the analysis are not chosen by hand and stay the kept lead's unless named). Tags are always the union of both.
 */
export const mergeShownLeadFields = mergeableLeadFields.filter((field) => "label" in leadFields[field]);

/** The rules POST /api/leads/{id}/merge follows. */
export const MERGE_RULES =
  "In one transaction the kept lead takes the chosen fields (tags are always the union of both), then every record of the other " +
  "lead moves to it: tasks, notes, attachments, emails, timeline entries, issues, automation runs, NPS invitations and its pipeline " +
  "position (the chosen pipelineStage; the status follows the stage as on any change). KPI data: when both leads have a KPI row " +
  "the kept lead's stays and the other's is kept only in the merge's history (never summed, so no figure counts twice); when " +
  "only the other has one it moves. Referrals and commissions are never credited twice: when both leads were referred the " +
  "kept lead's referral and its commissions stay, and the other's referral and its unpaid commissions are removed (kept in the " +
  "merge's history, so the partner's counts and amounts owed drop by them); when the other's commission was already paid the " +
  "merge is refused (409 lead_duplicates.paid_commission) for a person to settle, or to merge the other way round. When only " +
  "the other was referred its referral moves with its commissions. The merged-away lead leaves lists, search and counts; " +
  "GET /api/leads/{otherId} (and its timeline and duplicates) then answers 410 with { mergedInto }, and leads merged into it " +
  "earlier point to the kept lead. One audit entry, one lead.merged event and one timeline entry on the kept lead, which " +
  "shows the other lead's history too.";

export const leadDuplicateEndpoints = defineEndpoints("leadDuplicates", {
  forLead: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id/duplicates",
    params: idParamsSchema,
    reply: z.array(duplicateMatchSchema),
    errors: [404, 410],
    tags,
    summary: `A stored lead's likely duplicates (up to ${DUPLICATE_MATCHES_MAX}, most likely first), each with its reasons`,
    description:
      "Where a lead from the public form is reviewed by staff: the public form itself shows visitors nothing about other leads.",
  }),
  check: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads/duplicates/check",
    body: duplicateCheckBodySchema,
    reply: z.array(duplicateMatchSchema),
    errors: [400],
    tags,
    summary: "Likely duplicates of a lead not yet saved (the Add Lead and edit forms), without blocking the save",
  }),
  scan: defineEndpoint({
    method: "POST",
    permission: "leads.delete",
    path: "/leads/duplicates/scan",
    reply: duplicateScanQueuedSchema,
    status: 202,
    tags,
    summary: "Check every lead for duplicate pairs now, instead of at the next hourly run",
    description:
      "Queues the pairs job with a fresh walk (managers and above, as merging). A walk already under way is continued, not restarted. GET /api/leads/duplicates says walking until it finishes.",
  }),
  pairs: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/duplicates",
    query: duplicatePairsQuerySchema,
    reply: duplicatePairsPageSchema,
    errors: [400],
    tags,
    summary: "Likely duplicate pairs across every lead, most confident first (computed by a scheduled job)",
  }),
  merge: defineEndpoint({
    method: "POST",
    permission: "leads.delete",
    path: "/leads/:id/merge",
    params: idParamsSchema,
    body: leadMergeBodySchema,
    reply: leadMergeReplySchema,
    errors: [400, 404, 409, 410],
    tags,
    summary: "Merge another lead into this one, choosing each field's value (needs leads.delete: the other lead goes away)",
    description:
      `${MERGE_RULES} Show the two leads side by side with GET /api/leads/{id} for each. A field name that is not a lead field ` +
      "answers 400 lead_duplicates.unknown_field naming it; merging a lead with itself 400 lead_duplicates.merge_self; an unknown " +
      "lead 404 (lead.not_found for the kept one, lead_duplicates.other_not_found for the other); a lead already merged away " +
      "(either one) 410 lead_duplicates.merged_away with mergedInto. A failed merge writes nothing.",
  }),
});
