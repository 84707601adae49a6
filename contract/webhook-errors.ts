// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The webhooks area's failures, by stable code, with their English text. */
export const webhookErrorMessages = {
  "webhook.not_found": "Webhook not found",
  "webhook.delivery_not_found": "Delivery not found",
  "webhook.invalid_url": "Enter an http:// or https:// URL",
  "webhook.private_address": "Webhooks cannot be sent to private, loopback or link-local addresses",
  "webhook.invalid_event": "Choose one event or * for all events",
} as const;
