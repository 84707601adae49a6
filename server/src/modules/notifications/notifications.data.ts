import { and, desc, eq } from "drizzle-orm";
import type { Notification } from "@contract/notifications";
import type { Database } from "../../db/client";
import { notifications } from "../../db/schema";

type Row = typeof notifications.$inferSelect;

const toNotification = (row: Row): Notification => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listForEmail(db: Database, email: string, limit: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userEmail, email.toLowerCase()))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toNotification);
}

export async function markRead(db: Database, email: string, id: number): Promise<Notification | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userEmail, email.toLowerCase())))
    .returning();
  return row && toNotification(row);
}

export async function markAllRead(db: Database, email: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userEmail, email.toLowerCase()), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
