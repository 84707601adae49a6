import { useEffect, useRef } from "react";
import { BellOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RetryAlert } from "@/components/retry-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { NotificationItem } from "@/features/notifications";
import { useMarkNotificationRead, useNotifications, useUnreadCount } from "@/features/notifications";
import { apiErrorMessage } from "@/lib/api";

/** Spec §9: the pipeline screen shows the 5 newest notifications. */
const RECENT_NOTIFICATIONS = 5;

/**
 * Recent Notifications: the signed-in user's newest five, read ones dimmed; opening one marks it read (and follows its
 * link), which the header bell and the Notifications figure show at once, as they read the same queries.
 */
export function RecentNotifications() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const list = Array.isArray(notifications.data) ? notifications.data.slice(0, RECENT_NOTIFICATIONS) : [];

  // The bell's unread count is polled; when it rises, something new arrived, so the list is read again too.
  const unread = useUnreadCount().data?.unread;
  const seenUnread = useRef(unread);
  const { refetch } = notifications;
  useEffect(() => {
    const previous = seenUnread.current;
    seenUnread.current = unread;
    if (previous !== undefined && unread !== undefined && unread > previous) void refetch();
  }, [unread, refetch]);

  return (
    <Card className="min-w-0" data-testid="recent-notifications">
      <CardHeader>
        <CardTitle>{t("productivity.notifications.title")}</CardTitle>
        <CardDescription>{t("productivity.notifications.description")}</CardDescription>
      </CardHeader>
      <CardContent aria-busy={notifications.isFetching}>
        {notifications.isPending ? (
          <div className="flex justify-center py-8" data-testid="recent-notifications-loading">
            <Spinner label={t("productivity.notifications.loading")} />
          </div>
        ) : notifications.isError ? (
          <RetryAlert
            message={t("productivity.notifications.error", { message: apiErrorMessage(notifications.error, t("common.networkError")) })}
            onRetry={() => void notifications.refetch()}
            data-testid="recent-notifications-error"
          />
        ) : list.length === 0 ? (
          <EmptyState icon={BellOff} title={t("productivity.notifications.empty")} data-testid="recent-notifications-empty" />
        ) : (
          <ul className="-mx-1 divide-y overflow-hidden rounded-md border">
            {list.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  onOpen={() => {
                    if (notification.isRead) return;
                    markRead.mutate(notification.id, {
                      onError: (error) =>
                        toast({ variant: "destructive", title: t("notifications.markFailed"), description: apiErrorMessage(error, t("common.networkError")) }),
                    });
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
