import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { emitEvent } from "./events";
import { inTransaction } from "./transaction";

export interface NewOutboxMail {
  fromAddress: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  status: "pending" | "held";
  error: string | null;
  /** Set for a message written to a lead from its page (the lead's timeline shows it), with who wrote it. */
  leadId?: number | null;
  sentBy?: number | null;
}

export async function insertOutboxMail(db: Database, mail: NewOutboxMail): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

export async function findOutboxMail(db: Database, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/**
 * Records one attempt's outcome: sent, held, failed, or pending again while retries remain. A message written to a
 * lead tells of it with lead.email_status_changed in the same transaction, so the lead's open page shows the status
 * as it settles instead of polling for it.
 */
export async function recordMailAttempt(
  db: Database,
  id: number,
  outcome: { status: "sent" | "failed" | "held" | "pending"; error: string | null },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(mailOutbox)
      .set({
        status: outcome.status,
        error: outcome.error,
        attempts: sql`${mailOutbox.attempts} + 1`,
        sentAt: outcome.status === "sent" ? sql`now()` : null,
      })
      .where(eq(mailOutbox.id, id))
      .returning({ leadId: mailOutbox.leadId });
    if (row?.leadId != null) await emitEvent(tx, "lead.email_status_changed", { leadId: row.leadId, emailId: id, status: outcome.status });
  });
}
