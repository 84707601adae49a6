import { z } from "zod";
import type { EventSubscriber } from "../../kernel/events";
import { findIntegration } from "./integrations.data";
import { postSlackEventJob, slackPostRetry } from "./integrations.jobs";
import { slackTextFor } from "./slack-message";

const slackEventsSchema = z.object({ events: z.array(z.string()) });

/**
 * Posts the events chosen in Slack's settings to its channel: the line is written here, from the event, and a job
 * started in the dispatch's transaction sends it (so a slow or unreachable Slack never holds the dispatch up).
 */
export const slackSubscriber: EventSubscriber = {
  name: "integrations.slack",
  events: "*",
  async wants(db) {
    const slack = await findIntegration(db, "slack");
    const chosen = slackEventsSchema.safeParse(slack?.settings);
    return new Set(slack?.enabled && chosen.success ? chosen.data.events : []);
  },
  async handle({ db, jobs, config }, event) {
    const slack = await findIntegration(db, "slack");
    if (!slack?.enabled) return;
    const chosen = slackEventsSchema.safeParse(slack.settings);
    if (!chosen.success || !chosen.data.events.includes(event.name)) return;
    await jobs.send(postSlackEventJob, { eventName: event.name, text: slackTextFor(event) }, slackPostRetry(config.webhooks), db);
  },
};
