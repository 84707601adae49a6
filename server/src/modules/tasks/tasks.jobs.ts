import { z } from "zod";
import { defineJob } from "../../kernel/jobs/job-kind";
import { purgeOldReminders, sendDueReminders } from "./tasks.data";

/**
 * Reminds assignees of tasks due today and overdue ones. Hourly, so a task made due today after the morning run is
 * still reminded today; task_reminders keeps each task to one reminder a day however often, and on however many
 * instances, the job runs.
 */
export const taskDueRemindersJob = defineJob({
  name: "tasks.due-reminders",
  payload: z.object({}),
  handler: async ({ db }) => ({ reminded: await sendDueReminders(db), purged: await purgeOldReminders(db) }),
  schedule: "5 * * * *",
});

export const taskJobs = [taskDueRemindersJob];
