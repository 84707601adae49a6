import { z } from "zod";
import { dispatchPendingEvents } from "./events";
import { defineJob } from "./jobs/job-kind";

/**
 * The outbox's backstop: every minute, on whichever instance runs it, whatever the in-process poller has not
 * dispatched yet (an instance started without workers, a poller that stopped) is handed to its subscribers.
 */
export const dispatchEventsJob = defineJob({
  name: "events.dispatch",
  payload: z.object({}),
  handler: ({ db, config, jobs, eventSubscribers }) => dispatchPendingEvents({ db, config, jobs }, eventSubscribers),
  schedule: "* * * * *",
});
