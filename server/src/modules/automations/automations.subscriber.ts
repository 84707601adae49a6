import type { EventSubscriber } from "../../kernel/events";
import { runAutomationsFor } from "./automations.runner";

/**
 * Runs the automation workflows an event triggers, in the dispatch's transaction: the run log and the actions'
 * writes commit with the event being marked handled. Events an automation caused carry its depth (loop guard).
 */
export const automationSubscriber: EventSubscriber = {
  name: "automations",
  events: "*",
  handle: (context, event) => runAutomationsFor(context, event),
};
