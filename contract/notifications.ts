import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint } from "./endpoint";

export const notificationSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  type: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);

export const notificationEmailParamsSchema = z.object({
  email: z.string().trim().toLowerCase().max(150).pipe(z.email(errorMessage("field.email_required"))),
});

export const unreadCountSchema = z.object({ unread: z.number().int() });

// Endpoints

const notificationTags = ["Notifications"];

export const notificationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    permission: "signedIn",
    path: "/notifications",
    reply: notificationListSchema,
    tags: notificationTags,
    summary: "Latest notifications of the signed-in user",
  }),
  unreadCount: defineEndpoint({
    method: "GET",
    permission: "signedIn",
    path: "/notifications/unread-count",
    reply: unreadCountSchema,
    tags: notificationTags,
    summary: "How many of the signed-in user's notifications are unread",
  }),
  listFor: defineEndpoint({
    method: "GET",
    permission: "signedIn",
    path: "/notifications/:email",
    params: notificationEmailParamsSchema,
    reply: notificationListSchema,
    errors: [403],
    tags: notificationTags,
    summary: "Latest notifications of one user (your own; administrators may read anyone's)",
  }),
  markRead: defineEndpoint({
    method: "POST",
    permission: "signedIn",
    path: "/notifications/:id/read",
    params: idParamsSchema,
    reply: notificationSchema,
    errors: [404],
    tags: notificationTags,
    summary: "Mark one of your notifications read",
  }),
  markAllRead: defineEndpoint({
    method: "POST",
    permission: "signedIn",
    path: "/notifications/read-all",
    reply: z.object({ updated: z.number().int() }),
    tags: notificationTags,
    summary: "Mark all your notifications read",
  }),
};
