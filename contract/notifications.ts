import { z } from "zod";
import { errorMessage } from "./error-message";
import { idParamsSchema, isoDateTime } from "./common";
import { defineEndpoint, defineEndpoints } from "./endpoint";

export const notificationSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  type: z.string(),
  code: z
    .string()
    .nullable()
    .describe("What it says, as a code of notificationMessages (contract/server-messages.ts) for the reader's language; null on notifications stored before codes"),
  params: z.record(z.string(), z.union([z.string(), z.number()])).nullable().describe("The code's params (dates as ISO 8601)"),
  message: z.string().describe("What it says, in English"),
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

export const notificationEndpoints = defineEndpoints("notifications", {
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
});
