import { z } from "zod";
import { errorMessage } from "./error-message";
import { codedMessageSchema, idParamsSchema, isoDateTime, MAX_ROW_ID, okSchema } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";
import { domainEventNames } from "./events";

/** Every event, for an endpoint that wants them all. */
export const ALL_WEBHOOK_EVENTS = "*";
/** The name a "send test event" delivery carries: no domain event has it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export const WEBHOOK_URL_MAX = 2000;
/** How much of a receiver's answer each attempt keeps. */
export const WEBHOOK_SNIPPET_MAX = 500;

export const webhookEventOptions = [ALL_WEBHOOK_EVENTS, ...domainEventNames] as const;

export const webhookEventSchema = z
  .enum(webhookEventOptions, { error: errorMessage("webhook.invalid_event") })
  .describe("A domain event name (see contract/events.ts), or `*` for every event");

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && url.username === "" && url.password === "";
  }, errorMessage("webhook.invalid_url"))
  .describe("An http:// or https:// URL; private, loopback and link-local addresses are refused, also after DNS resolution and redirects");

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  event: webhookEventSchema.default(ALL_WEBHOOK_EVENTS),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z.object({ enabled: z.boolean() });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  event: z.string(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe("Why the server disabled it (the receiver answered 410, or it failed for 3 days), in English"),
  disabledReasonCode: codedMessageSchema.nullable().describe("The same as a code of webhookDisableReasons with params; null when disabled by a person or before codes"),
  failingSince: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  secret: z.string().startsWith("whsec_").describe("The signing secret (Standard Webhooks), returned only in this answer"),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseSnippet: z.string().nullable(),
  error: z.string().nullable(),
  at: isoDateTime,
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStatuses = ["pending", "delivered", "failed"] as const;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  messageId: z.string().describe("The webhook-id header: the same on every attempt and redelivery"),
  eventName: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  nextAttemptAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  attempts: z.array(webhookAttemptSchema).describe("Every attempt, oldest first"),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryParamsSchema = idParamsSchema.extend({
  deliveryId: z.coerce
    .number()
    .int()
    .positive()
    .transform((id) => (id <= MAX_ROW_ID ? id : 0)),
});

// Endpoints

const tags = ["Webhooks"];

export const webhookEndpoints = defineEndpoints("webhooks", {
  list: defineEndpoint({ method: "GET", permission: "webhooks.manage", path: "/settings/webhooks", reply: z.array(webhookEndpointSchema), errors: [403], tags, summary: "Webhook endpoints" }),
  create: defineEndpoint({
    method: "POST",
    permission: "webhooks.manage",
    path: "/settings/webhooks",
    body: createWebhookBodySchema,
    reply: createdWebhookEndpointSchema,
    status: 201,
    errors: [400, 403],
    tags,
    summary: "Add a webhook endpoint; the answer carries its signing secret, shown this once",
    description:
      "Deliveries follow the Standard Webhooks specification: headers `webhook-id`, `webhook-timestamp` and " +
      "`webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret after `whsec_`). " +
      "A delivery that fails is retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h; a 410 answer disables the endpoint, " +
      "and so do three days of failures (administrators are told).",
  }),
  update: defineEndpoint({
    method: "PUT",
    permission: "webhooks.manage",
    path: "/settings/webhooks/:id",
    params: idParamsSchema,
    body: updateWebhookBodySchema,
    reply: webhookEndpointSchema,
    errors: [400, 403, 404],
    tags,
    summary: "Enable or disable a webhook endpoint",
  }),
  remove: defineEndpoint({ method: "DELETE", permission: "webhooks.manage", path: "/settings/webhooks/:id", params: idParamsSchema, reply: okSchema, errors: [403, 404], tags, summary: "Delete a webhook endpoint and its log" }),
  deliveries: defineEndpoint({
    method: "GET",
    permission: "webhooks.manage",
    path: "/settings/webhooks/:id/deliveries",
    params: idParamsSchema,
    reply: z.array(webhookDeliverySchema),
    errors: [403, 404],
    tags,
    summary: "The endpoint's latest 50 deliveries, newest first, each with every attempt",
  }),
  sendTest: defineEndpoint({
    method: "POST",
    permission: "webhooks.manage",
    path: "/settings/webhooks/:id/test",
    params: idParamsSchema,
    reply: webhookDeliverySchema,
    status: 202,
    errors: [403, 404],
    tags,
    summary: "Queue a `webhook.test` event for the endpoint (sent even while it is disabled)",
  }),
  redeliver: defineEndpoint({
    method: "POST",
    permission: "webhooks.manage",
    path: "/settings/webhooks/:id/deliveries/:deliveryId/redeliver",
    params: deliveryParamsSchema,
    reply: webhookDeliverySchema,
    status: 202,
    errors: [403, 404],
    tags,
    summary: "Send a delivery again now, with the same webhook-id, starting a new round of retries",
  }),
});
