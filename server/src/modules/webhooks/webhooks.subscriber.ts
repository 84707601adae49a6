import type { EventSubscriber } from "../../kernel/events";
import { ALL_WEBHOOK_EVENTS } from "@contract/webhooks";
import { endpointsFor, insertDeliveries, wantedEventNames } from "./webhooks.data";
import { deliverWebhooksJob } from "./webhooks.jobs";

/**
 * One sending run a second however many events arrive (pg-boss debounce: a send within a slot that
 * already has its job moves to the next slot), so a burst of events starts one run, not one each.
 */
const DELIVER_DEBOUNCE = { singletonKey: "webhooks.deliver.events", singletonSeconds: 1, singletonNextSlot: true, retryLimit: 0 } as const;

/**
 * For every committed domain event, a delivery for each enabled endpoint that wants it, written in the dispatch's
 * transaction (so an event is marked handled exactly when its deliveries exist). The webhooks.deliver job sends them:
 * started here in the same transaction, so within seconds of the event; the job's minute schedule is the backstop.
 */
export const webhookSubscriber: EventSubscriber = {
  name: "webhooks",
  events: "*",
  async wants(db) {
    const events = await wantedEventNames(db);
    return events.includes(ALL_WEBHOOK_EVENTS) ? "*" : new Set(events);
  },
  async handle({ db, jobs }, event) {
    const endpoints = await endpointsFor(db, event.name);
    // The Standard Webhooks payload shape: type, timestamp, data.
    const payload = { type: event.name, timestamp: event.occurredAt.toISOString(), data: { eventId: event.id, ...event.payload } };
    await insertDeliveries(
      db,
      endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, eventName: event.name, payload })),
    );
    if (endpoints.length > 0) await jobs.send(deliverWebhooksJob, {}, DELIVER_DEBOUNCE, db);
  },
};
