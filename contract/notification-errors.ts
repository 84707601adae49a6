// Imports nothing, like every contract/<area>-errors.ts: error-codes.ts composes the catalogue from them.

/** The notification area's failures (contract/notifications.ts), by stable code, with their English text. */
export const notificationErrorMessages = {
  "notification.not_found": "Notification not found",
  "notification.own_only": "You can only read your own notifications",
} as const;
