import { z } from "zod";
import { idParamsSchema } from "@contract/common";
import { apiErrorSchema } from "@contract/errors";
import { notificationEmailParamsSchema, notificationListSchema, notificationSchema, unreadCountSchema } from "@contract/notifications";
import type { AppContext, ZodApp } from "../../kernel/app-context";
import { signedIn } from "../auth/auth.hook";
import { myNotifications, myUnreadCount, notificationsFor, readAll, readOne } from "./notifications.service";

const tags = ["Notifications"];

export function notificationRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    "/notifications",
    { schema: { tags, summary: "Latest notifications of the signed-in user", response: { 200: notificationListSchema } } },
    async (request) => myNotifications(ctx.db, signedIn(request)),
  );

  app.get(
    "/notifications/unread-count",
    { schema: { tags, summary: "How many of the signed-in user's notifications are unread", response: { 200: unreadCountSchema } } },
    async (request) => ({ unread: await myUnreadCount(ctx.db, signedIn(request)) }),
  );

  app.get(
    "/notifications/:email",
    {
      schema: {
        tags,
        summary: "Latest notifications of one user (your own; administrators may read anyone's)",
        params: notificationEmailParamsSchema,
        response: { 200: notificationListSchema, 403: apiErrorSchema },
      },
    },
    async (request) => notificationsFor(ctx.db, signedIn(request), request.params.email),
  );

  app.post(
    "/notifications/:id/read",
    {
      schema: { tags, summary: "Mark one of your notifications read", params: idParamsSchema, response: { 200: notificationSchema, 404: apiErrorSchema } },
    },
    async (request) => readOne(ctx.db, signedIn(request), request.params.id),
  );

  app.post(
    "/notifications/read-all",
    { schema: { tags, summary: "Mark all your notifications read", response: { 200: z.object({ updated: z.number().int() }) } } },
    async (request) => ({ updated: await readAll(ctx.db, signedIn(request)) }),
  );
}
