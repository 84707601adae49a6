import type { EventSubscriber } from "../../kernel/events";
import { ALL_WEBHOOK_EVENTS } from "@contract/webhooks";
import type { DomainEvent } from "@contract/events";
import { enabledEndpoints, endpointsFor, insertDeliveries, wantedEventNames } from "./webhooks.data";
import { deliverWebhooksJob } from "./webhooks.jobs";

/**
 * One sending run per dispatched batch, however many of its events have deliveries: the dispatcher sends a job with a
 * singletonKey once per batch (kernel/events.ts). No pg-boss debounce slot: two dispatchers (the poller and the minute
 * job) inserting into the same slot would each wait for the other's whole batch transaction. A run that finds
 * nothing due returns at once.
 */
const DELIVER_ONCE_PER_BATCH = { singletonKey: "webhooks.deliver.events", retryLimit: 0 } as const;

/**
 * For every committed domain event, a delivery for each enabled endpoint that wants it, written in the dispatch's
 * transaction (so an event is marked handled exactly when its deliveries exist). The webhooks.deliver job sends them:
 * started here in the same transaction, so within seconds of the event; the job's minute schedule is the backstop.
 */
/** The Standard Webhooks payload shape: type, timestamp, data. */
const webhookPayload = (event: DomainEvent) => ({ type: event.name, timestamp: event.occurredAt.toISOString(), data: { eventId: event.id, ...event.payload } });

export const webhookSubscriber: EventSubscriber = {
  name: "webhooks",
  events: "*",
  async wants(db) {
    const events = await wantedEventNames(db);
    return events.includes(ALL_WEBHOOK_EVENTS) ? "*" : new Set(events);
  },
  async handle({ db, jobs }, event) {
    const endpoints = await endpointsFor(db, event.name);
    const payload = webhookPayload(event);
    await insertDeliveries(
      db,
      endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, eventName: event.name, payload })),
    );
    if (endpoints.length > 0) await jobs.send(deliverWebhooksJob, {}, DELIVER_ONCE_PER_BATCH, db);
  },
  /** A dispatched batch's deliveries in one read of the endpoints and one insert (a hundred events: two statements). */
  async handleBatch({ db, jobs }, events) {
    const endpoints = await enabledEndpoints(db);
    const deliveries = events.flatMap(({ event }) =>
      endpoints
        .filter((endpoint) => endpoint.event === event.name || endpoint.event === ALL_WEBHOOK_EVENTS)
        .map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, eventName: event.name, payload: webhookPayload(event) })),
    );
    await insertDeliveries(db, deliveries);
    if (deliveries.length > 0) await jobs.send(deliverWebhooksJob, {}, DELIVER_ONCE_PER_BATCH, db);
  },
};
