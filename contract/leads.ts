import { z } from "zod";
import { isoDateTime } from "./common";
import { moneyOutput } from "./money";

export const leadStatuses = ["new", "contacted", "qualified", "converted", "lost"] as const;
export const leadStatusSchema = z.enum(leadStatuses, { error: `Status must be one of: ${leadStatuses.join(", ")}` });
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadPriorities = ["low", "medium", "high"] as const;
export const leadPrioritySchema = z.enum(leadPriorities, { error: `Priority must be one of: ${leadPriorities.join(", ")}` });

/** The options the Add Lead form offers; the API also takes other values from quiz funnels, within the length limit. */
export const yearsInBusinessOptions = ["0-1", "2-5", "5-10", "10+"] as const;
export const industryOptions = ["technology", "healthcare", "finance", "retail", "manufacturing", "other"] as const;

export const DEFAULT_PIPELINE_STAGE = "New";

const max = (n: number) => `Maximum ${n} characters allowed`;
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
const textList = z.array(text(200)).max(50, "At most 50 entries");
const jsonObject = z.record(z.string(), z.unknown());

export const phoneSchema = z
  .string()
  .trim()
  .max(30, max(30))
  .regex(/^[+()\d\s.\-/x]*$/i, "Please enter a valid phone number")
  .nullable()
  .transform((v) => (v ? v : null));

export const leadEmailSchema = z.string({ error: "Valid email is required" }).trim().max(150, max(150)).pipe(z.email("Valid email is required"));

const requiredFields = {
  businessOwnerName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100, max(100)),
  businessOwnerLastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, max(100)),
  businessName: z.string({ error: "Business name is required" }).trim().min(1, "Business name is required").max(150, max(150)),
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
  quizHistory: z.array(z.unknown()).max(200, "At most 200 entries"),
  aiAnalysis: jsonObject.nullable(),
  leadSource: nullableText(50),
  status: leadStatusSchema,
  priority: leadPrioritySchema,
  assignedTo: nullableText(100),
  tags: z.array(text(50)).max(50, "At most 50 tags"),
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

/** Every writable lead field, as the Add Lead form, the quiz funnel and the API send them; unsent fields take their defaults. */
export const leadInputSchema = leadFieldsSchema.transform((sent) => {
    const present = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
    return { ...leadDefaults, ...present } as unknown as { [K in keyof typeof requiredFields]: z.output<(typeof requiredFields)[K]> } & {
      [K in keyof typeof optionalFields]: z.output<(typeof optionalFields)[K]>;
    };
  });
export type LeadInput = z.output<typeof leadInputSchema>;
export type LeadInputRaw = z.input<typeof leadInputSchema>;

/** A partial update: only the fields sent change. */
export const leadUpdateSchema = z
  .object(optionalised({ ...requiredFields, ...optionalFields }))
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one field to change" });
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
  offset: z.coerce.number().int().min(0).max(100_000, "Use cursor to page this deep").optional(),
  cursor: z.string().max(200).optional().describe("X-Next-Cursor of the previous page (faster than offset on large lists)"),
  sort: leadSortSchema.default("-createdAt"),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** Headers of a paged list. */
export const TOTAL_COUNT_HEADER = "x-total-count";
export const TOTAL_EXACT_HEADER = "x-total-count-exact";
export const NEXT_CURSOR_HEADER = "x-next-cursor";

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
