import { z } from "zod";
import {
  choice,
  jsonList,
  optionalBoolean,
  optionalId,
  optionalJsonObject,
  optionalText,
  optionalTextOf,
  requiredText,
  requiredTextOf,
  textList,
  withFallback,
  type FieldDeclarations,
} from "./declared-fields";
import { errorMessage } from "./error-message";

/*
 * The lead's fields, each declared once: its type and bounds (and so its default), its labels, and whether it is in
 * a list row's summary, on the Add Lead, Edit Lead and /join forms, in the CSV export, and under which other names the
 * CSV import reads it. contract/leads.ts derives the API's schemas from this, the client its forms, the server the
 * export's columns and the import's header names. Adding a field: one entry here, its column and migration
 * (server/src/db/schema/leads.ts, npm run db:generate), and its label in en and es.
 */

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

export const phoneSchema = z
  .string()
  .trim()
  .max(30, max(30))
  .regex(/^[+()\d\s.\-/x]*$/i, errorMessage("field.invalid_phone"))
  .nullable()
  .transform((v) => (v ? v : null));

const emailRequired = errorMessage("field.email_required");
export const leadEmailSchema = z.string({ error: emailRequired }).trim().max(150, max(150)).pipe(z.email(emailRequired));

/** The value sets a form's choice offers, by name (the client labels each set's values). */
export const leadOptionSets = {
  yearsInBusiness: yearsInBusinessOptions,
  industry: industryOptions,
  status: leadStatuses,
  priority: leadPriorities,
} as const;
export type LeadOptionSet = keyof typeof leadOptionSets;

/**
 * How a form asks for a lead field: typed text (an email address, a phone number, with a placeholder's hint), a
 * choice from a value set (with "not specified" when the field may be empty), a member of staff (by id), or tags.
 */
export type LeadFieldInput =
  | { readonly control: "text"; readonly type?: "email" | "tel"; readonly placeholder?: string }
  | { readonly control: "select"; readonly options: LeadOptionSet; readonly none?: boolean }
  | { readonly control: "staff" }
  | { readonly control: "tags" };

/**
 * The groups of the lead's page (/leads/{id}), in the order it shows them; each field names its group, and a field
 * with none is not on the page (the analysis and the quiz's raw history).
 */
export const leadFieldGroups = ["contact", "business", "source", "work", "tags", "quiz"] as const;
export type LeadFieldGroup = (typeof leadFieldGroups)[number];

const ADD_EDIT_JOIN = ["add", "edit", "join"] as const;
const EDIT = ["edit"] as const;

