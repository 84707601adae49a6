import type { Notification } from "@contract/notifications";
import type { Database } from "../../db/client";
import { forbidden, notFound } from "../../kernel/http/errors";
import { hasPermission, type Principal } from "../../kernel/principal";
import { countUnread, insertNotifications, listForEmail, markAllRead, markRead, type NewNotification } from "./notifications.data";

export const NOTIFICATION_LIST_LIMIT = 20;

/** The one way other areas tell a staff member something: it shows under the header bell. */
export async function notify(db: Database, userEmail: string, item: NewNotification): Promise<void> {
  await insertNotifications(db, [userEmail], item);
}

export async function notifyMany(db: Database, userEmails: string[], item: NewNotification): Promise<void> {
  await insertNotifications(db, userEmails, item);
}

export async function notificationsFor(db: Database, principal: Principal, email: string): Promise<Notification[]> {
  if (email !== principal.user.email.toLowerCase() && !hasPermission(principal, "notifications.readAnyone")) {
    throw forbidden("You can only read your own notifications");
  }
  return listForEmail(db, email, NOTIFICATION_LIST_LIMIT);
}

export const myNotifications = (db: Database, principal: Principal) =>
  listForEmail(db, principal.user.email, NOTIFICATION_LIST_LIMIT);

export const myUnreadCount = (db: Database, principal: Principal) => countUnread(db, principal.user.email);

export async function readOne(db: Database, principal: Principal, id: number): Promise<Notification> {
  const updated = await markRead(db, principal.user.email, id);
  if (!updated) throw notFound("Notification not found");
  return updated;
}

export const readAll = (db: Database, principal: Principal) => markAllRead(db, principal.user.email);
