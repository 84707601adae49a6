import type { Notification } from "@contract/notifications";
import type { Database } from "../../db/client";
import { forbidden, notFound } from "../../kernel/http/errors";
import { countUnread } from "../../kernel/notify";
import { hasPermission, type Principal } from "../../kernel/principal";
import { listForEmail, markAllRead, markRead } from "./notifications.data";

/** Areas write notifications with kernel/notify.ts, inside their own transactions; this area reads them and marks them read. */
export const NOTIFICATION_LIST_LIMIT = 20;

export async function notificationsFor(db: Database, principal: Principal, email: string): Promise<Notification[]> {
  if (email !== principal.user.email.toLowerCase() && !hasPermission(principal, "notifications.readAnyone")) {
    throw forbidden("notification.own_only");
  }
  return listForEmail(db, email, NOTIFICATION_LIST_LIMIT);
}

export const myNotifications = (db: Database, principal: Principal) =>
  listForEmail(db, principal.user.email, NOTIFICATION_LIST_LIMIT);

export const myUnreadCount = (db: Database, principal: Principal) => countUnread(db, principal.user.email);

export async function readOne(db: Database, principal: Principal, id: number): Promise<Notification> {
  const updated = await markRead(db, principal.user.email, id);
  if (!updated) throw notFound("notification.not_found");
  return updated;
}

export const readAll = (db: Database, principal: Principal) => markAllRead(db, principal.user.email);
