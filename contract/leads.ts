import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime, okSchema } from "./common";
import { defineEndpoint } from "./endpoint";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "./list-reply";
import { moneyOutput } from "./money";

export const leadStatuses = ["new", "contacted", "qualified", "converted", "lost"] as const;
export const leadStatusSchema = z.enum(leadStatuses, { error: errorMessage("lead.invalid_status", { options: leadStatuses.join(", ") }) });
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadPriorities = ["low", "medium", "high"] as const;
export const leadPrioritySchema = z.enum(leadPriorities, { error: errorMessage("lead.invalid_priority", { options: leadPriorities.join(", ") }) });

/** The options the Add Lead form offers; the API also takes other values from quiz funnels, within the length limit. */
export const yearsInBusinessOptions = ["0-1", "2-5", "5-10", "10+"] as const;
export const industryOptions = ["technology", "healthcare", "finance", "retail", "manufacturing", "other"] as const;

export const DEFAULT_PIPELINE_STAGE = "New";

const max = (n: number) => errorMessage("field.too_long", { max: n });
const text = (n: number) => z.string().trim().max(n, max(n));
/** Optional text: blank becomes null so "no value" is stored one way. No default here: see leadInputSchema. */
const nullableText = (n: number) =>
  z
    .string()
    .trim()
    .max(n, max(n))
    .nullable()
    .transform((v) => (v ? v : null));
const longText = nullableText(5000);
const textList = z.array(text(200)).max(50);
const jsonObject = z.record(z.string(), z.unknown());

export const phoneSchema = z
  .string()
  .trim()
  .max(30, max(30))
  .regex(/^[+()\d\s.\-/x]*$/i, errorMessage("field.invalid_phone"))
  .nullable()
  .transform((v) => (v ? v : null));

const emailRequired = errorMessage("field.email_required");
export const leadEmailSchema = z.string({ error: emailRequired }).trim().max(150, max(150)).pipe(z.email(emailRequired));

const requiredFields = {
  businessOwnerName: z.string({ error: errorMessage("lead.first_name_required") }).trim().min(1, errorMessage("lead.first_name_required")).max(100, max(100)),
  businessOwnerLastName: z.string({ error: errorMessage("lead.last_name_required") }).trim().min(1, errorMessage("lead.last_name_required")).max(100, max(100)),
  businessName: z.string({ error: errorMessage("lead.business_name_required") }).trim().min(1, errorMessage("lead.business_name_required")).max(150, max(150)),
  email: leadEmailSchema,
};

// Field schemas carry no defaults: inside .optional() a default would still fire, and a partial
// update would then reset fields nobody sent.
const optionalFields = {
  phoneNumber: phoneSchema,
  yearsInBusiness: nullableText(30),
  employeeCount: nullableText(30),
  industry: nullableText(50),
  industryOther: nullableText(100),
  currentCrmUsage: z.boolean().nullable(),
  currentCrmPlatform: nullableText(100),
  currentSoftwareChallenges: textList,
  currentSoftwareChallengesOther: longText,
  crmChallenges: textList,
  crmChallengesOther: longText,
  desiredFeatures: textList,
  desiredFeaturesOther: longText,
  metricsTrackingMethod: nullableText(50),
  preferredInsightMethod: nullableText(50),
  preferredInsightMethodOther: nullableText(100),
  crmSetupResponsible: nullableText(50),
  quizVersion: nullableText(20),
  quizSource: nullableText(50),
  affiliateCode: nullableText(50),
  quizHistory: z.array(z.unknown()).max(200),
  aiAnalysis: jsonObject.nullable(),
  leadSource: nullableText(50),
  status: leadStatusSchema,
  priority: leadPrioritySchema,
  assignedTo: nullableText(100),
  tags: z.array(text(50)).max(50),
  customFields: jsonObject.nullable(),
  pipelineStage: nullableText(50),
};

type OptionalFields = { [K in keyof typeof optionalFields]: z.ZodOptional<(typeof optionalFields)[K]> };
const optionalised = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

const leadDefaults = {
  phoneNumber: null,
  yearsInBusiness: null,
  employeeCount: null,
  industry: null,
  industryOther: null,
  currentCrmUsage: null,
  currentCrmPlatform: null,
  currentSoftwareChallenges: [],
  currentSoftwareChallengesOther: null,
  crmChallenges: [],
  crmChallengesOther: null,
  desiredFeatures: [],
  desiredFeaturesOther: null,
  metricsTrackingMethod: null,
  preferredInsightMethod: null,
  preferredInsightMethodOther: null,
  crmSetupResponsible: null,
  quizVersion: null,
  quizSource: null,
  affiliateCode: null,
  quizHistory: [],
  aiAnalysis: null,
  leadSource: null,
  status: "new",
  priority: "medium",
  assignedTo: null,
  tags: [],
  customFields: null,
  pipelineStage: null,
} satisfies { [K in keyof typeof optionalFields]: z.output<(typeof optionalFields)[K]> };

