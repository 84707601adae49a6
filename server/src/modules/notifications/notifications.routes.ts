import { notificationEndpoints } from "@contract/notifications";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { endpointRoute } from "../../kernel/http/endpoint-route";
import { signedIn } from "../../kernel/http/auth-hook";
import { myNotifications, myUnreadCount, notificationsFor, readAll, readOne } from "./notifications.service";

export function notificationRoutes(app: ZodApp, ctx: AppContext) {
  endpointRoute(app, notificationEndpoints.list, async (request) => myNotifications(ctx.db, signedIn(request)));

  endpointRoute(app, notificationEndpoints.unreadCount, async (request) => ({ unread: await myUnreadCount(ctx.db, signedIn(request)) }));

  endpointRoute(app, notificationEndpoints.listFor, async (request) => notificationsFor(ctx.db, signedIn(request), request.params.email));

  endpointRoute(app, notificationEndpoints.markRead, async (request) => readOne(ctx.db, signedIn(request), request.params.id));

  endpointRoute(app, notificationEndpoints.markAllRead, async (request) => ({ updated: await readAll(ctx.db, signedIn(request)) }));
}
