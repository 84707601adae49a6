import type { AutomationAction, AutomationTrigger } from "@contract/automations";

/** A ready-made workflow the form can be filled with; the name and config are examples to adjust. */
export interface AutomationTemplate {
  key: "welcomeEmail" | "onboardingTask" | "convertedWebhook";
  trigger: AutomationTrigger;
  action: AutomationAction;
  config: Record<string, unknown>;
}

export const automationTemplates: AutomationTemplate[] = [
  {
    key: "welcomeEmail",
    trigger: "new_lead",
    action: "send_email",
    config: { to: "{{lead.email}}", subject: "Welcome, {{lead.businessName}}", body: "Hello {{lead.businessOwnerName}}, thank you for your interest." },
  },
  {
    key: "onboardingTask",
    trigger: "lead.converted",
    action: "create_task",
    config: { title: "Onboard {{lead.businessName}}", priority: "high", dueInDays: 3 },
  },
  {
    key: "convertedWebhook",
    trigger: "lead.converted",
    action: "call_webhook",
    config: { url: "https://example.com/hooks/leadwell" },
  },
];

/** What the config box shows for each action before anything is typed. */
export const configExamples: Record<AutomationAction, Record<string, unknown>> = {
  send_email: { to: "{{lead.email}}", subject: "Welcome, {{lead.businessName}}", body: "Hello {{lead.businessOwnerName}}" },
  create_task: { title: "Call {{lead.businessName}}", priority: "medium", dueInDays: 1 },
  notify: { userEmail: "you@example.com", message: "New lead: {{lead.businessName}}" },
  update_lead: { status: "contacted", priority: "high", stage: "Qualified", tag: "automated" },
  call_webhook: { url: "https://example.com/hooks/leadwell" },
};
