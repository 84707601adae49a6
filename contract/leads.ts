import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDate, isoDateTime, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from "./list-reply";
import { moneyOutput } from "./money";
import {
  aliasShape,
  answeredShape,
  fieldAliases,
  fieldFallbacks,
  formFieldNames,
  maskOf,
  partialShape,
  summaryNames,
  withDefaults,
  writableShape,
} from "./declared-fields";
import { DEFAULT_PIPELINE_STAGE, leadFields, leadPrioritySchema, leadStatusSchema, type LeadStatus } from "./lead-fields";

export {
  DEFAULT_PIPELINE_STAGE,
  industryOptions,
  leadEmailSchema,
  leadFields,
  leadPriorities,
  leadPrioritySchema,
  leadStatuses,
  leadStatusSchema,
  phoneSchema,
  yearsInBusinessOptions,
  type LeadFieldName,
  type LeadFields,
  type LeadStatus,
} from "./lead-fields";

/** The status of a converted or lost lead moved back into an open pipeline stage (lw_lead_outcome in the database). */
export const REOPENED_LEAD_STATUS: LeadStatus = "qualified";
/** How a lead's status and pipeline stage follow each other (the stages' outcomes), for the endpoints' descriptions. */
export const LEAD_STAGE_STATUS_RULE =
  "Status and pipeline stage follow each other through the stages' outcomes: put in a won stage a lead becomes converted, in a lost stage lost " +
  `(whatever status was sent with it); a converted or lost lead put in an open stage (without a new status) becomes ${REOPENED_LEAD_STATUS}. ` +
  "A status changed to converted or lost moves a lead in an open stage to the first stage (by position) with that outcome, and a status " +
  `changed back to an open one moves a lead in a won or lost stage to the first open stage ('${DEFAULT_PIPELINE_STAGE}' unless a stored stage comes first). ` +
  "A stage name no stored stage has is no stage: its leads keep their status.";

const max = (n: number) => errorMessage("field.too_long", { max: n });

/** The writable lead fields before defaults are applied (declared in lead-fields.ts): forms pick their fields from this. */
export const leadFieldsSchema = z.object(writableShape(leadFields));

/**
 * Every writable lead field, as the Add Lead form, the quiz funnel and the API send them; unsent fields take their
 * defaults (lists are new arrays for each lead).
 */
export const leadInputSchema = leadFieldsSchema.transform(withDefaults(leadFields));
export type LeadInput = z.output<typeof leadInputSchema>;
export type LeadInputRaw = z.input<typeof leadInputSchema>;

/** A partial update: only the fields sent change. */
export const leadUpdateSchema = z
  .object(partialShape(leadFields))
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: errorMessage("request.empty_update") });
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

export const leadKpiSummarySchema = z.object({
  ytdRevenue: moneyOutput,
  mrr: moneyOutput,
  updatedAt: isoDateTime,
});

