import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime, okSchema, rowIdSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { DEFAULT_PIPELINE_STAGE, REOPENED_LEAD_STATUS, leadSchema, leadStatusSchema } from "./leads";
import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from "./list-reply";

export { DEFAULT_PIPELINE_STAGE, REOPENED_LEAD_STATUS };

export const STAGE_NAME_MAX = 50;
export const STAGE_POSITION_DEFAULT = 1;
export const STAGE_POSITION_MIN = 1;
export const STAGE_POSITION_MAX = 10_000;
/** The implicit stage of leads without one sorts before every stored stage. */
export const IMPLICIT_STAGE_POSITION = 0;
/** Lead names each stage card shows. */
export const STAGE_RECENT_LEADS = 3;
export const PIPELINE_LEAD_PAGE_DEFAULT = 25;
export const PIPELINE_LEAD_PAGE_MAX = 200;

// Messages come from the zod error map (field.required, field.too_long, field.at_least...).
const stageNameSchema = z.string().trim().min(1).max(STAGE_NAME_MAX);

/**
 * What reaching a stage means for a lead. A lead moved into a won stage becomes converted, into a lost stage lost;
 * moved from either into an open stage it is open again (REOPENED_LEAD_STATUS). The implicit 'New' stage is open.
 */
export const stageOutcomes = ["open", "won", "lost"] as const;
export const stageOutcomeSchema = z.enum(stageOutcomes, { error: errorMessage("pipeline.invalid_outcome", { options: stageOutcomes.join(", ") }) });
export type StageOutcome = z.infer<typeof stageOutcomeSchema>;
export const STAGE_OUTCOME_DEFAULT: StageOutcome = "open";

/** A new stage. Names are unique in any letter case (409). */
export const pipelineStageCreateSchema = z.object({
  name: stageNameSchema,
  position: z.number().int().min(STAGE_POSITION_MIN).max(STAGE_POSITION_MAX).default(STAGE_POSITION_DEFAULT),
  outcome: stageOutcomeSchema.default(STAGE_OUTCOME_DEFAULT).describe("won: leads moved here become converted; lost: lost; open: neither"),
});
export type PipelineStageCreate = z.output<typeof pipelineStageCreateSchema>;
export type PipelineStageCreateInput = z.input<typeof pipelineStageCreateSchema>;

/**
 * A stored stage's name and outcome, both sent. Renaming moves its leads with it (their pipeline stage takes the new
 * name); a won or lost outcome gives the leads in it that status now, as creating the stage would.
 */
export const pipelineStageUpdateSchema = z.object({
  name: stageNameSchema,
  outcome: stageOutcomeSchema,
});
export type PipelineStageUpdate = z.output<typeof pipelineStageUpdateSchema>;

/** A new order: every stored stage's id, first to last; positions become 1, 2, 3… */
export const pipelineStageOrderSchema = z.object({
  stageIds: z.array(rowIdSchema).max(STAGE_POSITION_MAX),
});
export type PipelineStageOrder = z.output<typeof pipelineStageOrderSchema>;

export const pipelineLeadSummarySchema = z.object({
  id: z.number().int(),
  businessName: z.string(),
  businessOwnerName: z.string(),
  businessOwnerLastName: z.string(),
});
export type PipelineLeadSummary = z.infer<typeof pipelineLeadSummarySchema>;

