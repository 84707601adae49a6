import { z } from "zod";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { errorMessage } from "./error-message";

/**
 * Who made a change on a lead's timeline. Written by the server where a transaction opens (kernel/actor-context.ts)
 * and read back by the timeline's triggers: a staff member, an API key acting for one, the public form, an import,
 * an automation, or the system (a job acting for nobody).
 */
export const timelineActorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("user"), userId: z.number().int(), name: z.string() }),
  z.object({ kind: z.literal("apiKey"), apiKeyId: z.number().int(), userId: z.number().int(), name: z.string(), label: z.string().optional() }),
  z.object({ kind: z.literal("public") }),
  z.object({ kind: z.literal("import"), importId: z.number().int(), userId: z.number().int().optional(), name: z.string().optional() }),
  z.object({ kind: z.literal("automation"), workflowId: z.number().int(), name: z.string() }),
  z.object({ kind: z.literal("system") }),
]);
export type TimelineActor = z.infer<typeof timelineActorSchema>;

/** The kinds of entry, the filter's choices, in the order the filter lists them. */
export const TIMELINE_KINDS = [
  "created",
  "changed",
  "stage",
  "assignment",
  "task",
  "kpi",
  "referral",
  "commission",
  "issue",
  "automation",
  "email",
  "survey",
  "note",
  "attachment",
  "merged",
  "deleted",
] as const;
export const timelineKindSchema = z.enum(TIMELINE_KINDS);
export type TimelineKind = z.infer<typeof timelineKindSchema>;

export const timelineChangeSchema = z.object({
  field: z.string().describe("The lead field as the API names it (businessName, pipelineStage…)"),
  from: z.unknown(),
  to: z.unknown(),
});
export type TimelineChange = z.infer<typeof timelineChangeSchema>;

export const timelineEntrySchema = z.object({
  id: z.number().int(),
  kind: timelineKindSchema,
  at: isoDateTime,
  actor: timelineActorSchema,
  changes: z.array(timelineChangeSchema).nullable().describe("For a change of the lead's own fields: each field before and after"),
  subject: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("What the entry is about when it is another record (a task, a note, an email…), with what it is now: an email's delivery status, a note's text"),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineQuerySchema = z.object({
  kind: timelineKindSchema.optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, errorMessage("list.cursor_mismatch"))
    .optional()
    .describe("nextCursor of the page before"),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelinePageSchema = z.object({
  entries: z.array(timelineEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

export const timelineEndpoints = defineEndpoints("timeline", {
  list: defineEndpoint({
    method: "GET",
    permission: "crm.read",
    path: "/leads/:id/timeline",
    params: idParamsSchema,
    query: timelineQuerySchema,
    reply: timelinePageSchema,
    errors: [404, 410],
    tags: ["Leads"],
    summary: "Everything that happened to a lead, newest first",
    description:
      "Each entry is written by the database in the transaction of the change it records, so the timeline is complete: created (and through what), every field change with before and after, stage moves, assignment, tasks, KPI syncs, referral and commission, linked issues, automation runs, emails with their delivery status, surveys, notes and files, and a merge (another lead's history joins this one's; a merged-away lead answers 410 with mergedInto). Page with nextCursor; filter with kind.",
  }),
});
