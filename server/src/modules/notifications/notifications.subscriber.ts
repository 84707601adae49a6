import { sql } from "drizzle-orm";
import { DEFAULT_PIPELINE_STAGE } from "@contract/pipeline";
import type { Database } from "../../db/client";
import { rawRows } from "../../db/raw-rows";
import type { EventSubscriber } from "../../kernel/events";
import { notify } from "../../kernel/notify";

/**
 * The staff email a lead's assignedTo names: a staff member's email, or the name of exactly one staff member (the
 * field is free text). Null when it names nobody who signs in.
 */
async function staffEmailFor(db: Database, assignedTo: string): Promise<string | null> {
  const [row] = await rawRows<{ email: string }>(
    db,
    sql`SELECT email FROM users WHERE lower(email) = lower(${assignedTo})
        UNION ALL
        (SELECT min(email) FROM users WHERE lower(name) = lower(${assignedTo}) HAVING count(*) = 1)
        LIMIT 1`,
  );
  return row?.email ?? null;
}

/**
 * Notifications that follow from domain events, written when the event is dispatched (in the dispatch's transaction,
 * so an event is marked handled exactly when its notifications are stored).
 */
export const notificationSubscriber: EventSubscriber = {
  name: "notifications",
  events: ["lead.stage_changed"],
  async handle({ db }, event) {
    if (event.name !== "lead.stage_changed") return;
    const { assignedTo, movedBy, businessName, toStage } = event.payload;
    // Someone moving their own lead needs no telling.
    const assignee = assignedTo ? await staffEmailFor(db, assignedTo) : null;
    if (!assignee || assignee.toLowerCase() === movedBy?.email.toLowerCase()) return;
    await notify(db, [assignee], {
      type: "pipeline",
      message: `${movedBy?.name ?? "Someone"} moved ${businessName} to ${toStage ?? DEFAULT_PIPELINE_STAGE}`,
      link: "/productivity",
    });
  },
};
