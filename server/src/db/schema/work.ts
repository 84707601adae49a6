import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { technicalIssues } from "./issues";
import { leads } from "./leads";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const tasks = pgTable(
  "tasks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    dueDate: date("due_date", { mode: "string" }),
    priority: varchar("priority", { length: 20 }).notNull().default("medium"),
    status: varchar("status", { length: 20 }).notNull().default("open"),
    /** daily, weekly or monthly; null for a task that does not recur (the API's `recurring` is `recurrence IS NOT NULL`). */
    recurrence: varchar("recurrence", { length: 20 }),
    // A task outlives the lead or issue it was about: the work may still need doing, so the link is cleared.
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    issueId: integer("issue_id").references(() => technicalIssues.id, { onDelete: "set null" }),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The occurrence whose completion created this one. Unique, so completing an occurrence creates its successor
     * at most once, however many requests complete it at the same moment.
     */
    recurredFromId: integer("recurred_from_id").references((): AnyPgColumn => tasks.id, { onDelete: "set null" }),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3 }),
    /**
     * The automation workflow whose create_task action made this task (null: made by staff or a recurrence). No
     * foreign key: the AI insights keep counting tasks an automation made after that automation is deleted.
     */
    createdByAutomationId: integer("created_by_automation_id"),
    createdAt: at("created_at"),
    updatedAt: at("updated_at"),
  },
  (t) => [
    // The list's order: unfinished before completed, each soonest due first, no due date last.
    index("tasks_list_order_idx").on(sql`(${t.status} = 'completed')`, sql`coalesce(${t.dueDate}, 'infinity'::date)`, t.id),
    index("tasks_lead_idx").on(t.leadId),
    index("tasks_issue_idx").on(t.issueId),
    index("tasks_assignee_idx").on(t.assigneeId, t.status),
    // What the due-reminder job and the Active Tasks card read: only tasks still to do.
    index("tasks_active_due_idx").on(t.dueDate).where(sql`${t.status} <> 'completed'`),
    uniqueIndex("tasks_recurred_from_idx").on(t.recurredFromId),
    check("tasks_priority_check", sql`${t.priority} IN ('low', 'medium', 'high')`),
    check("tasks_status_check", sql`${t.status} IN ('open', 'in_progress', 'completed')`),
    check("tasks_recurrence_check", sql`${t.recurrence} IN ('daily', 'weekly', 'monthly')`),
  ],
);

/** Which due reminders were sent, one row per task and UTC day: the job's record of "already told today". */
export const taskReminders = pgTable(
  "task_reminders",
  {
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: at("sent_at"),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.day] }), index("task_reminders_day_idx").on(t.day)],
);

export const pipelineStages = pgTable(
  "pipeline_stages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 50 }).notNull(),
    position: integer("position").notNull().default(1),
    /**
     * What reaching the stage means (contract/pipeline.ts stageOutcomes): a lead in a won stage is converted, in a lost
     * stage lost. The trigger lw_lead_outcome (migration 0034) keeps leads' status and stage in step.
     */
    outcome: varchar("outcome", { length: 10 }).notNull().default("open"),
    createdAt: at("created_at"),
  },
  (t) => [
    uniqueIndex("pipeline_stages_name_lower_idx").on(sql`lower(${t.name})`),
    index("pipeline_stages_position_idx").on(t.position, t.id),
    check("pipeline_stages_outcome_check", sql`${t.outcome} IN ('open', 'won', 'lost')`),
  ],
);

/**
 * Leads per pipeline stage, keyed by lower(coalesce(leads.pipeline_stage, 'New')), kept exact by a trigger on leads
 * (migration 0009) so stage counts never scan the leads table.
 */
export const pipelineStageCounts = pgTable("pipeline_stage_counts", {
  stageKey: varchar("stage_key", { length: 50 }).primaryKey(),
  n: integer("n").notNull(),
});
