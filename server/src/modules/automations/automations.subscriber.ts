import type { EventSubscriber } from "../../kernel/events";
import { automationTriggers, eventOfTrigger, type AutomationTrigger } from "@contract/automations";
import { enabledTriggers } from "./automations.data";
import { runAutomationsFor } from "./automations.runner";

const isTrigger = (value: string): value is AutomationTrigger => automationTriggers.some((trigger) => trigger === value);

/**
 * Runs the automation workflows an event triggers, in the dispatch's transaction: the run log and the actions'
 * writes commit with the event being marked handled. Events an automation caused carry its depth (loop guard).
 */
export const automationSubscriber: EventSubscriber = {
  name: "automations",
  events: "*",
  async wants(db) {
    const triggers = await enabledTriggers(db);
    return new Set(triggers.filter(isTrigger).map(eventOfTrigger));
  },
  handle: (context, event) => runAutomationsFor(context, event),
};
