// features/notifications's public entry (issue 24.4): what other features may use of it; the rest is its own.
export { NotificationItem } from "./notification-item";
export { useMarkNotificationRead, useNotifications, useUnreadCount } from "./notification-queries";
