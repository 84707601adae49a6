import type { Notification } from "@contract/notifications";
import { Link } from "wouter";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { storedLine } from "@/lib/server-messages";
import { cn } from "@/lib/utils";

/** Only same-site paths are followed; anything else is shown but not linked. */
function internalPath(link: string | null): string | undefined {
  return link && link.startsWith("/") && !link.startsWith("//") ? link : undefined;
}

export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "en";
  const href = internalPath(notification.link);
  const unread = !notification.isRead;
  const className = cn(
    "flex w-full gap-2.5 px-3 py-2.5 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2",
    unread && "bg-accent/40",
  );

  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-destructive" : "bg-transparent")}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn("text-sm", unread ? "font-semibold text-foreground" : "text-muted-foreground")}>
          {unread ? <span className="sr-only">{t("notifications.unread")}: </span> : null}
          {storedLine(t, language, "notifications", { code: notification.code, params: notification.params, text: notification.message })}
        </span>
        <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt, language)} className="text-xs text-muted-foreground">
          {formatRelativeTime(notification.createdAt, language)}
        </time>
      </span>
    </>
  );

  const dataProps = { "data-testid": "notification-item", "data-read": String(notification.isRead) };

  return href ? (
    <Link href={href} onClick={onOpen} className={className} {...dataProps}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={className} {...dataProps}>
      {content}
    </button>
  );
}