export const leadSchema = z.object({
  id: z.number().int(),
  ...answeredShape(leadFields),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  ...aliasShape(leadFields),
  kpi: leadKpiSummarySchema.nullable().describe("The lead's KPI record (from /api/kpi), or null when none exists"),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * What a row of a lead list carries unless the whole lead is asked for (view=full): what the lead screens show and
 * edit (the table's columns and the Edit Lead dialog's fields: owner, source and tags among them), and the lead's
 * place in the pipeline. A page of whole leads is five times the bytes (quiz answers, analysis,
 * custom fields, KPI), and serialising and sending them was most of a search's cost at a million leads.
 */
const leadSummaryMask = maskOf(["id", ...summaryNames(leadFields), "createdAt", "updatedAt"]);
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

/**
 * The list's sorts, one for each column of the leads table: contactName is the owner's first and last name, a lead with
 * no pipeline stage sorts as the 'New' stage, status and priority sort in their declared order (new → lost, low → high),
 * and an empty industry, assignee or source sorts first. Each is served by an index over (its key, id).
 */
export const leadSortFields = [
  "createdAt",
  "updatedAt",
  "businessName",
  "contactName",
  "email",
  "industry",
  "status",
  "priority",
  "pipelineStage",
  "assignedTo",
  "leadSource",
] as const;
export type LeadSortField = (typeof leadSortFields)[number];
export const leadSortSchema = z.enum([...leadSortFields, ...leadSortFields.map((f) => `-${f}` as const)]);
export type LeadSort = z.infer<typeof leadSortSchema>;
export const sortDirections = ["asc", "desc"] as const;
export const sortDirectionSchema = z
  .enum(sortDirections)
  .optional()
  .describe("asc or desc; when given it wins over a leading '-' in sort");

/** The sort a query asks for: sort=<field> or sort=-<field>, with dir (when given) deciding the direction. */
export function effectiveLeadSort(sort: LeadSort, dir: (typeof sortDirections)[number] | undefined): LeadSort {
  if (!dir) return sort;
  const field = sort.startsWith("-") ? sort.slice(1) : sort;
  return (dir === "desc" ? `-${field}` : field) as LeadSort;
}

export const LEAD_PAGE_DEFAULT = 50;
export const LEAD_PAGE_MAX = 500;
export const SEARCH_MIN_TRIGRAM = 3;

// A blank search or industry (an emptied input) means "no filter", in lists and exports alike.
const blankIsAbsent = (text: z.ZodString) => text.optional().transform((v) => v || undefined);

/**
 * A filter given once or repeated (?status=new&status=contacted): its values as a list, any of which matches. Blank
 * values (an emptied input) are dropped, and a filter left with none is no filter.
 */
const oneOrMany = <T extends z.ZodType<string>>(value: T) =>
  z
    .union([value, z.array(value).max(50, errorMessage("field.too_many", { max: 50 }))])
    .optional()
    .transform((v): z.output<T>[] | undefined => {
      const values = (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((x) => x !== "");
      return values.length ? values : undefined;
    });
const blankOr = <T extends z.ZodType<string>>(value: T) => z.union([z.literal(""), value]);
const freeText = (n: number) => z.string().trim().max(n, max(n));
const queryDay = (field: string) =>
  blankOr(isoDate(field))
    .optional()
    .transform((v) => v || undefined);
const queryAmount = () =>
  blankIsAbsent(
    z
      .string()
      .trim()
      .regex(/^-?\d{1,12}(\.\d{1,2})?$/, errorMessage("money.invalid")),
  );

export const LEAD_ASSIGNEE_ME = "me";
export const LEAD_ASSIGNEE_NONE = "none";
export const LEAD_AFFILIATE_ANY = "any";

/** One assignee filter value: a staff id, 'me' or 'none' (any letter case); anything else is 400 lead.invalid_assignee. */
const assigneeValue = blankOr(
  z
    .string()
    .trim()
    .refine((value) => /^(me|none)$/i.test(value) || (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2147483647), {
      message: errorMessage("lead.invalid_assignee"),
    }),
);

export const leadFilterSchema = z.object({
  q: blankIsAbsent(z.string().trim().max(200, max(200))).describe(
    "Case- and accent-insensitive search of business name, owner names, email and phone. Every word must occur, in any order: " +
      "words of 3+ characters anywhere, shorter ones at the start of a word. A single word of 1–2 characters matches the start of the business name",
  ),
  status: oneOrMany(blankOr(leadStatusSchema)).describe("Repeat for several: any of them"),
  priority: oneOrMany(blankOr(leadPrioritySchema)).describe("Repeat for several: any of them"),
  stage: oneOrMany(freeText(50)).describe(`Pipeline stage name in any letter case; '${DEFAULT_PIPELINE_STAGE}' includes the leads with no stage`),
  industry: oneOrMany(freeText(50)).describe("Repeat for several: any of them"),
  assignee: oneOrMany(assigneeValue).describe(
    `A member of staff's id (the lead's assigneeId); '${LEAD_ASSIGNEE_ME}' = the signed-in person (or the person whose API key it is); ` +
      `'${LEAD_ASSIGNEE_NONE}' = unassigned. Repeat for several: any of them`,
  ),
  source: oneOrMany(freeText(50)).describe("Lead source (any letter case or accents)"),
  affiliateCode: oneOrMany(freeText(50)).describe(
    `The affiliate code the lead came with (any letter case); '${LEAD_AFFILIATE_ANY}' = referred by any partner (a referral was recorded)`,
  ),
  tag: oneOrMany(freeText(50)).describe("The lead's tags hold this one (repeat: any of them)"),
  createdFrom: queryDay("createdFrom").describe("First creation day included (YYYY-MM-DD, UTC)"),
  createdTo: queryDay("createdTo").describe("Last creation day included (YYYY-MM-DD, UTC)"),
  updatedFrom: queryDay("updatedFrom").describe("First day of last change included (YYYY-MM-DD, UTC)"),
  updatedTo: queryDay("updatedTo").describe("Last day of last change included (YYYY-MM-DD, UTC)"),
  hasKpi: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true"))
    .describe("true: leads with KPI data; false: leads without"),
  revenueMin: queryAmount().describe("Least YTD revenue (from the lead's KPI data) included"),
  revenueMax: queryAmount().describe("Most YTD revenue (from the lead's KPI data) included"),
});
/** The filters as a client sends them (one value or several); the server reads z.output's lists. */
export type LeadFilter = Partial<z.input<typeof leadFilterSchema>>;
export type LeadFilterValues = z.output<typeof leadFilterSchema>;

/**
 * The table columns an export writes (ids of contract/lead-table.ts, which imports this file: the server checks each
 * id, answering 400 lead.unknown_column naming it). Comma-separated or repeated; blank means every field.
 */
const exportColumnsSchema = z
  .union([z.string().max(1000, max(1000)), z.array(z.string().max(1000, max(1000))).max(50, errorMessage("field.too_many", { max: 50 }))])
  .optional()
  .transform((v): string[] | undefined => {
    const ids = (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((item) => item.split(",")).map((id) => id.trim()).filter(Boolean);
    return ids.length ? ids : undefined;
  });

export const leadListQuerySchema = leadFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(LEAD_PAGE_MAX).default(LEAD_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000, errorMessage("list.offset_too_deep")).optional(),
  cursor: z.string().max(200).optional().describe("X-Next-Cursor of the previous page (faster than offset on large lists)"),
  sort: leadSortSchema.default("-createdAt"),
  dir: sortDirectionSchema,
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

/** The public /join form: its fields (the Add Lead fields), nothing a visitor should set (status, tags, affiliate code...). */
export const joinBodySchema = leadFieldsSchema.pick(maskOf(formFieldNames(leadFields, "join")));

// Endpoints

const leadTags = ["Leads"];
const leadFieldAliases =
  "The API answers some fields under a second name that some screens read: " +
  [
    ...fieldAliases(leadFields).map(([alias, name]) => `${alias} (= ${name})`),
    ...fieldFallbacks(leadFields).map(([name, fallback]) => `${name} ('${fallback}' when none is set)`),
  ].join(", ") +
  " and kpi {ytdRevenue, mrr, updatedAt} (the lead's KPI record, or null).";

export const leadEndpoints = defineEndpoints("leads", {
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
      `A JSON array, newest first by default; sort=<field> (or -<field>) with dir=asc|desc sorts by any column. Filters combine ` +
      `with AND; a filter repeated (?status=new&status=contacted) matches any of its values. The ${TOTAL_COUNT_HEADER} header ` +
      `holds the total matching; with a search term, or a filter other than status, industry and creation days, it counts ` +
      `up to 1,000 and ${TOTAL_EXACT_HEADER} says whether that total is exact (so does every list of an agent limited to their own ` +
      `and unassigned leads by the lead access setting, who sees, counts and exports only those). When another page follows, ${NEXT_CURSOR_HEADER} ` +
      `holds the cursor for it. Rows hold the lead's summary fields unless view=full. ${leadFieldAliases}`,
  }),
  exportCsv: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/leads/export.csv",
    query: leadFilterSchema.extend({ sort: leadSortSchema.default("-createdAt"), dir: sortDirectionSchema, columns: exportColumnsSchema }),
    download: "csv",
    errors: [400],
    tags: leadTags,
    summary: "Every lead matching the filters (the list's filters and sort)",
    description:
      "Without columns, every exported field of the lead. With columns (the leads table's column ids, in order: business, owner, " +
      "email, industry, status, priority, stage, assignee, source, created, updated; comma-separated or repeated), the ID and " +
      "those columns in that order, as a saved view shows them; an unknown column is a 400 naming it (lead.unknown_column).",
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id",
    params: idParamsSchema,
    reply: leadSchema,
    errors: [404, 410],
    tags: leadTags,
    summary: "One lead",
    description:
      `${leadFieldAliases} A lead merged into another answers 410 lead_duplicates.merged_away with mergedInto, the kept lead's id. ` +
      "A lead outside the caller's lead scope (an agent limited to their own and unassigned leads) answers 404, as an unknown id does.",
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
      "and `attribution` says why no referral was recorded. " +
      LEAD_STAGE_STATUS_RULE,
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "leads.write",
    path: "/leads/:id",
    params: idParamsSchema,
    body: leadUpdateSchema,
    reply: leadSchema,
    errors: [400, 404, 409, 410],
    tags: leadTags,
    summary: "Change a lead: only the fields sent change",
    description: LEAD_STAGE_STATUS_RULE,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    permission: "leads.delete",
    path: "/leads/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404, 410],
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
});
