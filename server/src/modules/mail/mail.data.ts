import { count, desc } from "drizzle-orm";
import type { OutboxMail } from "@contract/mail";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";

/** One page of the outbox, newest first, without the bodies (they may hold one person's sign-in link). */
export async function listOutboxMail(db: Database, limit: number, offset: number): Promise<{ rows: OutboxMail[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        error: mailOutbox.error,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(mailOutbox),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      // The table's check constraint admits only these.
      status: row.status as OutboxMail["status"],
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total: counted?.total ?? 0,
  };
}
