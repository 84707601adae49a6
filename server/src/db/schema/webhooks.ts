import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, boolean, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./platform";

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** Where events are posted (Standard Webhooks). The signing secret is kept encrypted (AES-256-GCM), never in clear. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  url: text("url").notNull(),
  /** A name from contract/events.ts, or "*" for every event. */
  event: varchar("event", { length: 100 }).notNull(),
  /** base64 of iv (12 bytes) ‖ auth tag (16 bytes) ‖ ciphertext of the whsec_… secret. */
  secretEncrypted: text("secret_encrypted").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** Why the server disabled it (a 410, three days of failures); null when enabled or disabled by a person. */
  disabledReason: text("disabled_reason"),
  /** When the current run of failed attempts began; null after a success. */
  failingSince: at("failing_since"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** One message for one endpoint: an event (or a test) and where its delivery stands. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The outbox event it carries; null for a test event. */
    eventId: bigint("event_id", { mode: "number" }),
    eventName: varchar("event_name", { length: 100 }).notNull(),
    /** The JSON body sent, exactly (so a redelivery signs and sends the same bytes' content). */
    payload: jsonb("payload").notNull(),
    /** pending (waiting for next_attempt_at), delivered, failed (retries used up or endpoint disabled). */
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** Attempts in the current round (a redelivery starts a new round); the schedule of retries follows it. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
  ],
);

/** Every attempt to deliver, as an administrator sees it in the log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** The HTTP status answered; null when no answer came (refused address, timeout, connection error). */
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    /** The first 500 characters of the answer's body. */
    responseSnippet: text("response_snippet"),
    error: text("error"),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);
