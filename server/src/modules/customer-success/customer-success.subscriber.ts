import { ONBOARDING_STEP_KPI_SYNC, ONBOARDING_STEP_TASK_COMPLETED } from "@contract/customer-success";
import type { EventSubscriber } from "../../kernel/events";
import { leadEmail, taskLeadId } from "./customer-success.data";
import { completeOnboardingStep } from "./customer-success.service";

/**
 * Onboarding advanced by real events (issue 14 point 2): a lead's first KPI sync marks step 2 done for the lead's
 * email, and the first completed task about the lead marks step 3; an account not in onboarding yet is started.
 */
export const onboardingSubscriber: EventSubscriber = {
  name: "customer-success.onboarding",
  events: ["kpi.synced", "task.completed"],
  async handle({ db }, event) {
    switch (event.name) {
      case "kpi.synced": {
        const email = await leadEmail(db, event.payload.leadId);
        if (email) await completeOnboardingStep(db, email, ONBOARDING_STEP_KPI_SYNC);
        return;
      }
      case "task.completed": {
        const email = await leadEmail(db, await taskLeadId(db, event.payload.taskId));
        if (email) await completeOnboardingStep(db, email, ONBOARDING_STEP_TASK_COMPLETED);
        return;
      }
      default:
        return;
    }
  },
};
