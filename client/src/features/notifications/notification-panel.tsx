import { BellOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { apiErrorMessage } from "@/lib/api";
import { NotificationItem } from "./notification-item";
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from "./notification-queries";

/** The panel lists only the newest ones; older notifications are still counted and marked by "Mark all as read". */
const PANEL_LIMIT = 20;

export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const list = Array.isArray(notifications.data) ? notifications.data.slice(0, PANEL_LIMIT) : [];
  const hasUnread = list.some((n) => !n.isRead);

  const reportFailure = (error: unknown) =>
    toast({ variant: "destructive", title: t("notifications.markFailed"), description: apiErrorMessage(error, t("common.networkError")) });

  return (
    <div className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h2 className="text-sm font-semibold">{t("notifications.title")}</h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={!hasUnread || markAllRead.isPending}
          onClick={() => markAllRead.mutate(undefined, { onError: reportFailure })}
        >
          {t("notifications.markAllRead")}
        </Button>
      </div>
      <div className="max-h-96 overflow-y-auto">
        {notifications.isPending ? (
          <div className="flex flex-col gap-2 p-3" aria-busy="true" data-testid="notifications-loading">
            <span className="sr-only">{t("common.loading")}</span>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : notifications.isError ? (
          <div role="alert" className="flex flex-col items-center gap-2 p-6 text-center" data-testid="notifications-error">
            <p className="font-medium">{t("notifications.loadFailed")}</p>
            <p className="text-xs text-muted-foreground">{apiErrorMessage(notifications.error, t("common.networkError"))}</p>
            <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
              {t("common.tryAgain")}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-1 p-6 text-center" data-testid="notifications-empty">
            <BellOff aria-hidden="true" className="size-5 text-muted-foreground" />
            <p className="font-medium">{t("notifications.empty")}</p>
            <p className="text-xs text-muted-foreground">{t("notifications.emptyHint")}</p>
          </div>
        ) : (
          <ul className="divide-y">
            {list.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  onOpen={() => {
                    if (!notification.isRead) markRead.mutate(notification.id, { onError: reportFailure });
                    if (notification.link) onNavigate();
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
