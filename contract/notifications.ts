import { z } from "zod";
import { isoDateTime } from "./common";

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
  email: z.string().trim().toLowerCase().max(150).pipe(z.email("Valid email is required")),
});

export const unreadCountSchema = z.object({ unread: z.number().int() });