/** The writable lead fields before defaults are applied: forms pick their fields from this. */
export const leadFieldsSchema = z.object({ ...requiredFields, ...(optionalised(optionalFields) as OptionalFields) });

/**
 * The fields sent, over the defaults of those not sent. zod leaves an unsent optional field out of its output (JSON
 * cannot send undefined), so each sent field replaces its default and the others keep theirs. The lists are new
 * arrays for each lead, never the defaults' own.
 */
function withLeadDefaults<Sent extends z.output<typeof leadFieldsSchema>>(sent: Sent) {
  return { ...leadDefaults, currentSoftwareChallenges: [], crmChallenges: [], desiredFeatures: [], quizHistory: [], tags: [], ...sent };
}

/** Every writable lead field, as the Add Lead form, the quiz funnel and the API send them; unsent fields take their defaults. */
export const leadInputSchema = leadFieldsSchema.transform(withLeadDefaults);
export type LeadInput = z.output<typeof leadInputSchema>;
export type LeadInputRaw = z.input<typeof leadInputSchema>;

/** A partial update: only the fields sent change. */
export const leadUpdateSchema = z
  .object(optionalised({ ...requiredFields, ...optionalFields }))
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: errorMessage("request.empty_update") });
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

export const leadKpiSummarySchema = z.object({
  ytdRevenue: moneyOutput,
  mrr: moneyOutput,
  updatedAt: isoDateTime,
});

