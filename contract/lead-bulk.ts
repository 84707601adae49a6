import { z } from "zod";
import { idParamsSchema, isoDateTime, rowIdSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";
import { LEAD_STAGE_STATUS_RULE, leadFilterSchema, leadPrioritySchema, leadStatusSchema } from "./leads";

/** The actions a bulk job can take on every selected lead (issue 26.3). */
export const leadBulkActions = ["assign", "status", "priority", "stage", "addTag", "removeTag", "delete", "export"] as const;
export type LeadBulkAction = (typeof leadBulkActions)[number];

/** The permission each action needs beyond leads.write (for the UI to hide or explain what a role may not do). */
export const leadBulkActionPermission = {
  assign: "leads.write",
  status: "leads.write",
  priority: "leads.write",
  stage: "leads.write",
  addTag: "leads.write",
  removeTag: "leads.write",
  delete: "leads.delete",
  export: "data.export",
} as const satisfies Record<LeadBulkAction, string>;

export const LEAD_BULK_MAX_IDS = 10_000;
/** At most this many per-lead failures are kept on a job (the counts stay exact). */
export const LEAD_BULK_MAX_FAILURES = 100;

export const leadBulkJobStatuses = ["queued", "running", "cancelling", "cancelled", "done", "failed"] as const;
export type LeadBulkJobStatus = (typeof leadBulkJobStatuses)[number];
export const leadBulkFinished: readonly LeadBulkJobStatus[] = ["cancelled", "done", "failed"];

const tagValue = z.string().trim().min(1).max(50, errorMessage("field.too_long", { max: 50 }));
/**
 * Each action's value: a member of staff's id to assign to (null or "none": unassign; the lead's assigneeId, whose
 * name assignedTo then shows), a status or priority of the declared enums, a stage name (of a stored stage), a tag.
 */
export const leadBulkValueSchemas = {
  assign: z
    .union([z.number().int().positive().max(2147483647), z.literal("none"), z.null()])
    .transform((v) => (v === "none" ? null : v)),
  status: leadStatusSchema,
  priority: leadPrioritySchema,
  stage: z.string().trim().min(1).max(50, errorMessage("field.too_long", { max: 50 })),
  addTag: tagValue,
  removeTag: tagValue,
  delete: z.null().optional().transform(() => null),
  export: z.null().optional().transform(() => null),
} satisfies Record<LeadBulkAction, z.ZodType>;

export const leadBulkRequestSchema = z
  .object({
    ids: z.array(rowIdSchema).min(1).max(LEAD_BULK_MAX_IDS).optional().describe(`The leads ticked (1 to ${LEAD_BULK_MAX_IDS})`),
    filter: leadFilterSchema.optional().describe("Every lead matching the list's filters (GET /api/leads's filter fields)"),
    expectedTotal: z.number().int().min(0).optional().describe("With filter: the count the person confirmed"),
    action: z.enum(leadBulkActions),
    value: z.unknown().optional().describe("assign: a staff member's id (null or \"none\" unassigns; an unknown or deactivated one is a 400 naming value); status/priority: one of the enums; stage: a stored stage's name; addTag/removeTag: a tag; delete/export: none"),
  })
  .superRefine((body, issue) => {
    const hasIds = body.ids !== undefined;
    const hasFilter = body.filter !== undefined;
    if (hasIds === hasFilter) issue.addIssue({ code: "custom", path: [hasIds ? "filter" : "ids"], message: errorMessage("lead_bulk.selection_required") });
    if (hasFilter && body.expectedTotal === undefined) issue.addIssue({ code: "custom", path: ["expectedTotal"], message: errorMessage("lead_bulk.selection_required") });
    const parsed = leadBulkValueSchemas[body.action].safeParse(body.value ?? null);
    if (!parsed.success) issue.addIssue({ code: "custom", path: ["value"], message: errorMessage("lead_bulk.value_invalid", { action: body.action }) });
  });
export type LeadBulkRequest = z.input<typeof leadBulkRequestSchema>;

export const leadBulkFailureSchema = z.object({ leadId: z.number().int(), code: z.string() });

export const leadBulkJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(leadBulkJobStatuses),
  action: z.enum(leadBulkActions),
  value: z.string().nullable().describe("The action's value as stored (assign: the staff id as text, null to unassign)"),
  total: z.number().int(),
  done: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int().describe("Already had the value"),
  failed: z.number().int(),
  failures: z.array(leadBulkFailureSchema).describe(`The first ${LEAD_BULK_MAX_FAILURES} failures, each a lead and a code`),
  hasFile: z.boolean().describe("An export's CSV is ready at GET /api/leads/bulk/{id}/file"),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
});
export type LeadBulkJob = z.infer<typeof leadBulkJobSchema>;

const tags = ["Leads"];

export const leadBulkEndpoints = defineEndpoints("leadBulk", {
  start: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads/bulk",
    body: leadBulkRequestSchema,
    reply: leadBulkJobSchema,
    status: 202,
    errors: [400, 403, 409],
    tags,
    summary: "Start a bulk action on the leads ticked or on every lead matching a filter",
    description:
      "Runs as a background job in batches (poll GET /api/leads/bulk/{id}). With a filter, expectedTotal is the count the person " +
      "confirmed: if the filter selects another number of leads when the job is asked for, the answer is 409 lead_bulk.count_changed " +
      "with the current count, and nothing starts. delete needs leads.delete and export data.export as well as leads.write (403 " +
      "lead_bulk.delete_forbidden / lead_bulk.export_forbidden). Each changed lead gets its audit row, its events and its timeline " +
      "entry; a lead that already had the value is skipped; a selected id with no lead fails with lead_bulk.lead_missing. A job " +
      "acts within the lead scope of the person who asked for it (an agent limited to their own and unassigned leads), also " +
      "when it runs later: a lead outside it fails with lead_bulk.lead_missing, exactly as an unknown id does. " +
      LEAD_STAGE_STATUS_RULE,
  }),
  list: defineEndpoint({
    method: "GET",
    permission: "leads.write",
    path: "/leads/bulk",
    reply: z.array(leadBulkJobSchema),
    tags,
    summary: "The signed-in person's recent bulk actions (newest first, up to 20)",
  }),
  get: defineEndpoint({
    method: "GET",
    permission: "leads.write",
    path: "/leads/bulk/:id",
    params: idParamsSchema,
    reply: leadBulkJobSchema,
    errors: [404],
    tags,
    summary: "One of the signed-in person's bulk actions, with its progress",
  }),
  cancel: defineEndpoint({
    method: "POST",
    permission: "leads.write",
    path: "/leads/bulk/:id/cancel",
    params: idParamsSchema,
    reply: leadBulkJobSchema,
    errors: [404, 409],
    tags,
    summary: "Cancel a bulk action: it stops after the batch under way; what is done stays done",
  }),
  file: defineEndpoint({
    method: "GET",
    permission: "data.export",
    path: "/leads/bulk/:id/file",
    params: idParamsSchema,
    download: "csv",
    errors: [404],
    tags,
    summary: "The CSV a finished bulk export wrote (the same columns as GET /api/leads/export.csv)",
  }),
});