export const leadFields = {
  businessOwnerName: {
    type: requiredText(100, errorMessage("lead.first_name_required")),
    group: "contact",
    label: "leads.fields.firstName",
    importLabel: "migration.targets.businessOwnerName",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 1, half: true, input: { control: "text" } },
    export: { header: "First name", order: 2 },
  },
  businessOwnerLastName: {
    type: requiredText(100, errorMessage("lead.last_name_required")),
    group: "contact",
    label: "leads.fields.lastName",
    importLabel: "migration.targets.businessOwnerLastName",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 2, half: true, input: { control: "text" } },
    export: { header: "Last name", order: 3 },
    import: ["surname"],
  },
  businessName: {
    type: requiredText(150, errorMessage("lead.business_name_required")),
    group: "business",
    label: "leads.fields.businessName",
    importLabel: "migration.targets.businessName",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 3, input: { control: "text" } },
    export: { header: "Business", order: 1 },
    import: ["company", "companyname"],
  },
  email: {
    type: requiredTextOf(leadEmailSchema),
    group: "contact",
    label: "leads.fields.email",
    importLabel: "migration.targets.email",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 4, input: { control: "text", type: "email" } },
    export: { header: "Email", order: 4 },
    import: ["emailaddress", "mail"],
    alsoAnsweredAs: "businessOwnerEmail",
  },
  phoneNumber: {
    type: optionalTextOf(phoneSchema),
    group: "contact",
    label: "leads.fields.phoneNumber",
    importLabel: "migration.targets.phoneNumber",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 5, input: { control: "text", type: "tel" } },
    export: { header: "Phone", order: 5 },
    import: ["telephone", "tel", "mobile"],
  },
  yearsInBusiness: {
    type: optionalText(30),
    group: "business",
    label: "leads.fields.yearsInBusiness",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 6, half: true, input: { control: "select", options: "yearsInBusiness", none: true } },
    export: { header: "Years in business", order: 7 },
  },
  employeeCount: {
    type: optionalText(30),
    label: "leadPage.fields.employeeCount",
    group: "business",
    export: { header: "Employees", order: 8 },
  },
  industry: {
    type: optionalText(50),
    group: "business",
    label: "leads.fields.industry",
    importLabel: "migration.targets.industry",
    summary: true,
    form: { on: ADD_EDIT_JOIN, order: 7, half: true, input: { control: "select", options: "industry", none: true } },
    export: { header: "Industry", order: 6 },
    import: ["sector"],
    alsoAnsweredAs: "businessType",
  },
  industryOther: { type: optionalText(100), label: "leadPage.fields.industryOther", group: "business" },
  currentCrmUsage: { type: optionalBoolean(), label: "leadPage.fields.currentCrmUsage", group: "quiz" },
  currentCrmPlatform: { type: optionalText(100), label: "leadPage.fields.currentCrmPlatform", group: "quiz" },
  currentSoftwareChallenges: { type: textList(50, 200), label: "leadPage.fields.currentSoftwareChallenges", group: "quiz" },
  currentSoftwareChallengesOther: { type: optionalText(5000), label: "leadPage.fields.currentSoftwareChallengesOther", group: "quiz" },
  crmChallenges: { type: textList(50, 200), label: "leadPage.fields.crmChallenges", group: "quiz" },
  crmChallengesOther: { type: optionalText(5000), label: "leadPage.fields.crmChallengesOther", group: "quiz" },
  desiredFeatures: { type: textList(50, 200), label: "leadPage.fields.desiredFeatures", group: "quiz" },
  desiredFeaturesOther: { type: optionalText(5000), label: "leadPage.fields.desiredFeaturesOther", group: "quiz" },
  metricsTrackingMethod: { type: optionalText(50), label: "leadPage.fields.metricsTrackingMethod", group: "quiz" },
  preferredInsightMethod: { type: optionalText(50), label: "leadPage.fields.preferredInsightMethod", group: "quiz" },
  preferredInsightMethodOther: { type: optionalText(100), label: "leadPage.fields.preferredInsightMethodOther", group: "quiz" },
  crmSetupResponsible: { type: optionalText(50), label: "leadPage.fields.crmSetupResponsible", group: "quiz" },
  quizVersion: { type: optionalText(20), label: "leadPage.fields.quizVersion", group: "quiz" },
  quizSource: { type: optionalText(50), label: "leadPage.fields.quizSource", group: "quiz" },
  affiliateCode: {
    type: optionalText(50),
    label: "leadPage.fields.affiliateCode",
    group: "source",
    importLabel: "migration.targets.affiliateCode",
    export: { header: "Affiliate code", order: 13 },
    import: ["affiliate", "referralcode"],
  },
  quizHistory: { type: jsonList(200) },
  aiAnalysis: { type: optionalJsonObject() },
  leadSource: {
    type: optionalText(50),
    group: "source",
    label: "leads.fields.source",
    summary: true,
    form: { on: EDIT, order: 11, half: true, input: { control: "text", placeholder: "leads.fields.sourcePlaceholder" } },
    export: { header: "Lead source", order: 12 },
  },
  status: {
    type: choice(leadStatusSchema, "new"),
    group: "work",
    label: "leads.fields.status",
    importLabel: "migration.targets.status",
    summary: true,
    form: { on: EDIT, order: 8, half: true, input: { control: "select", options: "status" } },
    export: { header: "Status", order: 9 },
  },
  priority: {
    type: choice(leadPrioritySchema, "medium"),
    group: "work",
    label: "leads.fields.priority",
    summary: true,
    form: { on: EDIT, order: 9, half: true, input: { control: "select", options: "priority" } },
    export: { header: "Priority", order: 10 },
  },
  assignedTo: {
    type: optionalText(100),
    label: "leads.fields.assignee",
    summary: true,
    export: { header: "Assigned to", order: 14 },
  },
  /**
   * Who the lead is assigned to, as a member of staff; assignedTo then answers the person's name. Text sent as
   * assignedTo is matched to staff by name or email (and kept as text when nobody or several match).
   */
  assigneeId: {
    type: optionalId(),
    group: "work",
    label: "leads.fields.assignee",
    summary: true,
    form: { on: EDIT, order: 10, half: true, input: { control: "staff" } },
  },
  tags: {
    type: textList(50, 50),
    group: "tags",
    label: "leads.fields.tags",
    summary: true,
    form: { on: EDIT, order: 12, input: { control: "tags" } },
    export: { header: "Tags", order: 15 },
  },
  customFields: { type: optionalJsonObject(), label: "leadPage.fields.customFields", group: "tags" },
  pipelineStage: {
    type: withFallback(optionalText(50), DEFAULT_PIPELINE_STAGE, `The lead's pipeline stage; '${DEFAULT_PIPELINE_STAGE}' when none is set`),
    label: "leadPage.fields.pipelineStage",
    group: "work",
    summary: true,
    export: { header: "Pipeline stage", order: 11 },
  },
} as const satisfies FieldDeclarations<LeadFieldInput, LeadFieldGroup>;

export type LeadFields = typeof leadFields;
export type LeadFieldName = keyof LeadFields;