export const leadSchema = z.object({
  id: z.number().int(),
  businessOwnerName: z.string(),
  businessOwnerLastName: z.string(),
  businessName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  yearsInBusiness: z.string().nullable(),
  employeeCount: z.string().nullable(),
  industry: z.string().nullable(),
  industryOther: z.string().nullable(),
  currentCrmUsage: z.boolean().nullable(),
  currentCrmPlatform: z.string().nullable(),
  currentSoftwareChallenges: z.array(z.string()),
  currentSoftwareChallengesOther: z.string().nullable(),
  crmChallenges: z.array(z.string()),
  crmChallengesOther: z.string().nullable(),
  desiredFeatures: z.array(z.string()),
  desiredFeaturesOther: z.string().nullable(),
  metricsTrackingMethod: z.string().nullable(),
  preferredInsightMethod: z.string().nullable(),
  preferredInsightMethodOther: z.string().nullable(),
  crmSetupResponsible: z.string().nullable(),
  quizVersion: z.string().nullable(),
  quizSource: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  quizHistory: z.array(z.unknown()),
  aiAnalysis: z.record(z.string(), z.unknown()).nullable(),
  leadSource: z.string().nullable(),
  status: leadStatusSchema,
  priority: leadPrioritySchema,
  assignedTo: z.string().nullable(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  businessOwnerEmail: z.string().describe("Same as email (a name some screens read)"),
  businessType: z.string().nullable().describe("Same as industry (a name some screens read)"),
  pipelineStage: z.string().describe(`The lead's pipeline stage; '${DEFAULT_PIPELINE_STAGE}' when none is set`),
  kpi: leadKpiSummarySchema.nullable().describe("The lead's KPI record (from /api/kpi), or null when none exists"),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * What a row of a lead list carries unless the whole lead is asked for (view=full): what the lead screens show and
 * edit, and the lead's place in the pipeline and owner. A page of whole leads is five times the bytes (quiz answers, analysis,
 * custom fields, KPI), and serialising and sending them was most of a search's cost at a million leads.
 */
const leadSummaryMask = {
  id: true,
  businessName: true,
  businessOwnerName: true,
  businessOwnerLastName: true,
  email: true,
  phoneNumber: true,
  yearsInBusiness: true,
  industry: true,
  status: true,
  priority: true,
  pipelineStage: true,
  assignedTo: true,
  createdAt: true,
} as const;
export const LEAD_SUMMARY_FIELDS = Object.keys(leadSummaryMask) as (keyof typeof leadSummaryMask)[];
export const leadSummarySchema = leadSchema.pick(leadSummaryMask);
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadViews = ["summary", "full"] as const;
export type LeadView = (typeof leadViews)[number];

/** A list row: the summary's fields always, every other field of the lead with view=full. */
export const leadListItemSchema = leadSummarySchema.extend(
  Object.fromEntries(
    Object.entries(leadSchema.omit(leadSummaryMask).shape).map(([name, field]) => [name, field.optional().describe("With view=full")]),
  ) as { [K in Exclude<keyof Lead, keyof typeof leadSummaryMask>]: z.ZodOptional<(typeof leadSchema.shape)[K]> },
);

export const leadSortFields = ["createdAt", "updatedAt", "businessName"] as const;
export const leadSortSchema = z.enum([...leadSortFields, ...leadSortFields.map((f) => `-${f}` as const)]);
export type LeadSort = z.infer<typeof leadSortSchema>;

export const LEAD_PAGE_DEFAULT = 50;
export const LEAD_PAGE_MAX = 500;
export const SEARCH_MIN_TRIGRAM = 3;

// A blank search or industry (an emptied input) means "no filter", in lists and exports alike.
const blankIsAbsent = (text: z.ZodString) => text.optional().transform((v) => v || undefined);

export const leadFilterSchema = z.object({
  q: blankIsAbsent(z.string().trim().max(200, max(200))).describe(
    "Case- and accent-insensitive search of business name, owner names, email and phone. Every word must occur, in any order: " +
      "words of 3+ characters anywhere, shorter ones at the start of a word. A single word of 1–2 characters matches the start of the business name",
  ),
  status: leadStatusSchema.optional(),
  industry: blankIsAbsent(z.string().trim().max(50, max(50))),
});
export type LeadFilter = Partial<z.output<typeof leadFilterSchema>>;

export const leadListQuerySchema = leadFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(LEAD_PAGE_MAX).default(LEAD_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000, errorMessage("list.offset_too_deep")).optional(),
  cursor: z.string().max(200).optional().describe("X-Next-Cursor of the previous page (faster than offset on large lists)"),
  sort: leadSortSchema.default("-createdAt"),
  view: z
    .enum(leadViews)
    .default("summary")
    .describe(`summary (default): each row holds ${LEAD_SUMMARY_FIELDS.join(", ")}; full: every field of the lead, as GET /leads/{id} answers`),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadAttributionSchema = z
  .object({
    affiliateCode: z.string(),
    attributed: z.boolean(),
    reason: z.string().nullable().describe("Why no referral was recorded, e.g. an unknown or suspended code"),
  })
  .nullable();
export type LeadAttribution = z.infer<typeof leadAttributionSchema>;

export const createdLeadSchema = leadSchema.extend({
  attribution: leadAttributionSchema.describe("Present when an affiliate code came with the lead: whether a referral was recorded"),
});
export type CreatedLead = z.infer<typeof createdLeadSchema>;

/** The public /join form: the Add Lead fields, nothing a visitor should set (status, tags, affiliate code...). */
export const joinBodySchema = leadFieldsSchema.pick({
  businessOwnerName: true,
  businessOwnerLastName: true,
  businessName: true,
  email: true,
  phoneNumber: true,
  yearsInBusiness: true,
  industry: true,
});

// Endpoints

const leadTags = ["Leads"];
const leadFieldAliases =
  "The API answers some fields under a second name that some screens read: businessOwnerEmail (= email), businessType (= industry), " +
  "pipelineStage ('New' when none is set) and kpi {ytdRevenue, mrr, updatedAt} (the lead's KPI record, or null).";

export const leadEndpoints = {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads",
    query: leadListQuerySchema,
    reply: z.array(leadListItemSchema),
    paged: true,
    errors: [400],
    tags: leadTags,
    summary: "A page of leads",
    description:
      `A JSON array, newest first by default. The ${TOTAL_COUNT_HEADER} header holds the total matching; with a search term it counts ` +
      `up to 1,000 and ${TOTAL_EXACT_HEADER} says whether that total is exact. When another page follows, ${NEXT_CURSOR_HEADER} ` +
      `holds the cursor for it. Rows hold the lead's summary fields unless view=full. ${leadFieldAliases}`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/leads/export.csv",
    query: leadFilterSchema.extend({ sort: leadSortSchema.default("-createdAt") }),
    download: "csv",
    errors: [400],
    tags: leadTags,
    summary: "Every lead matching the filters",
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id",
    params: idParamsSchema,
    reply: leadSchema,
    errors: [404],
    tags: leadTags,
    summary: "One lead",
    description: leadFieldAliases,
  }),
  create: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads",
    body: leadInputSchema,
    reply: createdLeadSchema,
    status: 201,
    errors: [400, 409],
    tags: leadTags,
    summary: "Create a lead (staff form, or a website/quiz funnel with an API key)",
    description:
      "Email must be unique regardless of letter case (409 otherwise). Unsent optional fields take their defaults. " +
      "An affiliateCode of an active affiliate records a referral; an unknown or suspended code still creates the lead, " +
      "and `attribution` says why no referral was recorded.",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "leads.write",
    path: "/leads/:id",
    params: idParamsSchema,
    body: leadUpdateSchema,
    reply: leadSchema,
    errors: [400, 404, 409],
    tags: leadTags,
    summary: "Change a lead: only the fields sent change",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "leads.delete",
    path: "/leads/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404],
    tags: leadTags,
    summary: "Delete a lead and its KPI data",
  }),
  /** The public form at /join (server/src/modules/join). */
  join: defineEndpoint({
    method: "POST",
    permission: "public",
    path: "/join",
    body: joinBodySchema,
    reply: z.object({ received: z.literal(true) }),
    status: 201,
    errors: [400, 409, 429],
    tags: leadTags,
    summary: "The public lead form (no sign-in); a referral link's cookie credits the affiliate",
    description: "Same validation as Add Lead; answers nothing about the stored lead. A malformed referral cookie counts as no referral.",
  }),
};
