import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

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

/** Records one attempt's outcome: sent, held, failed, or pending again while retries remain. */
export async function recordMailAttempt(
  db: Database,
  id: number,
  outcome: { status: "sent" | "failed" | "held" | "pending"; error: string | null },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.status,
      error: outcome.error,
      attempts: sql`${mailOutbox.attempts} + 1`,
      sentAt: outcome.status === "sent" ? sql`now()` : null,
    })
    .where(eq(mailOutbox.id, id));
}
