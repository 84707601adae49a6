import type { EventSubscriber } from "../../kernel/events";
import { endpointsFor, insertDeliveries } from "./webhooks.data";

/**
 * For every committed domain event, a delivery for each enabled endpoint that wants it, written in the dispatch's
 * transaction (so an event is marked handled exactly when its deliveries exist). The webhooks.deliver job sends them.
 */
export const webhookSubscriber: EventSubscriber = {
  name: "webhooks",
  events: "*",
  async handle({ db }, event) {
    const endpoints = await endpointsFor(db, event.name);
    // The Standard Webhooks payload shape: type, timestamp, data.
    const payload = { type: event.name, timestamp: event.occurredAt.toISOString(), data: { eventId: event.id, ...event.payload } };
    await insertDeliveries(
      db,
      endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, eventName: event.name, payload })),
    );
  },
};
