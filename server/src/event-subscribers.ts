import type { EventSubscriber } from "./kernel/events";
import { notificationSubscriber } from "./modules/notifications/notifications.subscriber";
import { webhookSubscriber } from "./modules/webhooks/webhooks.subscriber";
import { automationSubscriber } from "./modules/automations/automations.subscriber";
import { slackSubscriber } from "./modules/integrations/integrations.subscriber";
import { onboardingSubscriber } from "./modules/customer-success/customer-success.subscriber";

/** Every subscriber to domain events (contract/events.ts): each area's own. A new area adds its subscribers here. */
export const eventSubscribers: readonly EventSubscriber[] = [notificationSubscriber, webhookSubscriber, automationSubscriber, slackSubscriber, onboardingSubscriber];
