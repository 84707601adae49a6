import { and, count, eq, isNull } from "drizzle-orm";
import { englishText, notificationMessages, type NotificationMessage } from "@contract/server-messages";
import type { Database } from "../db/client";
import { notifications, userRoles, users } from "../db/schema";

/**
 * One item under a staff member's header bell: what it says is a code of notificationMessages with its params, which
 * the reader's client renders in the reader's language; the English is stored too, for API clients.
 */
export type NewNotification = NotificationMessage & {
  /** The bell's grouping (lead, task, security…). */
  type: string;
  link: string | null;
};

/**
 * The one way an area tells staff something: the rows are written with the caller's database or transaction, so a
 * mutation's notifications commit with its row and its audit record, or not at all. The notifications area only
 * reads them and marks them read.
 */
export async function notify(db: Database, userEmails: readonly string[], item: NewNotification): Promise<void> {
  if (userEmails.length === 0) return;
  const { type, link, code, params } = item;
  const message = englishText(notificationMessages[code], params);
  await db.insert(notifications).values(userEmails.map((userEmail) => ({ userEmail: userEmail.toLowerCase(), type, code, params, message, link })));
}

/** Tells every administrator (security events, sign-ups and leads nobody on staff entered). */
export async function notifyAdmins(db: Database, item: NewNotification): Promise<void> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), isNull(userRoles.brandId), eq(userRoles.role, "admin")))
    .where(isNull(users.deactivatedAt));
  await notify(db, admins.map((admin) => admin.email), item);
}

/** Tells everyone who signs in to the staff screens, administrators included. */
export async function notifyStaff(db: Database, item: NewNotification): Promise<void> {
  const staff = await db.select({ email: users.email }).from(users).where(isNull(users.deactivatedAt));
  await notify(db, staff.map((member) => member.email), item);
}

/** How many of a staff member's notifications are unread: the header bell's figure, read by several screens. */
export async function countUnread(db: Database, email: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userEmail, email.toLowerCase()), eq(notifications.isRead, false)));
  return row?.unread ?? 0;
}