export const pipelineStageSchema = z.object({
  id: z.number().int().nullable().describe(`Null for the implicit '${DEFAULT_PIPELINE_STAGE}' stage (leads without a stage), which cannot be deleted`),
  name: z.string(),
  position: z.number().int(),
  outcome: stageOutcomeSchema,
  implicit: z.boolean().describe(`True for '${DEFAULT_PIPELINE_STAGE}' when no stored stage has that name`),
  leadCount: z.number().int().describe("Exact, read from counters kept by the database"),
  recentLeads: z.array(pipelineLeadSummarySchema).describe(`The ${STAGE_RECENT_LEADS} newest leads in the stage`),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;

/** A lead card on the pipeline board. */
export const pipelineLeadSchema = pipelineLeadSummarySchema.extend({
  email: z.string(),
  status: leadStatusSchema,
  pipelineStage: z.string(),
  assignedTo: z.string().nullable(),
  createdAt: isoDateTime,
});
export type PipelineLead = z.infer<typeof pipelineLeadSchema>;

export const pipelineLeadsQuerySchema = z.object({
  stage: stageNameSchema,
  limit: z.coerce.number().int().min(1).max(PIPELINE_LEAD_PAGE_MAX).default(PIPELINE_LEAD_PAGE_DEFAULT),
  cursor: z.string().max(200).optional().describe(`${NEXT_CURSOR_HEADER} of the previous page`),
});
export type PipelineLeadsQuery = z.output<typeof pipelineLeadsQuerySchema>;
export type PipelineLeadsQueryInput = z.input<typeof pipelineLeadsQuerySchema>;

export const leadPipelineBodySchema = z.object({
  stage: stageNameSchema.describe(`A stage's name in any letter case, or '${DEFAULT_PIPELINE_STAGE}'`),
});
export type LeadPipelineBody = z.output<typeof leadPipelineBodySchema>;

export const leadPipelineParamsSchema = z.object({
  leadId: idParamsSchema.shape.id,
});

/** The Productivity Pipeline's four cards in one call. */
export const pipelineOverviewSchema = z.object({
  totalLeads: z.number().int(),
  activeTasks: z.number().int().describe("Tasks not completed"),
  pipelineStages: z.number().int().describe("Stored stages (the implicit one not counted)"),
  unreadNotifications: z.number().int().describe("The signed-in user's"),
});
export type PipelineOverview = z.infer<typeof pipelineOverviewSchema>;

// Endpoints

const tags = ["Pipeline"];

export const pipelineEndpoints = defineEndpoints("pipeline", {
  listStages: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/pipeline-stages",
    reply: z.array(pipelineStageSchema),
    tags,
    summary: "Every pipeline stage by position, with its exact lead count and newest leads",
    description: `Starts with the implicit '${DEFAULT_PIPELINE_STAGE}' stage (id null) unless a stored stage has that name; either way, leads without a stage count as '${DEFAULT_PIPELINE_STAGE}'.`,
  }),
  createStage: defineEndpoint({
    method: "POST",
    permission: "pipeline.manage",
    path: "/pipeline-stages",
    body: pipelineStageCreateSchema,
    reply: pipelineStageSchema,
    status: 201,
    errors: [400, 409],
    tags,
    summary: "Create a pipeline stage",
    description:
      "A name already used, in any letter case, answers 409. outcome (default open) says what reaching the stage means: leads already holding the name of a new won or lost stage take its status at once (converted or lost).",
  }),
  reorderStages: defineEndpoint({
    method: "PUT",
    permission: "pipeline.manage",
    path: "/pipeline-stages/order",
    body: pipelineStageOrderSchema,
    reply: z.array(pipelineStageSchema),
    errors: [400],
    tags,
    summary: "Put the stages in a new order",
    description: "stageIds lists every stored stage once, first to last (400 otherwise); answers the stages as GET does.",
  }),
  updateStage: defineEndpoint({
    method: "PUT",
    path: "/pipeline-stages/:id",
    permission: "pipeline.manage",
    params: idParamsSchema,
    body: pipelineStageUpdateSchema,
    reply: pipelineStageSchema,
    errors: [400, 404, 409],
    tags,
    summary: "Rename a pipeline stage or change its outcome",
    description:
      "A name another stage uses, in any letter case, answers 409. The stage's leads keep their place: each one's pipeline stage takes the new name (a field change on its timeline and a lead.updated event). " +
      "A won or lost outcome gives the leads already in the stage its status at once (converted or lost), as creating the stage does; an open outcome changes no lead's status.",
  }),
  deleteStage: defineEndpoint({
    method: "DELETE",
    permission: "pipeline.manage",
    path: "/pipeline-stages/:id",
    params: idParamsSchema,
    reply: okSchema,
    errors: [404, 409],
    tags,
    summary: "Delete a pipeline stage that holds no leads",
    description: "A stage that still holds leads answers 409.",
  }),
  stageLeads: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/pipeline/leads",
    query: pipelineLeadsQuerySchema,
    reply: z.array(pipelineLeadSchema),
    paged: true,
    errors: [400],
    tags,
    summary: "A page of the leads in one stage, newest first (a board column)",
    description: `${TOTAL_COUNT_HEADER} holds the stage's exact lead count; ${NEXT_CURSOR_HEADER} the cursor of the next page. Stage names match in any letter case.`,
  }),
  overview: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/pipeline/overview",
    reply: pipelineOverviewSchema,
    tags,
    summary: "Totals for the Productivity Pipeline's cards",
  }),
  moveLead: defineEndpoint({
    method: "PUT",
    permission: "leads.write",
    path: "/leads/:leadId/pipeline",
    params: leadPipelineParamsSchema,
    body: leadPipelineBodySchema,
    reply: leadSchema,
    errors: [400, 404],
    tags,
    summary: "Move a lead to a pipeline stage",
    description: `An unknown stage answers 400 naming \`stage\`. Moving to '${DEFAULT_PIPELINE_STAGE}' clears the lead's stage when no stored stage has that name. The lead's assignee (a staff email in assignedTo) is notified. The stage's outcome sets the status: into a won stage the lead becomes converted (which records its referral's commission, once), into a lost stage lost; a converted or lost lead moved into an open stage becomes '${REOPENED_LEAD_STATUS}' (a pending or approved commission is voided, a paid one stays paid; winning again revives the same commission).`,
  }),
});
