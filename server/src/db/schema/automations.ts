import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** An automation workflow: when `trigger` happens (and its conditions hold), run `action` with `config`. */
export const automationWorkflows = pgTable("automation_workflows", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: varchar("name", { length: 100 }).notNull(),
  /** new_lead, lead_updated or a domain event name (contract/events.ts). */
  trigger: varchar("trigger", { length: 100 }).notNull(),
  /** Conditions on the event's fields, all of which must hold: [{ field, operator, value }]. */
  conditions: jsonb("conditions").notNull().default([]),
  /** send_email, create_task, notify, update_lead. */
  action: varchar("action", { length: 100 }).notNull(),
  /** The action's settings, validated by the action's schema in contract/automations.ts. */
  config: jsonb("config").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /**
   * call_webhook only: the workflow's Standard Webhooks signing secret (whsec_…), AES-GCM encrypted with the key that
   * encrypts webhook endpoint secrets (kernel/outbound/secrets.ts); shown once, when the workflow is created.
   */
  signingSecretEncrypted: text("signing_secret_encrypted"),
  /** Who is told when a run fails; null once that account is gone. */
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** One run of a workflow for one event: the run log the screen shows per workflow. */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    workflowId: integer("workflow_id")
      .notNull()
      .references(() => automationWorkflows.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" }),
    eventName: varchar("event_name", { length: 100 }).notNull(),
    /** success, failed, or loop_stopped (the chain of automations reached the depth limit). */
    outcome: varchar("outcome", { length: 20 }).notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(1),
    durationMs: integer("duration_ms").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    /** The lead the run's event was about (no foreign key: the run log outlives the lead); its timeline shows the run. */
    leadId: integer("lead_id"),
  },
  (t) => [index("automation_runs_workflow_idx").on(t.workflowId, t.id)],
);
