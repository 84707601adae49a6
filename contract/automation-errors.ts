// Kept free of zod, like error-codes.ts, which spreads these into the catalogue.

/** The automations area's failures, by stable code, with their English text. */
export const automationErrorMessages = {
  "automation.not_found": "Automation workflow not found",
  "automation.invalid_config": "Failed to create automation workflow. Please check your JSON config.",
  "automation.invalid_trigger": "Choose a trigger: new_lead, lead_updated or an event name",
  "automation.invalid_action": "Choose an action: send_email, create_task, notify, update_lead or call_webhook",
  "automation.invalid_operator": "Choose an operator: equals, in, contains or greater_than",
  "automation.invalid_recipient": "Enter an email address or a lead placeholder such as lead.email in double braces",
  "automation.update_lead_empty": "Set at least one of status, priority, stage or tag",
  "automation.private_address": "Automations cannot call private, loopback or link-local addresses",
} as const;
